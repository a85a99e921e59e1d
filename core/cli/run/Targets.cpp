#include "symseq/run/Targets.h"

#include <algorithm>

#include "symseq/support/DidYouMean.h"

namespace symseq {

std::vector<TransitionId> resolveTargets(const TargetConfig& targets, const TransitionSystem& system) {
  std::vector<TransitionId> ids;
  if (targets.selection == TargetSelection::Model && !system.declaredTargets.empty()) {
    ids = system.declaredTargets;
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ids;
  }
  // Transitions lowering added (a synchronous machine's stay reactions) are not the model's.
  if (targets.selection != TargetSelection::Names) {
    for (TransitionId t = 0; t < system.transitions.size(); ++t)
      if (!system.transitions[t].synthetic) ids.push_back(t);
    return ids;
  }
  std::vector<std::string> names;
  for (const Transition& t : system.transitions) {
    names.push_back(t.name);
    if (!t.origin.empty() && std::find(names.begin(), names.end(), t.origin) == names.end()) names.push_back(t.origin);
  }
  for (const TargetName& target : targets.names) {
    if (const auto id = system.findTransition(target.name)) {
      ids.push_back(*id);
      continue;
    }
    // A model transition split by the behaviours of its program calls stands for each variant.
    const std::size_t before = ids.size();
    for (TransitionId t = 0; t < system.transitions.size(); ++t)
      if (system.transitions[t].origin == target.name) ids.push_back(t);
    if (ids.size() == before)
      throw ConfigError("the model has no transition named '" + target.name + "'" + didYouMean(target.name, names),
                        target.where, "targets name edges or transitions of the model");
  }
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return ids;
}

}  // namespace symseq
