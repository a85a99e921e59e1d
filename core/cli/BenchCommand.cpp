// `symseq bench`: reproducible comparisons over a matrix of run files, solvers, strategies,
// heuristics and seeds (docs/bench.md). The harness (bench/harness) does the work; this file
// only reads the command line.
//   symseq bench MATRIX.toml --out RESULTS.jsonl [--shard i/N]
//   symseq bench report RESULTS.jsonl [--out-dir DIR] [--by AXIS]... [--no-measured]
//   symseq bench compare A.jsonl B.jsonl   (exit 1 when the results, times aside, differ)
//   symseq bench merge PART.jsonl... --out RESULTS.jsonl [--allow-mixed]
#include <unistd.h>

#include <iostream>
#include <memory>

#include "Commands.h"
#include "harness/BenchRun.h"
#include "harness/Compare.h"
#include "harness/Merge.h"
#include "harness/Report.h"
#include "symseq/support/AtomicFile.h"

namespace symseq::cli {

namespace {

struct BenchRunOptions {
  std::filesystem::path matrix;
  std::filesystem::path out;
  std::string shard;
  PluginDirOptions dirs;
};

int runBench(const BenchRunOptions& o) {
  if (o.out.empty())
    throw ConfigError("symseq bench needs --out RESULTS.jsonl", std::nullopt,
                      "e.g. symseq bench configs/bench/examples.toml --out results.jsonl");
  bench::BenchOptions b;
  b.matrixFile = o.matrix;
  b.resultsFile = o.out;
  if (!o.shard.empty()) b.shard = bench::parseShard(o.shard);
  // Each cell runs this very binary, with the same plugins.
  b.command.executable = std::filesystem::read_symlink("/proc/self/exe");
  if (o.dirs.noDefault) b.command.extraArguments.push_back("--no-default-plugin-dir");
  for (const auto& d : o.dirs.dirs) {
    b.command.extraArguments.push_back("--plugin-dir");
    b.command.extraArguments.push_back(std::filesystem::absolute(d).string());
  }
  Registry registry;
  loadPlugins(registry, o.dirs);
  b.pluginDirs = o.dirs.dirs;
  b.interactive = isatty(STDERR_FILENO) != 0;
  const bench::BenchSummary s = bench::runBench(b, registry, std::cerr);
  std::cout << s.cells << " cells: " << s.skipped << " already done, " << s.ran << " run, " << s.failed
            << " of them not ok; results in " << o.out.string() << "\n";
  return 0;
}

struct ReportOptions {
  std::filesystem::path results;
  std::filesystem::path outDir;
  std::vector<std::string> groupBy;
  bool noMeasured = false;
};

int report(const ReportOptions& o) {
  const bench::Results results = bench::readResults(o.results);
  if (!results.provenance && results.cells.empty())
    throw ConfigError("results file '" + o.results.string() + "' is missing or empty", std::nullopt,
                      "run symseq bench MATRIX.toml --out " + o.results.string() + " first");
  const auto files = bench::makeReport(results, {o.groupBy, !o.noMeasured});
  const auto dir = o.outDir.empty() ? o.results.parent_path() / (o.results.stem().string() + "-report") : o.outDir;
  std::filesystem::create_directories(dir);
  for (const auto& [name, text] : files.files) writeFileAtomically(dir / name, text);
  std::cout << "report written to " << dir.string() << "/ (report.md, summary.csv, cells.csv, *.svg)\n";
  return 0;
}

int compare(const std::filesystem::path& a, const std::filesystem::path& b) {
  for (const auto& f : {a, b})
    if (!std::filesystem::is_regular_file(f))
      throw ConfigError("cannot read results file '" + f.string() + "'", std::nullopt, "check the path");
  const bench::Results ra = bench::readResults(a);
  const bench::Results rb = bench::readResults(b);
  std::cout << bench::compareResults(ra, rb, {});
  // As diff(1): exit 1 when B does not reproduce A's results (times aside), so CI can gate on it.
  const std::vector<std::string> differing = bench::differingConfigurations(ra, rb);
  for (const std::string& c : differing) std::cerr << "symseq: results differ: " << c << "\n";
  return differing.empty() ? 0 : 1;
}

struct MergeOptions {
  std::vector<std::filesystem::path> parts;
  std::filesystem::path out;
  bool allowMixed = false;
};

int merge(const MergeOptions& o) {
  std::vector<bench::Results> parts;
  for (const auto& p : o.parts) {
    if (!std::filesystem::is_regular_file(p))
      throw ConfigError("cannot read results file '" + p.string() + "'", std::nullopt, "check the path");
    parts.push_back(bench::readResults(p));
  }
  const bench::Results merged = bench::mergeResults(parts, o.allowMixed);
  writeFileAtomically(o.out, bench::toJsonLines(merged));
  std::cout << merged.cells.size() << " cells from " << parts.size() << " files merged into " << o.out.string() << "\n";
  return 0;
}

}  // namespace

void addBenchCommand(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand("bench", "Run a benchmark matrix, or report, compare and merge its results");
  auto run = std::make_shared<BenchRunOptions>();
  cmd->add_option("matrix", run->matrix, "The matrix (TOML): run files, axes, repetitions, limits")
      ->type_name("MATRIX.toml");
  cmd->add_option("--out", run->out, "The results file (JSON Lines); an existing one is resumed")
      ->type_name("RESULTS.jsonl");
  cmd->add_option("--shard", run->shard, "Run only slice i of N of the cells, e.g. --shard 2/8")->type_name("i/N");
  addPluginDirOptions(*cmd, run->dirs);

  auto rep = std::make_shared<ReportOptions>();
  auto* reportCmd = cmd->add_subcommand("report", "Markdown and CSV tables and SVG plots of a results file");
  reportCmd->add_option("results", rep->results, "The results file")->required()->type_name("RESULTS.jsonl");
  reportCmd->add_option("--out-dir", rep->outDir, "Where to write (default: RESULTS-report/ next to it)");
  reportCmd->add_option("--by", rep->groupBy, "Group rows by this axis (or 'run'), repeatable; default: per configuration")
      ->type_name("AXIS");
  reportCmd->add_flag("--no-measured", rep->noMeasured,
                      "Leave out time, memory, date and machine: what two runs of a matrix must agree on");
  reportCmd->callback([&action, rep] { action = [rep] { return report(*rep); }; });

  auto files = std::make_shared<std::vector<std::filesystem::path>>();
  auto* compareCmd = cmd->add_subcommand(
      "compare", "Per-configuration time ratios of B to A with a noise-aware verdict; exit 1 when results differ");
  compareCmd->add_option("results", *files, "A.jsonl B.jsonl")->required()->expected(2)->type_name("RESULTS.jsonl");
  compareCmd->callback([&action, files] { action = [files] { return compare((*files)[0], (*files)[1]); }; });

  auto mergeOptions = std::make_shared<MergeOptions>();
  auto* mergeCmd = cmd->add_subcommand("merge", "Join the results files of the shards of one matrix");
  mergeCmd->add_option("parts", mergeOptions->parts, "The shards' results files")->required()->type_name("PART.jsonl");
  mergeCmd->add_option("--out", mergeOptions->out, "The merged results file")->required()->type_name("RESULTS.jsonl");
  mergeCmd->add_flag("--allow-mixed", mergeOptions->allowMixed, "Merge even when the provenance differs");
  mergeCmd->callback([&action, mergeOptions] { action = [mergeOptions] { return merge(*mergeOptions); }; });

  cmd->callback([cmd, &action, run] {
    if (!cmd->get_subcommands().empty()) return;  // report, compare or merge set the action
    if (run->matrix.empty())
      throw CLI::ValidationError("bench", "give a MATRIX.toml, or one of report, compare, merge");
    action = [run] { return runBench(*run); };
  });
}

}  // namespace symseq::cli
