#pragma once
// The contract checks of a run (contracts/Check.h, seed-requirements A1): overlapping behaviours
// stop it with an error at the contract; gaps and dead behaviours become findings in the results.
#include <vector>

#include "symseq/exec/RunResult.h"
#include "symseq/solver/Solver.h"

namespace symseq {

// Throws Error at the first overlap (at the contract); returns the warnings as findings.
[[nodiscard]] std::vector<ModelFinding> checkModelContracts(const TransitionSystem& system, Solver& solver);

}  // namespace symseq
