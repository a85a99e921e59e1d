#include "symseq/plugin/Searcher.h"

namespace symseq {

StateView SearchProgress::view(const FrontierState& s) const {
  return StateView{s.node, s.depth, s.location, s.location < uncoveredOutgoing.size() ? uncoveredOutgoing[s.location] : 0,
                   expansionsSinceNewCoverage, s.queryCostSeconds};
}

double SearchProgress::score(const FrontierState& s) const {
  const StateView v = view(s);
  double total = 0.0;
  for (const SearchHeuristic* h : scorers) total += h->score(v);
  return total;
}

}  // namespace symseq
