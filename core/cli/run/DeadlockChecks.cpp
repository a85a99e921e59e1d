#include "symseq/run/DeadlockChecks.h"

namespace symseq {

std::string initialDeadlockDetail(const ModelFinding& deadlock) {
  std::string core;
  for (const std::string& c : deadlock.core) core += (core.empty() ? "" : ", ") + c;
  return "the model deadlocks in its initial state: " + core;
}

void reportDeadlocks(const TransitionSystem& system, RunResult& result, Solver& solver, const DeadlockLimits& limits) {
  if (system.environment.empty() || !result.tree) return;
  const SymbolicTree& tree = *result.tree;
  for (const Deadlock& d : findDeadlocks(system, tree, solver, limits)) {
    result.deadlocks.push_back(describe(system, tree, d));
    // At the root every explored path starts stuck: no target can be covered, whatever the bound.
    if (d.node == 0)
      for (TargetOutcome& t : result.targets)
        if (!t.covered) t.detail = initialDeadlockDetail(result.deadlocks.back());
  }
}

}  // namespace symseq
