#include "symseq/acyclic/SyntacticPath.h"

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

std::optional<std::string> wholePathDefect(const AcyclicCore& core, const SyntacticPath& path) {
  const TransitionSystem& system = core.system();
  auto walk = [&](const std::vector<TransitionId>& part, LocationId from, const std::string& what) -> std::optional<std::string> {
    LocationId at = from;
    for (std::size_t k = 0; k < part.size(); ++k) {
      const TransitionId t = part[k];
      if (t >= system.transitions.size() || system.transitions[t].source != at)
        return what + " is not connected at its transition " + std::to_string(k);
      at = system.transitions[t].target;
      if (at == core.loopHead() && k + 1 != part.size()) return what + " passes the loop head before its end";
    }
    if (at != core.loopHead()) return what + " does not end at the loop head";
    return std::nullopt;
  };
  if (auto why = walk(path.prefix, system.initial, "the initial part")) return why;
  for (std::size_t i = 0; i < path.iterations.size(); ++i) {
    if (path.iterations[i].empty()) return "iteration " + std::to_string(i) + " is empty";
    if (auto why = walk(path.iterations[i], core.loopHead(), "iteration " + std::to_string(i))) return why;
  }
  return std::nullopt;
}

}  // namespace symseq
