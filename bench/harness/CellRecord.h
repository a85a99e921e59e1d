#pragma once
// One line of a results file: a cell, how it ended and its metrics, taken from the run's
// result.json. docs/bench.md lists the fields.
#include <array>
#include <nlohmann/json.hpp>
#include <string_view>

#include "harness/CellRunner.h"

namespace symseq::bench {

// The only fields that differ between two benches of the same matrix (time and memory).
inline constexpr std::array<std::string_view, 4> kMeasuredFields{"wall_time_s", "total_time_s", "solver_time_s",
                                                                 "peak_memory_kb"};

[[nodiscard]] nlohmann::ordered_json cellRecord(const Cell& cell, const CellOutcome& outcome);

}  // namespace symseq::bench
