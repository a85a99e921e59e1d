#pragma once
// Carries out one validated run: makes the configured plugins (the writers too), prepares the
// output directory (with effective-run.toml), then loads the model, generates, replays and writes
// the files the writers return.
#include <string>

#include "symseq/plugin/Registry.h"
#include "symseq/run/RunConfig.h"

namespace symseq {

// What the command line reports after a run.
struct RunSummary {
  std::string text;        // printed: the writers' console summary (consoleSummary in OutputWriters.h)
  bool replayed = false;   // every proposed sequence replayed on the model
};

// Throws symseq::Error subclasses for anything the user can fix. Every file it writes appears
// whole or not at all.
[[nodiscard]] RunSummary executeRun(const RunConfig& config, Registry& registry);

}  // namespace symseq
