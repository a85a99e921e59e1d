#pragma once
// The `autseg` strategy (autseg-test-set-generator.md; seed-requirements 2.6 to 2.8): SSG per
// command (TransitionSystem::subspaces), global backtrack (a shortest plan over context
// valuations, or the paper's priority list), local backtrack as one query over the concatenated
// path, one test set per complete sequence, [assume] applied at the end.
#include <cstdint>

#include "symseq/plugin/Strategy.h"

namespace symseq::autseg {

enum class BacktrackMode : std::uint8_t { Plan, Priority };

struct AutsegOptions {
  std::uint32_t maxDiameter = 12;  // steps per command sequence (one step: a tick and what follows it)
  BacktrackMode backtrack = BacktrackMode::Plan;
  std::uint32_t maxPlans = 8;      // plans tried per target sequence before its reason is given
  bool checks = true;              // contextual completeness and determinism at every SSG state
};

[[nodiscard]] GenerationResult runAutseg(const GenerationJob& job, const AutsegOptions& options);

}  // namespace symseq::autseg
