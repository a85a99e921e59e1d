#pragma once
// Which transitions a run must cover: every transition, or those the run file names.
#include <vector>

#include "symseq/ir/TransitionSystem.h"
#include "symseq/run/RunConfig.h"

namespace symseq {

// Sorted, unique transition ids. A name the model lacks is a ConfigError at the name's place in
// the run file, with a did-you-mean over the model's transition names.
[[nodiscard]] std::vector<TransitionId> resolveTargets(const TargetConfig& targets, const TransitionSystem& system);

}  // namespace symseq
