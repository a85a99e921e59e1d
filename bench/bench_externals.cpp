// External functions called in a child process (`[externals] isolation = "process"`, the default,
// core/cli/run/ExternalHost.h) against in-process calls (`"none"`), on the Microgrid's library
// (configs/externals/microgrid.c):
//
//  - BM_ExternalCall/<isolation>: one call of RISE through ExternalLibrary's interpretation
//    (value conversion, and for `process` the round trip over the socket), the argument cycling
//    over 1,000 consumptions so no cache anywhere can help. Per call.
//  - BM_ExternalStart/<isolation>: making the ExternalLibrary (`process`: spawning
//    symseq-external-host, which loads the library and checks the symbols; `none`: dlopen). Once
//    per run.
//  - BM_MicrogridRun/<isolation>: a whole run of configs/microgrid.toml (loadRunConfig and
//    executeRun, result.json only, into a scratch folder), as bench_examples makes it; every
//    iteration's result.json must equal the first's apart from times, and the other isolation's
//    too (checked once, untimed). Counters: `rows_added` (table rows from calls), `covered`.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "symseq/expr/ExprContext.h"
#include "symseq/plugin/Registry.h"
#include "symseq/run/ExecuteRun.h"
#include "symseq/run/LoadRunConfig.h"
#include "run/ExternalProcess.h"
#include "symseq/summary/ExternalLibrary.h"

using namespace symseq;
namespace fs = std::filesystem;

namespace {

// A function, not a namespace-scope constant: the plugin folder is found at run time.
fs::path microgridLibrary() { return Registry::defaultPluginDir().parent_path() / "externals" / "libsymseq-microgrid.so"; }

// Argument 0: isolation = "process"; 1: "none".
bool isolatedIn(const benchmark::State& state) { return state.range(0) == 0; }

const char* nameOf(bool isolated) { return isolated ? "process" : "none"; }

// The library's interpretations, made in the child or in-process; `keep` holds whichever.
struct Made {
  std::unique_ptr<ExternalProcessLibrary> isolated;
  std::unique_ptr<ExternalLibrary> inProcess;
  [[nodiscard]] const FunctionInterpretations& functions() const {
    return isolated ? isolated->interpretations() : inProcess->interpretations();
  }
};

Made make(bool isolated, const std::vector<ExternalBinding>& bindings) {
  Made m;
  if (isolated) m.isolated = std::make_unique<ExternalProcessLibrary>(microgridLibrary(), bindings);
  else m.inProcess = std::make_unique<ExternalLibrary>(microgridLibrary(), bindings);
  return m;
}

void BM_ExternalCall(benchmark::State& state) {
  ExprContext ctx;
  const FunctionDecl& rise = ctx.declareFunction("RISE", {Sort::integer()}, Sort::real(), FunctionKind::External);
  const bool isolated = isolatedIn(state);
  const Made library = make(isolated, {{&rise, "RISE"}});
  const ExternalFunction& f = *library.functions().find(rise);
  std::vector<std::vector<Value>> args;
  for (int i = 0; i < 1000; ++i) args.push_back({Value::integer(200 + i)});
  std::size_t k = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(f(args[k]));
    k = (k + 1) % args.size();
  }
  state.SetLabel(nameOf(isolated));
}
BENCHMARK(BM_ExternalCall)->Arg(0)->Arg(1)->ArgName("isolation_none");

void BM_ExternalStart(benchmark::State& state) {
  ExprContext ctx;
  const FunctionDecl& rise = ctx.declareFunction("RISE", {Sort::integer()}, Sort::real(), FunctionKind::External);
  const FunctionDecl& intgr =
      ctx.declareFunction("INTGR", {Sort::integer(), Sort::integer()}, Sort::integer(), FunctionKind::External);
  const bool isolated = isolatedIn(state);
  for (auto _ : state) {
    const Made library = make(isolated, {{&intgr, "INTGR"}, {&rise, "RISE"}});
    benchmark::DoNotOptimize(library.functions().find(rise));
  }
  state.SetLabel(nameOf(isolated));
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK(BM_ExternalStart)->Arg(0)->Arg(1)->ArgName("isolation_none")->Unit(benchmark::kMillisecond);

nlohmann::json resultOf(const fs::path& dir) {
  std::ifstream in(dir / "result.json");
  nlohmann::json result = nlohmann::json::parse(in);
  result["stats"].erase("solver_time_s");
  result["stats"].erase("total_time_s");
  return result;
}

// `out` is a temporary folder of ours, without a quote: a TOML literal string holds it.
nlohmann::json runMicrogrid(Registry& registry, bool isolation, const fs::path& out) {
  const fs::path runFile = fs::path(SYMSEQ_SOURCE_DIR) / "configs/microgrid.toml";
  const std::vector<std::string> overrides{std::string("externals.isolation=\"") + nameOf(isolation) + "\"",
                                           "output.dir='" + out.string() + "'", "output.formats=[\"json\"]"};
  (void)executeRun(loadRunConfig(runFile, overrides, registry), registry);
  return resultOf(out);
}

void BM_MicrogridRun(benchmark::State& state) {
  Registry registry;
  registry.loadDirectory(Registry::defaultPluginDir());
  const bool isolation = isolatedIn(state);
  const fs::path out = fs::temp_directory_path() / ("symseq-bench-externals-" + std::to_string(::getpid()));
  nlohmann::json first;
  try {
    for (auto _ : state) {
      nlohmann::json result = runMicrogrid(registry, isolation, out);
      state.PauseTiming();
      if (first.is_null()) first = std::move(result);
      else if (result != first) state.SkipWithError("two runs gave different results");
      state.ResumeTiming();
    }
    if (!first.is_null() && runMicrogrid(registry, !isolation, out) != first)
      state.SkipWithError("the isolations gave different results");
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
  }
  std::error_code ec;
  fs::remove_all(out, ec);
  if (first.is_null()) return;
  state.counters["rows_added"] = first["stats"].value("table_rows_added", 0.0);
  state.counters["covered"] = first["covered"].get<double>();
  state.SetLabel(nameOf(isolation));
}
BENCHMARK(BM_MicrogridRun)->Arg(0)->Arg(1)->ArgName("isolation_none")->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
