// symseq: the command-line front of the kernel. Exit codes (the table in README.md): 0 success,
// 1 a check failed (selfcheck), a proposed sequence did not replay (run) or the verdict is FAIL
// (verdict), 2 bad input or usage (a file-system failure such as a name too long included), 3 an
// internal error, 4 `run --fail-on uncovered` left a target uncovered, 130 a run stopped by Ctrl-C
// (SIGINT), 143 one stopped by SIGTERM.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>

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

// A file-system failure the command did not foresee (a name too long, a symbolic link loop, a
// permission): the user's environment, not a bug, so bad input (exit 2) naming the path and what
// to do, never "internal error".
std::string fileSystemMessage(const std::filesystem::filesystem_error& e) {
  const std::error_code code = e.code();
  std::string hint = "check the path";
  if (code == std::errc::filename_too_long)
    hint = "a name in a path may have at most 255 bytes and a whole path 4095: shorten it";
  else if (code == std::errc::too_many_symbolic_link_levels)
    hint = "the path runs through a loop of symbolic links: fix or remove the link";
  else if (code == std::errc::permission_denied || code == std::errc::operation_not_permitted)
    hint = "check the permissions of the path and of the folders above it";
  else if (code == std::errc::not_a_directory)
    hint = "a name inside the path is a file, not a folder: check the path";
  else if (code == std::errc::no_space_on_device)
    hint = "free some space on the disk, or write to another file system";
  else if (code == std::errc::read_only_file_system)
    hint = "write to a folder on a writable file system";
  std::string paths = "'" + e.path1().string() + "'";
  if (!e.path2().empty()) paths += " and '" + e.path2().string() + "'";
  return symseq::Error("cannot use " + paths + ": " + code.message(), std::nullopt, hint).what();
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
  } catch (const std::filesystem::filesystem_error& e) {
    std::cerr << "symseq: " << fileSystemMessage(e) << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "symseq: internal error: " << e.what() << "\n";
    return 3;
  } catch (...) {
    std::cerr << "symseq: internal error: unknown exception\n";
    return 3;
  }
}
