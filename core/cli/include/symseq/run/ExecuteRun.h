#pragma once
// Carries out one validated run: makes the configured plugins (the writers too), prepares the
// output directory (with effective-run.toml), then loads the model, generates, replays and writes
// the files the writers return.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "symseq/exec/RunProgress.h"
#include "symseq/plugin/Registry.h"
#include "symseq/run/RunConfig.h"
#include "symseq/solver/BudgetLayer.h"

namespace symseq {

// What the command line reports after a run.
struct RunSummary {
  std::string text;        // printed: the writers' console summary (consoleSummary in OutputWriters.h)
  bool replayed = false;   // every proposed sequence replayed on the model
  bool allCovered = false;   // every target covered (`--fail-on uncovered`)
  bool interrupted = false;  // the stop flag was raised during the search: the results are partial
};

// What the command line watches of a run while it goes on, and its Ctrl-C. A watcher thread reads
// it and a signal handler raises `stop`, so it holds atomics only (and pointers set before the
// run starts); the run writes them with relaxed order (each number is shown on its own).
struct RunMonitor {
  // Raised: the search stops (every solver answers Unknown from then on, strategies that check
  // their deadline check it too), and what was found is replayed and written; targets left
  // uncovered for want of budget are `interrupted`. Null: no stop.
  const std::atomic<bool>* stop = nullptr;
  RunProgress progress;                   // the strategy's covered-so-far
  std::atomic<std::uint64_t> targets{0};  // the targets searched, set when the search starts (0 before)
  // The SMT queries the run's solvers asked so far (the query budget's count). A portfolio's
  // entrants count their own: it stays 0 there.
  QueryCount queries = std::make_shared<std::atomic<std::uint64_t>>(0);
};

// Called once every file of the run is written, before the run's solvers, contexts and (for a
// portfolio) losing entrants are released: the command line prints the summary there and may end
// the process at once, skipping a teardown nobody needs.
using RunWritten = std::function<void(const RunSummary&)>;

// Throws symseq::Error subclasses for anything the user can fix. Every file it writes appears
// whole or not at all. `started` is when the run began (its time budget and total time count
// from it: the command line passes its own start, before the plugins are opened).
// `monitor`, when given, must outlive the call.
[[nodiscard]] RunSummary executeRun(const RunConfig& config, Registry& registry,
                                    std::chrono::steady_clock::time_point started, const RunWritten& written,
                                    RunMonitor* monitor = nullptr);
// Started now, nothing called when written.
[[nodiscard]] RunSummary executeRun(const RunConfig& config, Registry& registry);

// What the run checks before it starts, and nothing more (`symseq run --check`): every plugin it
// names is made with its options and dropped, so a value a factory rejects (a choice, a range)
// fails here as it would in the run; so does a solver option the run file sets. Loads no model,
// asks no query, writes nothing.
void checkRunPlugins(const RunConfig& config, Registry& registry);

}  // namespace symseq
