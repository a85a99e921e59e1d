#include "symseq/path/SyntacticPath.h"

namespace symseq {

std::vector<TransitionId> SyntacticPath::flatten() const {
  std::vector<TransitionId> flat = prefix;
  for (const auto& it : iterations) flat.insert(flat.end(), it.begin(), it.end());
  return flat;
}

std::set<TransitionId> SyntacticPath::transitions() const {
  std::set<TransitionId> all(prefix.begin(), prefix.end());
  for (const auto& it : iterations) all.insert(it.begin(), it.end());
  return all;
}

SyntacticPath splitPath(const AcyclicCore& core, const std::vector<TransitionId>& flat) {
  SyntacticPath path;
  bool inPrefix = core.system().initial != core.loopHead();
  for (TransitionId t : flat) {
    if (inPrefix) {
      path.prefix.push_back(t);
      inPrefix = !core.returnsToLoopHead(t);
      continue;
    }
    // A path that is not from the initial location (a precondition) must not index an empty list.
    if (core.system().transitions[t].source == core.loopHead() || path.iterations.empty())
      path.iterations.emplace_back();
    path.iterations.back().push_back(t);
  }
  return path;
}

}  // namespace symseq
