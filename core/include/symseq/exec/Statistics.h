#pragma once
// What a strategy counts while it searches, reported under `stats` in result.json: named
// counters, so a plugin adds its own without changing a layout the kernel shares with it.
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#pragma GCC visibility push(default)

namespace symseq {

// The counters every result reports (0 when a strategy does not count them), in report order.
namespace stat {
inline constexpr std::string_view kIterations = "iterations";  // of the main loop (SymTest: paths planned and checked)
inline constexpr std::string_view kBacktracks = "backtracks";
inline constexpr std::string_view kHeuristicCalls = "heuristic_calls";
inline constexpr std::string_view kHeuristicSuccesses = "heuristic_successes";
// Sequences reported from a bounded model check (its witness) instead of the strategy's own
// search, so a comparison of searches can tell which one did the work.
inline constexpr std::string_view kModelCheckSequences = "model_check_sequences";
// Symbolic-tree strategies: states kept, children pruned as infeasible, rows added to tables.
inline constexpr std::string_view kStates = "states";
inline constexpr std::string_view kPrunedStates = "pruned_states";
inline constexpr std::string_view kTableRowsAdded = "table_rows_added";
inline constexpr std::array<std::string_view, 8> kWellKnown{kIterations,           kBacktracks, kHeuristicCalls,
                                                           kHeuristicSuccesses,   kModelCheckSequences,
                                                           kStates,               kPrunedStates,
                                                           kTableRowsAdded};
}  // namespace stat

class Statistics {
 public:
  // A name is lower-case snake_case ([a-z][a-z0-9_]*) and does not start with `solver_` or
  // `total_` (the kernel's own fields of `stats`); add and set throw Error otherwise.
  void add(std::string_view name, std::uint64_t by = 1);
  void set(std::string_view name, std::uint64_t value);
  // 0 for a counter never added to or set.
  [[nodiscard]] std::uint64_t get(std::string_view name) const;

  // Report order: every well-known counter (0 when not counted), then the others by name.
  [[nodiscard]] std::vector<std::pair<std::string, std::uint64_t>> entries() const;

  friend bool operator==(const Statistics&, const Statistics&) = default;

 private:
  std::uint64_t& counter(std::string_view name);

  std::map<std::string, std::uint64_t, std::less<>> counters_;
};

}  // namespace symseq

#pragma GCC visibility pop
