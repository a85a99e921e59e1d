// `symseq run RUN.toml`: validate everything first, then execute. With --check, only the first
// part: the run file, the --set overrides and the plugins' options are read and checked as the
// run would read them, and nothing is written (symseq-bench checks its axis values this way).
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <memory>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
#endif

#include "Commands.h"
#include "symseq/run/ExecuteRun.h"
#include "symseq/run/LoadRunConfig.h"

namespace symseq::cli {

namespace {

struct RunOptions {
  std::filesystem::path runFile;
  std::vector<std::string> overrides;
  PluginDirOptions dirs;
  bool check = false;
};

// A proposed sequence that does not replay is a strategy bug: the results say so, and so does
// the exit code.
int exitCode(const RunSummary& summary) { return summary.replayed ? 0 : 1; }

int run(const RunOptions& o) {
  // The run's clock starts here: opening the plugins is part of the run's time and budget.
  const auto started = std::chrono::steady_clock::now();
  Registry registry;  // declared before anything a plugin makes, so it is destroyed last
  loadPlugins(registry, o.dirs);
  const RunConfig config = loadRunConfig(o.runFile, o.overrides, registry, o.dirs.dirs);
  if (o.check) return 0;  // silent on success; an error above exits as the run would
  const RunSummary summary = executeRun(config, registry, started, [](const RunSummary& written) {
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
    std::_Exit(exitCode(written));
  });
  return exitCode(summary);
}

}  // namespace

void addRunCommand(CLI::App& app, Action& action) {
  auto options = std::make_shared<RunOptions>();
  auto* cmd = app.add_subcommand("run", "Generate test sequences as a run file says");
  cmd->add_option("run-file", options->runFile, "The run file (TOML)")->required()->type_name("RUN.toml");
  cmd->add_option("--set", options->overrides, "Override a run-file key, e.g. --set solver.name=cvc5 (repeatable)")
      ->type_name("KEY=VALUE");
  cmd->add_flag("--check", options->check,
                "Only read and check the run file, the overrides and the plugins' options; print and write "
                "nothing unless they are wrong");
  addPluginDirOptions(*cmd, options->dirs);
  cmd->callback([&action, options] { action = [options] { return run(*options); }; });
}

}  // namespace symseq::cli
