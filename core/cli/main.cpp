// symseq: the command-line front of the kernel. Exit codes: 0 success, 1 a check failed
// (selfcheck), a proposed sequence did not replay (run) or the verdict is FAIL (verdict), 2 bad input
// or usage, 3 an internal error.
#include <iostream>

#include "Commands.h"
#include "symseq/support/Error.h"
#include "symseq/support/SanitizerDefaults.h"

int main(int argc, char** argv) {
  using namespace symseq;
  CLI::App app{"symseq: test sequences for reactive and embedded system models by symbolic execution"};
  app.require_subcommand(1);
  cli::Action action;
  cli::addRunCommand(app, action);
  cli::addPluginsCommand(app, action);
  cli::addSelfCheckCommand(app, action);
  cli::addVersionCommand(app, action);
  cli::addExprCommand(app, action);
  cli::addCheckModelCommand(app, action);
  cli::addBenchCommand(app, action);
  cli::addFeasibilityCommand(app, action);
  cli::addVerdictCommand(app, action);
  cli::addExecCommand(app, action);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);  // prints help, or the usage error with CLI11's message
    return code == 0 ? 0 : 2;
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
