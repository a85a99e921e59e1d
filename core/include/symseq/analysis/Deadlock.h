#pragma once
// Deadlocks of models with an environment (TransitionSystem::environment; designs,
// seed-requirements 3.3 and 3.7): a symbolic state from which the environment alone can move
// (time passes, inputs arrive on empty ports) and no internal or output transition will ever be
// enabled, whatever it does. The wiper with its initial date at or after the first trigger
// (`time0 >= 5`) is one from its initial state.
//
// The check is exact for what the environment may do: every variable it may change is replaced
// by its `next` symbol constrained by `allowed`, and each internal or output transition leaving
// the state's location must then be unsatisfiable with the path condition.
#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include "symseq/exec/ModelFinding.h"
#include "symseq/exec/SymbolicExecutor.h"
#include "symseq/exec/SymbolicTree.h"
#include "symseq/solver/Solver.h"

#pragma GCC visibility push(default)

namespace symseq {

struct DeadlockLimits {
  std::uint32_t maxChecks = 2000;  // states checked at most (one solver query each, at least)
  // No state is checked after it (the run's time budget); none: no limit.
  std::optional<std::chrono::steady_clock::time_point> deadline{};
};

struct Deadlock {
  TreeNodeId node = 0;
  // The constraints that make every system transition impossible for ever: a minimal subset of
  // the path condition's conjuncts (axioms and [assume] constraints included) together with the
  // transitions' guards (analysis/GuardAnalysis.h's minimalUnsatCore).
  std::vector<Expr> core;
};

// Whether `state` is a deadlock; its core when it is. Unknown answers count as "not a deadlock".
// `state` is assumed satisfiable (a tree node): an unsatisfiable one would count as a deadlock.
[[nodiscard]] std::optional<Deadlock> deadlockAt(const SymbolicExecutor& executor, const SymbolicState& state,
                                                 Solver& solver);

// The deadlocks of a tree, shallowest first: nodes in breadth-first order whose subtree holds no
// system transition, skipping the descendants of a deadlock (they are deadlocks too).
[[nodiscard]] std::vector<Deadlock> findDeadlocks(const TransitionSystem& system, const SymbolicTree& tree,
                                                  Solver& solver, const DeadlockLimits& limits = {});

// A deadlock as results report it (kind "deadlock", the path to it in `witness`, the core).
[[nodiscard]] ModelFinding describe(const TransitionSystem& system, const SymbolicTree& tree, const Deadlock& d);

}  // namespace symseq

#pragma GCC visibility pop
