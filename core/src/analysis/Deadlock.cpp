#include "symseq/analysis/Deadlock.h"

namespace symseq {

// Placeholder until the analysis lands (issue 14, helper K).
std::optional<Deadlock> deadlockAt(const SymbolicExecutor&, const SymbolicState&, Solver&) { return std::nullopt; }

std::vector<Deadlock> findDeadlocks(const TransitionSystem&, const SymbolicTree&, Solver&, const DeadlockLimits&) {
  return {};
}

ModelFinding describe(const TransitionSystem&, const SymbolicTree&, const Deadlock&) { return {}; }

}  // namespace symseq
