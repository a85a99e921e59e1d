// symseq: the command-line front of the kernel. Exit codes (the table in README.md): 0 success,
// 1 a check failed (selfcheck), a proposed sequence did not replay (run) or the verdict is FAIL
// (verdict), 2 bad input or usage, 3 an internal error, 4 `run --fail-on uncovered` left a target
// uncovered, 130 a run stopped by Ctrl-C.
#include <algorithm>
#include <iostream>
#include <optional>
#include <string_view>

#include "Commands.h"
#include "symseq/support/DidYouMean.h"
#include "symseq/support/Error.h"
#include "symseq/support/SanitizerDefaults.h"

namespace {

std::vector<std::string> commandNames(CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::App* c : app.get_subcommands([](CLI::App*) { return true; })) names.push_back(c->get_name());
  return names;
}

// The first argument that is not an option names the command (symseq's own options take no
// value); CLI11 would say only "A subcommand is required" of a misspelt one.
std::optional<std::string> unknownCommand(CLI::App& app, int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg.starts_with('-')) continue;
    const std::vector<std::string> names = commandNames(app);
    if (std::find(names.begin(), names.end(), arg) != names.end()) return std::nullopt;
    return "unknown command '" + std::string(arg) + "'" + symseq::didYouMean(arg, names);
  }
  return std::nullopt;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace symseq;
  CLI::App app{"symseq: test sequences for reactive and embedded system models by symbolic execution"};
  app.require_subcommand(0, 1);  // none only with --version; checked below, with a clearer message
  bool version = false;
  app.add_flag("--version", version, "Print the version, build id and plugin ABI id (as `symseq version`)");
  cli::Action action;
  cli::addRunCommand(app, action);
  cli::addInitCommand(app, action);
  cli::addPluginsCommand(app, action);
  cli::addSelfCheckCommand(app, action);
  cli::addVersionCommand(app, action);
  cli::addExprCommand(app, action);
  cli::addCheckModelCommand(app, action);
  cli::addBenchCommand(app, action);
  cli::addFeasibilityCommand(app, action);
  cli::addVerdictCommand(app, action);
  cli::addExecCommand(app, action);
  if (const auto unknown = unknownCommand(app, argc, argv)) {
    std::cerr << "symseq: " << *unknown << "\n  hint: symseq --help lists the commands\n";
    return 2;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);  // prints help, or the usage error with CLI11's message
    return code == 0 ? 0 : 2;
  }
  if (version) return cli::printVersion(false);
  if (!action) {
    std::cerr << "symseq: no command given\n  hint: symseq --help lists the commands; start with: symseq run MODEL\n";
    return 2;
  }
  try {
    return action();
  } catch (const Error& e) {
    std::cerr << "symseq: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "symseq: internal error: " << e.what() << "\n";
    return 3;
  } catch (...) {
    std::cerr << "symseq: internal error: unknown exception\n";
    return 3;
  }
}
