#pragma once
// The random baseline: seeded random inputs, step after step, from the initial state, restarted
// at the depth bound; deterministic for a seed through its step budget.
#include <cstdint>

#include "RandomValues.h"
#include "symseq/plugin/Strategy.h"

namespace symseq::random {

struct RandomOptions {
  IntRange ints;
  std::uint64_t maxSteps = 10'000;  // steps executed over all sequences
};

[[nodiscard]] GenerationResult runRandom(const GenerationJob& job, const RandomOptions& options);

}  // namespace symseq::random
