#pragma once
// The heuristic family of searchers (plugin/Searcher.h): a search heuristic scores frontier states,
// and a searcher that consults the family (best-first) expands the best-scored first. Anchored in
// the kernel (plugin/Heuristic.cpp), so every plugin recognises the family.
#include <cstdint>
#include <limits>
#include <span>

#include "symseq/ir/TransitionSystem.h"
#include "symseq/plugin/Heuristic.h"

#pragma GCC visibility push(default)

namespace symseq {

// A distance or step count that does not exist (no uncovered target reachable; never covered new).
inline constexpr std::uint32_t kNoDistance = std::numeric_limits<std::uint32_t>::max();

// What a search heuristic may look at when it scores a state: a read-only view of the state and
// of the search, valid during the call only. Values and spans, nothing to order by (no pointers
// but the model's reference); members are only ever appended.
struct StateView {
  // The search.
  const TransitionSystem& model;
  std::span<const TransitionId> targets;         // sorted, unique
  std::span<const std::uint8_t> covered;         // per target (same index): 1 once a state reached it
  std::uint64_t coveredCount = 0;
  std::uint64_t expansions = 0;                  // states expanded so far
  std::uint64_t stepsSinceNewCoverage = 0;       // expansions since a target was last covered
  double secondsSinceNewCoverage = 0.0;          // timing: a heuristic using it is not deterministic
  // The state.
  std::uint64_t id = 0;                          // creation order of the state (its tree node)
  std::uint32_t depth = 0;                       // transitions from the initial state
  std::uint32_t location = 0;                    // LocationId
  std::span<const TransitionId> path;            // the transitions from the initial state, in order
  std::uint32_t uncoveredOutgoing = 0;           // uncovered targets leaving the location
  // Transitions to take before an uncovered target can be taken (0: one leaves the location),
  // on the location graph (guards ignored); kNoDistance when none is reachable.
  std::uint32_t distanceToUncovered = kNoDistance;
  // Transitions on the path since the last one that covered a target first; kNoDistance when no
  // transition of the path did (KLEE's instsSinceCovNew, in transitions).
  std::uint32_t pathStepsSinceNewCoverage = kNoDistance;
  double queryCostSeconds = 0.0;                 // solver time spent on this state's path so far
};

// The KLEE WeightType idea: a searcher picks states by score; higher explores sooner.
class SYMSEQ_VISIBLE SearchHeuristic : public Heuristic {
 public:
  ~SearchHeuristic() override;
  [[nodiscard]] virtual double score(const StateView& state) const = 0;
};

}  // namespace symseq

#pragma GCC visibility pop
