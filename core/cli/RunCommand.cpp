// `symseq run RUN.toml` or `symseq run MODEL`: validate everything first, then execute. A model
// file instead of a run file runs with the defaults (ModelRun.h): the frontend its extension
// names, that frontend's default strategy, the default solver, output to out/<model name>; the
// `--set` overrides apply on top. With --check, only the first part: the run file, the --set
// overrides and the plugins' options are read and checked as the run would read them, and
// nothing is written (symseq-bench checks its axis values this way).
//
// Ctrl-C (SIGINT) or SIGTERM stops the search and still writes what was found, replayed (exit 130,
// or 143 for SIGTERM); a second signal ends the process at once (nothing more written).
#include <pthread.h>
#include <signal.h>

#include <cstdio>
#include <thread>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <memory>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
#endif

#include "Commands.h"
#include "symseq/run/ProgressLine.h"
#include "symseq/run/ExecuteRun.h"
#include "symseq/run/LoadRunConfig.h"
#include "symseq/run/ModelRun.h"

namespace symseq::cli {

namespace {

// Ctrl-C (SIGINT) or SIGTERM (a CI job's timeout, `kill`, a container stopping), taken by a
// thread of its own with sigwait rather than by a signal handler: both are blocked in this thread
// and so in every thread the run starts later, which also keeps a solver library's own SIGINT
// handler (z3 installs one around each check, which would cancel that one query and swallow the
// signal) from ever seeing them. The first raises the run's stop flag and is remembered for the
// exit code; a second (of either) ends the process at once.
class InterruptWatch {
 public:
  explicit InterruptWatch(std::atomic<bool>& stop) {
    sigemptyset(&signals_);
    sigaddset(&signals_, SIGINT);
    sigaddset(&signals_, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &signals_, nullptr);
    thread_ = std::jthread([this, &stop](const std::stop_token& token) { watch(token, stop); });
  }

  // 128 + the first signal, as shells report a process it ended: 130 (SIGINT), 143 (SIGTERM).
  [[nodiscard]] int exitCode() const {
    return received_.load() == SIGTERM ? kExitTerminated : kExitInterrupted;
  }

 private:
  void watch(const std::stop_token& token, std::atomic<bool>& stop) {
    // Woken a few times a second to see whether the run is over (no signal to wake it then).
    const timespec period{0, 200'000'000};
    while (!token.stop_requested()) {
      const int signal = sigtimedwait(&signals_, nullptr, &period);
      if (signal != SIGINT && signal != SIGTERM) continue;
      if (received_.load() != 0) {
        std::fputs("\nsymseq: interrupted again: quitting at once\n", stderr);
        std::_Exit(signal == SIGTERM ? kExitTerminated : kExitInterrupted);
      }
      // The signal first: a run that sees the stop and ends at once exits with its code.
      received_.store(signal);
      stop.store(true);
      std::fputs(signal == SIGTERM
                     ? "\nsymseq: terminated (SIGTERM): stopping the search and writing what was found (a second "
                       "signal quits at once)\n"
                     : "\nsymseq: interrupted: stopping the search and writing what was found (Ctrl-C again to quit "
                       "at once)\n",
                 stderr);
    }
  }

  sigset_t signals_{};
  std::atomic<int> received_{0};
  std::jthread thread_;  // last: started once `signals_` is set
};

struct RunOptions {
  std::filesystem::path runFile;
  std::vector<std::string> overrides;
  PluginDirOptions dirs;
  bool check = false;
  std::string failOn;  // "" or "uncovered"
  bool progress = false;
};

// Interrupted first (the results are partial whatever they say; `interrupted` is the watch's
// code, 130 or 143), then a proposed sequence that does not replay (a strategy bug), then the
// targets left uncovered when asked to fail on them.
int exitCode(const RunSummary& summary, const RunOptions& o, int interrupted) {
  if (summary.interrupted) return interrupted;
  if (!summary.replayed) return 1;
  if (o.failOn == "uncovered" && !summary.allCovered) return kExitUncovered;
  return 0;
}

RunConfig loadConfig(const RunOptions& o, Registry& registry) {
  if (isRunFile(o.runFile)) return loadRunConfig(o.runFile, o.overrides, registry, o.dirs.dirs);
  RunDocument document = modelRunDocument(o.runFile, registry);
  document.applyOverrides(o.overrides);
  loadPluginDirs(document, registry);
  return resolveRunConfig(document, registry, o.dirs.dirs);
}

int run(const RunOptions& o) {
  // The run's clock starts here: opening the plugins is part of the run's time and budget.
  const auto started = std::chrono::steady_clock::now();
  Registry registry;  // declared before anything a plugin makes, so it is destroyed last
  loadPlugins(registry, o.dirs);
  const RunConfig config = loadConfig(o, registry);
  if (o.check) {
    checkRunPlugins(config, registry);
    return 0;  // silent on success; an error above exits as the run would
  }
  std::atomic<bool> interrupted{false};
  RunMonitor monitor;
  monitor.stop = &interrupted;
  const InterruptWatch watch(interrupted);
  // Declared after the monitor it reads: stopped (joined) before the monitor goes.
  ProgressLine progress(monitor, started, o.progress);
  const RunSummary summary = executeRun(config, registry, started, [&](const RunSummary& written) {
    progress.stop();  // its line cleared before the summary is printed
    std::cout << written.text;
    // Every file is written (each whole, by rename) and the summary printed: end here, without
    // releasing the solvers and plugins (z3's teardown is a fifth of a small run) or waiting for
    // a portfolio's loser to end its query.
    std::cout.flush();
    std::cerr.flush();
#if defined(__SANITIZE_ADDRESS__)
    // The leak check the normal exit would make; what the run still holds is reachable from here.
    __lsan_do_leak_check();
#endif
    std::_Exit(exitCode(written, o, watch.exitCode()));
  }, &monitor);
  progress.stop();
  return exitCode(summary, o, watch.exitCode());
}

}  // namespace

void addRunCommand(CLI::App& app, Action& action) {
  auto options = std::make_shared<RunOptions>();
  auto* cmd = app.add_subcommand(
      "run", "Generate test sequences as a run file says, or for a model file with the defaults (docs/run-files.md)");
  cmd->add_option("run-file", options->runFile,
                  "The run file (.toml), or a model file: its extension names the frontend, and the run uses the "
                  "defaults (the frontend's default strategy, solver z3, output in out/<model name>)")
      ->required()
      ->type_name("RUN.toml|MODEL");
  cmd->add_option("--set", options->overrides, "Override a run-file key, e.g. --set solver.name=cvc5 (repeatable)")
      ->type_name("KEY=VALUE");
  cmd->add_flag("--check", options->check,
                "Only read and check the run file, the overrides and the plugins' options; print and write "
                "nothing unless they are wrong");
  cmd->add_option("--fail-on", options->failOn,
                  "Exit " + std::to_string(kExitUncovered) + " when a target stays uncovered (for CI jobs)")
      ->check(CLI::IsMember({"uncovered"}))
      ->type_name("uncovered");
  cmd->add_flag("--progress", options->progress,
                "Show the progress line (elapsed, covered of targets, queries) on stderr even when it is not a "
                "terminal; it is shown on a terminal anyway once a run takes longer than a second");
  addPluginDirOptions(*cmd, options->dirs);
  cmd->callback([&action, options] { action = [options] { return run(*options); }; });
}

}  // namespace symseq::cli
