// `symseq bench ARGS...`: executes symseq-bench, the benchmark harness's own program
// (bench/harness, docs/bench.md), with the same arguments; its exit code is this command's. It
// is found in this binary's folder (/proc/self/exe's), where it is built and installed. symseq
// links nothing of it: the harness drives symseq as processes in turn.
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>

#include "Commands.h"
#include "symseq/support/Error.h"

namespace symseq::cli {

namespace {

int execBench(const std::vector<std::string>& arguments) {
  const std::filesystem::path bench = std::filesystem::read_symlink("/proc/self/exe").parent_path() / "symseq-bench";
  // argv[0] "symseq": symseq-bench then names itself `symseq bench` in usage and `symseq:` in its
  // messages, as the user typed it.
  std::vector<std::string> args{"symseq"};
  args.insert(args.end(), arguments.begin(), arguments.end());
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  ::execv(bench.c_str(), argv.data());
  throw Error("cannot run '" + bench.string() + "': " + std::strerror(errno), std::nullopt,
              "symseq bench runs symseq-bench, built and installed next to symseq (the symseq-bench target)");
}

}  // namespace

void addBenchCommand(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand(
      "bench", "Run a benchmark matrix, or report, compare and merge its results (runs symseq-bench)");
  // Everything after `bench` is symseq-bench's, --help included.
  cmd->prefix_command();
  cmd->set_help_flag();
  cmd->allow_extras();
  cmd->callback([cmd, &action] {
    action = [arguments = cmd->remaining()] { return execBench(arguments); };
  });
}

}  // namespace symseq::cli
