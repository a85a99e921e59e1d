// symseq-bench: reproducible comparisons over a matrix of run files, solvers, strategies,
// heuristics and seeds (docs/bench.md). The harness library does the work; this file reads the
// command line and turns errors into messages and exit codes (0 ok, 2 bad input or usage, a
// file-system failure included, 3 an internal error), as symseq's main does.
//   symseq-bench [run] MATRIX.toml --out RESULTS.jsonl [--shard i/N] [--plugin-dir DIR]... [--no-default-plugin-dir]
//   symseq-bench report RESULTS.jsonl [--out-dir DIR] [--by AXIS]... [--no-measured] [--growth AXIS]
//   symseq-bench compare A.jsonl B.jsonl
//   symseq-bench merge PART.jsonl... --out RESULTS.jsonl [--allow-mixed]
// `symseq bench ARGS` executes this program with argv[0] "symseq": it then names itself
// `symseq bench` in usage and `symseq:` in messages, as the user typed it.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <filesystem>
#include <functional>
#include <iostream>
#include <memory>

#include "harness/AtomicFile.h"
#include "harness/BenchRun.h"
#include "harness/Compare.h"
#include "harness/Error.h"
#include "harness/Merge.h"
#include "harness/Report.h"

namespace {

using namespace symseq::bench;
namespace fs = std::filesystem;
using Action = std::function<int()>;

struct RunOptions {
  fs::path matrix;
  fs::path out;
  std::string shard;
  std::vector<fs::path> pluginDirs;
  bool noDefaultPluginDir = false;
};

int run(const RunOptions& o) {
  if (o.out.empty())
    throw ConfigError("a bench needs --out RESULTS.jsonl", std::nullopt,
                      "e.g. symseq bench configs/bench/examples.toml --out results.jsonl");
  BenchOptions b;
  b.matrixFile = o.matrix;
  b.resultsFile = o.out;
  if (!o.shard.empty()) b.shard = parseShard(o.shard);
  b.symseq.executable = symseqNextToThisProgram();
  // Passed on to every symseq the bench runs (cells, plugin list, axis checks), which then all
  // load the same plugins.
  if (o.noDefaultPluginDir) b.symseq.pluginArguments.push_back("--no-default-plugin-dir");
  for (const auto& d : o.pluginDirs) {
    b.symseq.pluginArguments.push_back("--plugin-dir");
    b.symseq.pluginArguments.push_back(fs::absolute(d).string());
  }
  b.interactive = isatty(STDERR_FILENO) != 0;
  const BenchSummary s = runBench(b, std::cerr);
  std::cout << s.cells << " cells: " << s.skipped << " already done, " << s.ran << " run, " << s.failed
            << " of them not ok; results in " << o.out.string() << "\n";
  return 0;
}

struct ReportOptions {
  fs::path results;
  fs::path outDir;
  std::vector<std::string> groupBy;
  bool noMeasured = false;
  std::string growth;
};

int report(const ReportOptions& o) {
  const Results results = readResults(o.results);
  if (!results.provenance && results.cells.empty())
    throw ConfigError("results file '" + o.results.string() + "' is missing or empty", std::nullopt,
                      "run symseq bench MATRIX.toml --out " + o.results.string() + " first");
  const auto files = makeReport(results, {o.groupBy, !o.noMeasured, o.growth});
  const auto dir = o.outDir.empty() ? o.results.parent_path() / (o.results.stem().string() + "-report") : o.outDir;
  fs::create_directories(dir);
  for (const auto& [name, text] : files.files) writeFileAtomically(dir / name, text);
  std::cout << "report written to " << dir.string() << "/ (report.md, summary.csv, cells.csv, *.svg)\n";
  return 0;
}

Results readExisting(const fs::path& file) {
  if (!fs::is_regular_file(file))
    throw ConfigError("cannot read results file '" + file.string() + "'", std::nullopt, "check the path");
  return readResults(file);
}

int compare(const fs::path& a, const fs::path& b) {
  const Results before = readExisting(a);
  const Results after = readExisting(b);
  std::cout << compareResults(before, after, {});
  // As diff(1): exit 1 when B does not reproduce A's results (times aside), so CI can gate on it.
  const std::vector<std::string> differing = differingConfigurations(before, after);
  for (const std::string& c : differing) std::cerr << "results differ: " << c << "\n";
  return differing.empty() ? 0 : 1;
}

struct MergeOptions {
  std::vector<fs::path> parts;
  fs::path out;
  bool allowMixed = false;
};

int merge(const MergeOptions& o) {
  std::vector<Results> parts;
  for (const auto& p : o.parts) parts.push_back(readExisting(p));
  const Results merged = mergeResults(parts, o.allowMixed);
  writeFileAtomically(o.out, toJsonLines(merged));
  std::cout << merged.cells.size() << " cells from " << parts.size() << " files merged into " << o.out.string() << "\n";
  return 0;
}

void addRunOptions(CLI::App& cmd, RunOptions& o) {
  cmd.add_option("matrix", o.matrix, "The matrix (TOML): run files, axes, repetitions, limits")->type_name("MATRIX.toml");
  cmd.add_option("--out", o.out, "The results file (JSON Lines); an existing one is resumed")->type_name("RESULTS.jsonl");
  cmd.add_option("--shard", o.shard, "Run only slice i of N of the cells, e.g. --shard 2/8")->type_name("i/N");
  cmd.add_option("--plugin-dir", o.pluginDirs, "Also load the plugins in DIR, in every symseq run (repeatable)")
      ->type_name("DIR");
  cmd.add_flag("--no-default-plugin-dir", o.noDefaultPluginDir, "Do not load the plugins installed with symseq");
}

// The command line: `run` (which may be left out, as `symseq bench MATRIX` always did), `report`,
// `compare`, `merge`. Sets `action` to the chosen command.
void addCommands(CLI::App& app, Action& action) {
  auto bare = std::make_shared<RunOptions>();
  addRunOptions(app, *bare);

  auto runOptions = std::make_shared<RunOptions>();
  auto* runCmd = app.add_subcommand("run", "Run (or resume) a matrix, appending each cell to the results file");
  addRunOptions(*runCmd, *runOptions);
  runCmd->callback([&action, runOptions] {
    if (runOptions->matrix.empty()) throw CLI::ValidationError("run", "give a MATRIX.toml");
    action = [runOptions] { return run(*runOptions); };
  });

  auto rep = std::make_shared<ReportOptions>();
  auto* reportCmd = app.add_subcommand("report", "Markdown and CSV tables and SVG plots of a results file");
  reportCmd->add_option("results", rep->results, "The results file")->required()->type_name("RESULTS.jsonl");
  reportCmd->add_option("--out-dir", rep->outDir, "Where to write (default: RESULTS-report/ next to it)");
  reportCmd->add_option("--by", rep->groupBy, "Group rows by this axis (or 'run'), repeatable; default: per configuration")
      ->type_name("AXIS");
  reportCmd->add_flag("--no-measured", rep->noMeasured,
                      "Leave out time, memory, date and machine: what two runs of a matrix must agree on");
  reportCmd->add_option("--growth", rep->growth,
                        "Plot queries, time and peak memory against the size in this --by axis's values (or 'run')")
      ->type_name("AXIS");
  reportCmd->callback([&action, rep] { action = [rep] { return report(*rep); }; });

  auto files = std::make_shared<std::vector<fs::path>>();
  auto* compareCmd = app.add_subcommand("compare", "Per-configuration time ratios of B to A with a noise-aware verdict");
  compareCmd->add_option("results", *files, "A.jsonl B.jsonl")->required()->expected(2)->type_name("RESULTS.jsonl");
  compareCmd->callback([&action, files] { action = [files] { return compare((*files)[0], (*files)[1]); }; });

  auto mergeOptions = std::make_shared<MergeOptions>();
  auto* mergeCmd = app.add_subcommand("merge", "Join the results files of the shards of one matrix");
  mergeCmd->add_option("parts", mergeOptions->parts, "The shards' results files")->required()->type_name("PART.jsonl");
  mergeCmd->add_option("--out", mergeOptions->out, "The merged results file")->required()->type_name("RESULTS.jsonl");
  mergeCmd->add_flag("--allow-mixed", mergeOptions->allowMixed, "Merge even when the provenance differs");
  mergeCmd->callback([&action, mergeOptions] { action = [mergeOptions] { return merge(*mergeOptions); }; });

  app.callback([&app, &action, bare] {
    if (!app.get_subcommands().empty()) return;  // run, report, compare or merge set the action
    if (bare->matrix.empty())
      throw CLI::ValidationError("bench", "give a MATRIX.toml, or one of run, report, compare, merge");
    action = [bare] { return run(*bare); };
  });
}

}  // namespace

int main(int argc, char** argv) {
  const std::string invokedAs = argc > 0 ? fs::path(argv[0]).filename().string() : "symseq-bench";
  const std::string name = invokedAs == "symseq" ? "symseq" : "symseq-bench";
  CLI::App app{"Run a benchmark matrix, or report, compare and merge its results (docs/bench.md)",
               name == "symseq" ? "symseq bench" : name};
  Action action;
  addCommands(app, action);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);  // prints help, or the usage error with CLI11's message
    return code == 0 ? 0 : 2;
  }
  try {
    return action();
  } catch (const Error& e) {
    std::cerr << name << ": " << e.what() << "\n";
    return 2;
  } catch (const fs::filesystem_error& e) {
    // A name too long, a link loop, a permission: the user's path, not a bug (as symseq's main).
    std::cerr << name << ": " << Error("cannot use '" + e.path1().string() + "': " + e.code().message(), std::nullopt,
                                        "check the path (a name may have at most 255 bytes, a path 4095)")
                                      .what()
              << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << name << ": internal error: " << e.what() << "\n";
    return 3;
  } catch (...) {
    std::cerr << name << ": internal error: unknown exception\n";
    return 3;
  }
}
