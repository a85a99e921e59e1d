#pragma once
// The run file's [assume] constraints, resolved against the loaded model: Boolean constraints
// over its system parameters only (AUTSEG's system preconditions select a product variant).
#include <vector>

#include "symseq/ir/TransitionSystem.h"
#include "symseq/run/RunConfig.h"

namespace symseq {

// Parses every constraint, checks that it reads system parameters only, and appends it to
// `system.axioms`, so every path and every replay honours it. Returns the constraints, for
// GenerationJob::assumptions. Throws ConfigError at the constraint's place in the run file.
std::vector<Expr> applyAssumptions(const AssumeConfig& assume, TransitionSystem& system);

}  // namespace symseq
