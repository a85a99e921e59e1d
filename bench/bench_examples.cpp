// Whole generation runs, as `symseq run RUN.toml --set ...` does them: loadRunConfig (parse,
// apply the overrides, resolve against the registry) and executeRun (model, plugins, generation,
// replay, result.json) per iteration. Only loading the plugins is outside the timing: one
// Registry, loaded once from Registry::defaultPluginDir(), serves every benchmark.
//
//  - examples/<model>/<solver>/<strategy>: the shipped examples configs/{fig4,gm,cruise,
//    unreachable,elevator}.toml (a file missing at start-up is skipped) with each solver plugin
//    (z3, cvc5) and strategy symtest (`findpath` greedy and exact, `backtracking` as shipped) or
//    bounded-exhaustive (no options).
//  - examples/microgrid/<solver>/<strategy>: configs/microgrid.toml (IOSTS with external functions,
//    from the paper's Table 1) with each tree strategy; examples/microgrid-<row>/<solver>/bfs: the
//    paper's experiment rows configs/microgrid-{t1-m0,t1-m1,t1-m196,t3-m0}.toml.
//  - backjump/<solver>/<backtracking>: bench/models/backjump.toml (symtest, greedy) with
//    chronological or conflict-directed backtracking and max_paths = 100000, so that the path
//    search and not the bounded model check after max_paths does the work (`model_check` stays 0).
//
// Every run keeps its run file's seed and budgets; the overrides only choose the plugins and
// options above and send the output (result.json only) to a scratch folder under the system's
// temporary directory, removed at exit. Counters, from the last iteration's result.json (every
// iteration must give the same one but for times, or the benchmark is reported as an error):
// `queries` (solver queries), `iterations` (paths planned and checked), `backtracks`, `length`
// (steps of all sequences), `covered` of `targets`, `model_check` (sequences taken from the
// bounded model check's witness), and for tree strategies `states` and `rows_added` (table rows
// SolveTab added). `queries_layers`: the solver queries of one more run, untimed, with the solver
// chain's layers on (`solver.layers = ["independence", "query-cache", "cex-cache"]`,
// docs/solver-layers.md), which must cover the same targets (or the row is an error).
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <algorithm>
#include <exception>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <system_error>
#include <vector>

#include "harness/TomlString.h"
#include "symseq/plugin/Registry.h"
#include "symseq/run/ExecuteRun.h"
#include "symseq/run/LoadRunConfig.h"

using namespace symseq;
namespace fs = std::filesystem;

