#pragma once
// Carries out one validated run: makes the configured plugins (the writers too), prepares the
// output directory (with effective-run.toml), then loads the model, generates, replays and writes
// the files the writers return.
#include <chrono>
#include <functional>
#include <string>

#include "symseq/plugin/Registry.h"
#include "symseq/run/RunConfig.h"

namespace symseq {

// What the command line reports after a run.
struct RunSummary {
  std::string text;        // printed: the writers' console summary (consoleSummary in OutputWriters.h)
  bool replayed = false;   // every proposed sequence replayed on the model
};

// Called once every file of the run is written, before the run's solvers, contexts and (for a
// portfolio) losing entrants are released: the command line prints the summary there and may end
// the process at once, skipping a teardown nobody needs.
using RunWritten = std::function<void(const RunSummary&)>;

// Throws symseq::Error subclasses for anything the user can fix. Every file it writes appears
// whole or not at all. `started` is when the run began (its time budget and total time count
// from it: the command line passes its own start, before the plugins are opened).
[[nodiscard]] RunSummary executeRun(const RunConfig& config, Registry& registry,
                                    std::chrono::steady_clock::time_point started, const RunWritten& written);
// Started now, nothing called when written.
[[nodiscard]] RunSummary executeRun(const RunConfig& config, Registry& registry);

}  // namespace symseq
