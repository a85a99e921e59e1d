#pragma once
// The bounded-exhaustive search (README.md): per-target feasibility within the bound, then the
// fewest iterations of one sequence covering every feasible target, on one incremental solver.
#include <cstdint>

#include "symseq/plugin/Strategy.h"

namespace symseq::bounded {

struct BoundedOptions {
  std::uint32_t maxIterations = 0;  // 0: the run's depth budget
};

[[nodiscard]] GenerationResult runBoundedExhaustive(const GenerationJob& job, const BoundedOptions& options);

}  // namespace symseq::bounded
