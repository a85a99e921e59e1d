#pragma once
// The contract checks of a run (contracts/Check.h, seed-requirements A1): overlapping behaviours of
// a contract that declares `disjoint behaviors;` stop it with an error at the contract; other
// overlaps, gaps and dead behaviours become findings in the results.
#include <vector>

#include "symseq/exec/RunResult.h"
#include "symseq/solver/Solver.h"

namespace symseq {

// Throws Error at the first overlap of a contract declared disjoint; returns the rest as findings.
[[nodiscard]] std::vector<ModelFinding> checkModelContracts(const TransitionSystem& system, Solver& solver);

}  // namespace symseq
