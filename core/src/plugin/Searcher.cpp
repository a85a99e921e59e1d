#include "symseq/plugin/Searcher.h"

namespace symseq {

namespace {

template <class T>
T at(std::span<const T> values, std::size_t i, T fallback) {
  return i < values.size() ? values[i] : fallback;
}

}  // namespace

StateView SearchProgress::view(const FrontierState& s) const {
  return StateView{.model = model,
                   .targets = targets,
                   .covered = covered,
                   .coveredCount = coveredCount,
                   .expansions = expansions,
                   .stepsSinceNewCoverage = expansionsSinceNewCoverage,
                   .secondsSinceNewCoverage = secondsSinceNewCoverage,
                   .id = s.node,
                   .depth = s.depth,
                   .location = s.location,
                   .path = s.node < paths.size() ? std::span<const TransitionId>(paths[s.node])
                                                 : std::span<const TransitionId>(),
                   .uncoveredOutgoing = at(uncoveredOutgoing, s.location, 0u),
                   .distanceToUncovered = at(distanceToUncovered, s.location, kNoDistance),
                   .pathStepsSinceNewCoverage = s.pathStepsSinceNewCoverage,
                   .queryCostSeconds = s.queryCostSeconds};
}

double SearchProgress::score(const FrontierState& s) const {
  const StateView v = view(s);
  double total = 0.0;
  for (const SearchHeuristic* h : scorers) total += h->score(v);
  return total;
}

}  // namespace symseq
