#pragma once
// A searcher picks which frontier state a tree strategy expands next (KLEE's searcher contract:
// update, select, empty). Searchers are plugins of their own kind, chosen by name in the run file
// ([searcher] name = "bfs"), so a new exploration order is one small plugin.
#include <cstdint>
#include <span>
#include <vector>

#include "symseq/plugin/SearchHeuristic.h"

#pragma GCC visibility push(default)

namespace symseq {

// A state waiting in the frontier, as a searcher stores it (a value; members only appended).
struct FrontierState {
  std::uint32_t node = 0;  // TreeNodeId
  std::uint32_t location = 0;
  std::uint32_t depth = 0;
  double queryCostSeconds = 0.0;  // solver time spent deciding the states of its path
  std::uint32_t pathStepsSinceNewCoverage = kNoDistance;  // see StateView
};

// What a searcher may consult when it selects: the search at this moment (valid during the call).
struct SearchProgress {
  const TransitionSystem& model;
  std::span<const TransitionId> targets;               // sorted, unique
  std::span<const std::uint8_t> covered;               // per target: 1 once covered
  std::uint64_t coveredCount = 0;
  std::span<const std::uint32_t> uncoveredOutgoing;    // per location: uncovered targets leaving it
  std::span<const std::uint32_t> distanceToUncovered;  // per location (StateView::distanceToUncovered)
  std::span<const std::vector<TransitionId>> paths;    // per tree node: its path (frontier states only)
  std::uint64_t expansions = 0;
  std::uint64_t expansionsSinceNewCoverage = 0;
  double secondsSinceNewCoverage = 0.0;
  std::span<const SearchHeuristic* const> scorers;     // the run's search heuristics, in order

  // A state as search heuristics see it (plugin/SearchHeuristic.h), and the sum of their scores.
  [[nodiscard]] StateView view(const FrontierState& s) const;
  [[nodiscard]] double score(const FrontierState& s) const;
};

class Searcher {
 public:
  virtual ~Searcher() = default;
  // New frontier states, in creation order.
  virtual void update(std::span<const FrontierState> added) = 0;
  // Removes and returns the state to expand next; only called when not empty().
  [[nodiscard]] virtual FrontierState select(const SearchProgress& progress) = 0;
  [[nodiscard]] virtual bool empty() const = 0;
};

}  // namespace symseq

#pragma GCC visibility pop