namespace {

// The layers of `queries_layers`, in the order docs/solver-layers.md recommends.
constexpr const char* kLayers = R"(["independence", "query-cache", "cex-cache"])";

struct Case {
  std::string label;
  fs::path runFile;
  std::vector<std::string> overrides;  // the --set syntax
};

// result.json without what legitimately changes from run to run.
nlohmann::json readResult(const fs::path& dir) {
  std::ifstream in(dir / "result.json");
  nlohmann::json result = nlohmann::json::parse(in);
  result["stats"].erase("solver_time_s");
  result["stats"].erase("total_time_s");
  return result;
}

void runCase(benchmark::State& state, Registry& registry, const Case& c, const fs::path& out) {
  std::vector<std::string> overrides = c.overrides;
  overrides.push_back("output.dir=" + bench::tomlString(out.string()));
  overrides.push_back("output.formats=[\"json\"]");
  nlohmann::json first;
  for (auto _ : state) {
    try {
      const RunConfig config = loadRunConfig(c.runFile, overrides, registry);
      const RunSummary summary = executeRun(config, registry);
      state.PauseTiming();
      if (!summary.replayed) {
        state.SkipWithError("a proposed sequence did not replay");
        break;
      }
      nlohmann::json result = readResult(out);
      if (first.is_null()) {
        first = std::move(result);
      } else if (result != first) {
        state.SkipWithError("two runs gave different results");
        break;
      }
      state.ResumeTiming();
    } catch (const std::exception& e) {
      state.SkipWithError(e.what());
      break;
    }
  }
  if (first.is_null()) return;
  try {
    std::vector<std::string> layered = overrides;
    layered.push_back(std::string("solver.layers=") + kLayers);
    const RunConfig config = loadRunConfig(c.runFile, layered, registry);
    (void)executeRun(config, registry);
    nlohmann::json result = readResult(out);
    state.counters["queries_layers"] = result["stats"]["solver_queries"].get<double>();
    // The caches answer with a stored model of the query, not the back end's: input values may
    // differ, what is covered may not.
    if (result["covered"] != first["covered"]) state.SkipWithError("the solver layers changed what is covered");
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
  }
  const nlohmann::json& stats = first["stats"];
  state.counters["queries"] = stats["solver_queries"].get<double>();
  state.counters["iterations"] = stats["iterations"].get<double>();
  state.counters["backtracks"] = stats["backtracks"].get<double>();
  state.counters["length"] = first["length"].get<double>();
  state.counters["covered"] = first["covered"].get<double>();
  state.counters["targets"] = static_cast<double>(first["targets"].size());
  state.counters["model_check"] = stats.value("model_check_sequences", 0.0);
  state.counters["states"] = stats.value("states", 0.0);
  state.counters["rows_added"] = stats.value("table_rows_added", 0.0);
}

std::vector<Case> cases(const Registry& registry) {
  const fs::path source = SYMSEQ_SOURCE_DIR;
  const auto has = [&registry](PluginKind kind, const std::string& name) {
    const auto names = registry.names(kind);
    return std::find(names.begin(), names.end(), name) != names.end();
  };
  std::vector<std::string> solvers;
  for (const char* s : {"z3", "cvc5"})
    if (has(PluginKind::Solver, s)) solvers.emplace_back(s);

  std::vector<Case> out;
  for (const char* example : {"fig4", "gm", "cruise", "unreachable", "elevator"}) {
    const fs::path file = source / "configs" / (std::string(example) + ".toml");
    if (!fs::exists(file)) continue;
    for (const auto& solver : solvers) {
      const std::string prefix = std::string("examples/") + example + "/" + solver + "/";
      if (has(PluginKind::Strategy, "symtest"))
        for (const char* findpath : {"greedy", "exact"})
          out.push_back({prefix + "symtest-" + findpath, file,
                         {"solver.name=" + solver, "strategy.name=symtest",
                          std::string("strategy.findpath=") + findpath}});
      if (has(PluginKind::Strategy, "bounded-exhaustive"))
        out.push_back({prefix + "bounded-exhaustive", file, {"solver.name=" + solver, "strategy.name=bounded-exhaustive"}});
    }
  }

  // The Microgrid example (IOSTS with external functions): the shipped default with each searcher
  // of the tree strategy, and the paper's experiment rows (Tables 2 and 4: the whole tree to height 15).
  if (has(PluginKind::Frontend, "iosts"))
    for (const auto& solver : solvers) {
      const fs::path file = source / "configs" / "microgrid.toml";
      for (const char* searcher : {"coverage", "bfs", "dfs"})
        if (has(PluginKind::Searcher, searcher))
          out.push_back({"examples/microgrid/" + solver + "/" + searcher, file,
                         {"solver.name=" + solver, std::string("searcher.name=") + searcher}});
      for (const char* row : {"microgrid-t1-m0", "microgrid-t1-m1", "microgrid-t1-m196", "microgrid-t3-m0"})
        out.push_back({std::string("examples/") + row + "/" + solver + "/bfs",
                       source / "configs" / (std::string(row) + ".toml"), {"solver.name=" + solver}});
    }

  const fs::path backjump = source / "bench" / "models" / "backjump.toml";
  if (fs::exists(backjump) && has(PluginKind::Strategy, "symtest"))
    for (const auto& solver : solvers)
      for (const char* backtracking : {"chronological", "conflict-directed"})
        out.push_back({"backjump/" + solver + "/" + backtracking, backjump,
                       {"solver.name=" + solver, std::string("strategy.backtracking=") + backtracking,
                        "strategy.max_paths=100000"}});
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  Registry registry;  // outlives every run: their plugins come from its libraries
  registry.loadDirectory(Registry::defaultPluginDir());
  const fs::path scratch = fs::temp_directory_path() / ("symseq-bench-examples-" + std::to_string(::getpid()));
  const std::vector<Case> all = cases(registry);  // outlives the benchmarks, which refer to it
  for (const Case& c : all) {
    std::string folder = c.label;
    std::replace(folder.begin(), folder.end(), '/', '-');
    const fs::path out = scratch / folder;
    benchmark::RegisterBenchmark(c.label.c_str(),
                                 [&registry, &c, out](benchmark::State& state) { runCase(state, registry, c, out); })
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  std::error_code ec;
  fs::remove_all(scratch, ec);
  return 0;
}
