#pragma once
// A strategy says whether it can work on a model (Strategy::refusal) once the model is loaded and
// before any output exists, so a model it cannot handle is refused like a mistake in the run file.
#include "symseq/ir/TransitionSystem.h"
#include "symseq/plugin/Registry.h"
#include "symseq/plugin/Strategy.h"
#include "symseq/run/RunConfig.h"

namespace symseq {

// Throws ConfigError at `choice`'s name (the run file's [strategy] name) when `strategy` refuses
// `system`, with the strategy's reason and a hint naming the installed strategies that accept
// the model (each asked with its default options).
void requireAcceptance(const Strategy& strategy, const PluginChoice& choice, const TransitionSystem& system,
                       const Registry& registry);

}  // namespace symseq
