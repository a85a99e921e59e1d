#pragma once
// The deadlock report of a run (analysis/Deadlock.h): after the strategy, on the tree it built,
// for models with an environment (designs). Made with a solver of its own, like the guard checks,
// so the run's solver statistics count the strategy's queries only.
#include <string>
#include <vector>

#include "symseq/analysis/Deadlock.h"
#include "symseq/exec/RunResult.h"

namespace symseq {

// Fills `result.deadlocks` from the deadlocks of `result.tree` (nothing without a tree or an
// environment); when the initial state is one, every uncovered target's detail says so with the
// core ("the model deadlocks in its initial state: time0 >= 5, ...").
void reportDeadlocks(const TransitionSystem& system, RunResult& result, Solver& solver, const DeadlockLimits& limits);

// The detail of an uncovered target when the initial state is a deadlock.
[[nodiscard]] std::string initialDeadlockDetail(const ModelFinding& deadlock);

}  // namespace symseq
