#pragma once
// Carries out one validated run: makes the configured plugins, prepares the output directory
// (with effective-run.toml), then loads the model, generates, replays and writes the results.
#include "symseq/plugin/Registry.h"
#include "symseq/run/RunConfig.h"

namespace symseq {

// Throws symseq::Error subclasses for anything the user can fix. Every file it writes appears
// whole or not at all.
void executeRun(const RunConfig& config, Registry& registry);

}  // namespace symseq
