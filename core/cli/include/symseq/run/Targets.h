#pragma once
// Which transitions a run must cover: those the run file names, every transition, or (when the
// run file says neither) the model's declared targets, else every transition.
#include <vector>

#include "symseq/ir/TransitionSystem.h"
#include "symseq/run/RunConfig.h"

namespace symseq {

// Sorted, unique transition ids. A name the model lacks is a ConfigError at the name's place in
// the run file, with a did-you-mean over the model's transition names.
[[nodiscard]] std::vector<TransitionId> resolveTargets(const TargetConfig& targets, const TransitionSystem& system);

}  // namespace symseq
