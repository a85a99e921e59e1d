#pragma once
// Reading cell records back: grouping them by configuration or by axes, the values of one
// metric over a group, status counts, and the per-cell table of a report.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "harness/CellRunner.h"
#include "harness/Table.h"

namespace symseq::bench {

struct CellGroup {
  std::string label;  // the configuration, or "key=value, ..." of the group-by keys
  std::vector<nlohmann::ordered_json> cells;
};

// Groups in the order of their first cell (cells come sorted by index), so reports are stable.
[[nodiscard]] std::vector<CellGroup> groupCells(const std::vector<nlohmann::ordered_json>& cells,
                                                const std::vector<std::string>& groupBy);

// The numeric values of `field` over the cells that have it.
[[nodiscard]] std::vector<double> series(const std::vector<nlohmann::ordered_json>& cells, const char* field);
// Framework time: `total_time_s` less `solver_time_s`, over the cells that have both (what the
// run spends outside the SMT solver: start-up, the model, the search's own work, writing).
[[nodiscard]] std::vector<double> frameworkSeries(const std::vector<nlohmann::ordered_json>& cells);

struct StatusCounts {
  std::array<std::size_t, kAllStatuses.size()> counts{};
  [[nodiscard]] std::size_t of(CellStatus s) const { return counts[static_cast<std::size_t>(s)]; }
  [[nodiscard]] std::string text() const;  // "3 ok, 1 timeout"
};
[[nodiscard]] StatusCounts countStatuses(const std::vector<nlohmann::ordered_json>& cells);

// One row per cell with every column; measured columns only when asked.
[[nodiscard]] Table cellTable(const std::vector<nlohmann::ordered_json>& cells, bool measured);

}  // namespace symseq::bench
