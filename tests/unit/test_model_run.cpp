// `symseq run MODEL` and `symseq init MODEL` (core/cli/run/ModelRun.cpp): the frontend by the model
// file's extension (declared by the frontends), the defaults, the run file init writes; the
// progress line's text and what a run reports to it; a stopped run's partial results.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <thread>

#include "RunHelpers.h"
#include "ScratchDir.h"
#include "symseq/plugin/Frontend.h"
#include "symseq/plugin/Strategy.h"
#include "symseq/run/ExecuteRun.h"
#include "symseq/run/LoadRunConfig.h"
#include "symseq/run/ModelRun.h"
#include "symseq/run/PluginOptions.h"
#include "symseq/run/ProgressLine.h"

namespace fs = std::filesystem;
using namespace symseq;

namespace {

const fs::path kModels = fs::path(SYMSEQ_SOURCE_DIR) / "configs" / "models";

const Registry& shipped() {
  static const Registry* registry = [] {
    auto* r = new Registry;  // the test process's: plugins stay loaded until it ends
    r->loadDirectory(Registry::defaultPluginDir());
    return r;
  }();
  return *registry;
}

PluginPtr<Frontend> noFrontend(const Options&) { return nullptr; }
PluginPtr<Strategy> noStrategy(const Options&) { return nullptr; }

// The run a model gets with the defaults, as `symseq run MODEL` reads it.
RunConfig modelRun(const fs::path& model, const std::vector<std::string>& overrides = {}) {
  RunDocument d = modelRunDocument(model, shipped());
  d.applyOverrides(overrides);
  return resolveRunConfig(d, shipped());
}

}  // namespace

TEST_CASE("a model file's frontend is the one declaring its extension") {
  CHECK(frontendForModel(kModels / "gm.cfg", shipped()).name == "cfg");
  CHECK(frontendForModel(kModels / "keypad.iosts", shipped()).name == "iosts");
  CHECK(frontendForModel(kModels / "abro.sync", shipped()).name == "sync");
  CHECK(frontendForModel(kModels / "player.scxml", shipped()).name == "scxml");
  CHECK(frontendForModel(kModels / "relay.design", shipped()).name == "design");
}

TEST_CASE("an unknown or missing extension is an error listing the known extensions") {
  CHECK_THROWS_WITH_AS((void)frontendForModel("m.xyz", shipped()),
                       doctest::Contains("m.xyz: error: no installed frontend reads '.xyz' files; known extensions: "
                                         ".cfg (cfg), .design (design), .iosts (iosts), .json (graphwalker), .scxml (scxml), .sync (sync)"),
                       ConfigError);
  CHECK_THROWS_WITH_AS((void)frontendForModel("model", shipped()), doctest::Contains("the model file has no extension"),
                       ConfigError);
}

TEST_CASE("an extension two frontends declare is ambiguous") {
  static const char* const kM[] = {".m"};
  Registry r;
  r.addBuiltin({.kind = PluginKind::Frontend, .name = "one", .extensions = kM, .makeFrontend = &noFrontend});
  r.addBuiltin({.kind = PluginKind::Frontend, .name = "two", .extensions = kM, .makeFrontend = &noFrontend});
  CHECK_THROWS_WITH_AS((void)frontendForModel("x.m", r),
                       doctest::Contains("'.m' files are read by more than one frontend (one, two); known extensions: "
                                         ".m (one), .m (two)"),
                       ConfigError);
}

TEST_CASE("only frontends declare extensions and a default strategy, each extension a dot and a bare key") {
  static const char* const kCfg[] = {".cfg"};
  static const char* const kNoDot[] = {"cfg"};
  static const char* const kTwice[] = {".a", ".a"};
  Registry r;
  CHECK_THROWS_WITH_AS(r.addBuiltin({.kind = PluginKind::Strategy, .name = "s", .extensions = kCfg, .makeStrategy = &noStrategy}),
                       doctest::Contains("declares model-file extensions, which only frontends do"), PluginError);
  CHECK_THROWS_WITH_AS(r.addBuiltin({.kind = PluginKind::Strategy, .name = "s", .defaultStrategy = "x", .makeStrategy = &noStrategy}),
                       doctest::Contains("names a default strategy, which only frontends do"), PluginError);
  CHECK_THROWS_WITH_AS(r.addBuiltin({.kind = PluginKind::Frontend, .name = "f", .extensions = kNoDot, .makeFrontend = &noFrontend}),
                       doctest::Contains("declares an extension that is not a dot and"), PluginError);
  CHECK_THROWS_WITH_AS(r.addBuiltin({.kind = PluginKind::Frontend, .name = "f", .extensions = kTwice, .makeFrontend = &noFrontend}),
                       doctest::Contains("declares extension '.a' twice"), PluginError);
  r.addBuiltin({.kind = PluginKind::Frontend, .name = "f", .extensions = kCfg, .defaultStrategy = "s", .makeFrontend = &noFrontend});
  CHECK(r.info(PluginKind::Frontend, "f").extensions == std::vector<std::string>{".cfg"});
  CHECK(r.info(PluginKind::Frontend, "f").defaultStrategy == "s");
}

TEST_CASE("symseq run MODEL: the frontend's default strategy, z3, out/<model name>, and --set on top") {
  const RunConfig c = modelRun(kModels / "gm.cfg");
  CHECK(c.model.file == (kModels / "gm.cfg").lexically_normal());
  CHECK(c.model.frontend.name == "cfg");
  CHECK(c.strategy.name == "symtest");
  CHECK(c.solver.plugin.name == "z3");
  CHECK(c.output.dir == fs::current_path() / "out" / "gm");
  CHECK(c.budgets.depth == Budgets{}.depth);
  CHECK(modelRun(kModels / "keypad.iosts").strategy.name == "tree");
  CHECK(modelRun(kModels / "keypad.iosts").searcher->name == "bfs");  // the tree strategy's own default

  const RunConfig set = modelRun(kModels / "gm.cfg", {"strategy.name=random", "budgets.depth=8", "solver.name=cvc5"});
  CHECK(set.strategy.name == "random");
  CHECK(set.budgets.depth == 8);
  CHECK(set.solver.plugin.name == "cvc5");
  CHECK(set.model.frontend.name == "cfg");
}

TEST_CASE("symseq run MODEL of a file that is not there says so") {
  CHECK_THROWS_WITH_AS((void)modelRun(kModels / "nothing.cfg"), doctest::Contains("cannot read model file"), ConfigError);
}

TEST_CASE("symseq init writes a commented run file that symseq run reads as written, with the same run") {
  const fs::path dir = test::scratchDir("init");
  fs::create_directories(dir);
  for (const char* name : {"gm.cfg", "keypad.iosts", "abro.sync", "player.scxml", "relay.design"}) {
    CAPTURE(name);
    const fs::path runFile = dir / "run.toml";
    const std::string text = initRunFileText(kModels / name, runFile, shipped());
    const RunConfig written = resolveRunConfig(RunDocument::parseText(text, runFile), shipped());
    const RunConfig defaults = modelRun(kModels / name);
    CHECK(written.model.frontend == defaults.model.frontend);
    CHECK(written.model.file == (kModels / name).lexically_normal());
    CHECK(written.solver.plugin == defaults.solver.plugin);
    CHECK(written.solver.queryTimeout == defaults.solver.queryTimeout);
    CHECK(written.strategy == defaults.strategy);
    CHECK(written.searcher == defaults.searcher);
    CHECK(written.budgets.time == defaults.budgets.time);
    CHECK(written.budgets.solverQueries == defaults.budgets.solverQueries);
    CHECK(written.budgets.depth == defaults.budgets.depth);
    CHECK(written.output.formats == defaults.output.formats);
    CHECK(written.output.dir == dir / "out" / fs::path(name).stem());
    // Every option of the strategy is written, at its default, under its help.
    for (const OptionInfo& o : shipped().info(PluginKind::Strategy, written.strategy.name).options) {
      CHECK(text.find("\n" + o.name + " = " + o.defaultValue + "  # ") != std::string::npos);
      CHECK(text.find("# " + o.help.substr(0, o.help.find('\n'))) != std::string::npos);
    }
  }
}

TEST_CASE("the progress line: elapsed, covered of targets, queries") {
  using namespace std::chrono_literals;
  RunMonitor m;
  CHECK(progressText(m, 1500ms) == "symseq: 1.5 s, loading and checking the model");
  m.targets = 7;
  m.queries->store(42);
  CHECK(progressText(m, 2s) == "symseq: 2.0 s, covered ? of 7 targets, 42 queries");
  m.progress.covered = 3;
  m.progress.reported = true;
  CHECK(progressText(m, 12345ms) == "symseq: 12.3 s, covered 3 of 7 targets, 42 queries");
}

namespace {

// A run of a shipped configuration with a monitor, its result.json read back.
struct MonitoredRun {
  RunSummary summary;
  nlohmann::json result;
};

MonitoredRun runMonitored(const std::string& runFile, std::vector<std::string> overrides, RunMonitor& monitor,
                          const std::string& out) {
  Registry registry;
  registry.loadDirectory(Registry::defaultPluginDir());
  const fs::path dir = test::scratchDir(out);
  overrides.push_back("output.dir=\"" + dir.string() + "\"");
  overrides.push_back("output.formats=[\"json\"]");
  const RunConfig config =
      loadRunConfig(fs::path(SYMSEQ_SOURCE_DIR) / "configs" / runFile, overrides, registry);
  const RunSummary summary = executeRun(config, registry, std::chrono::steady_clock::now(), {}, &monitor);
  return {summary, test::readJson(dir / "result.json")};
}

std::uint64_t coveredIn(const nlohmann::json& result) {
  std::uint64_t n = 0;
  for (const auto& t : result.at("targets")) n += t.at("covered").get<bool>() ? 1 : 0;
  return n;
}

}  // namespace

TEST_CASE("a run tells its monitor the targets, the covered-so-far and the queries") {
  for (const std::string strategy : {"symtest", "random"}) {
    CAPTURE(strategy);
    RunMonitor monitor;
    const MonitoredRun run = runMonitored("gm.toml", {"strategy.name=" + strategy}, monitor, "monitored-" + strategy);
    CHECK(monitor.targets.load() == run.result.at("targets").size());
    CHECK(monitor.progress.reported.load());
    CHECK(monitor.progress.covered.load() == coveredIn(run.result));
    if (strategy == "symtest") CHECK(monitor.queries->load() > 0);  // random asks no solver
    CHECK(run.summary.allCovered == (coveredIn(run.result) == run.result.at("targets").size()));
    CHECK_FALSE(run.summary.interrupted);
  }
  RunMonitor monitor;
  const MonitoredRun tree = runMonitored("keypad.toml", {}, monitor, "monitored-tree");
  CHECK(monitor.progress.covered.load() == coveredIn(tree.result));
  CHECK(monitor.queries->load() > 0);
}

TEST_CASE("a run stopped before its search writes its results, every target interrupted") {
  for (const std::string strategy : {"symtest", "random", "tree"}) {
    CAPTURE(strategy);
    std::atomic<bool> stop{true};
    RunMonitor monitor;
    monitor.stop = &stop;
    const MonitoredRun run = runMonitored("gm.toml", {"strategy.name=" + strategy}, monitor, "stopped-" + strategy);
    CHECK(run.summary.interrupted);
    CHECK_FALSE(run.summary.allCovered);
    for (const auto& t : run.result.at("targets")) CHECK(t.at("reason") == "interrupted");
  }
}

TEST_CASE("a run stopped once it has covered a target keeps what it found, replayed, the rest interrupted") {
  // The elevator with an hour's budget: symtest's search goes on long after its first covered
  // target, and the stop is raised as soon as the monitor reports one (an event, not a time).
  std::atomic<bool> stop{false};
  RunMonitor monitor;
  monitor.stop = &stop;
  std::jthread raiser([&](const std::stop_token& token) {
    while (!token.stop_requested() && monitor.progress.covered.load() == 0) std::this_thread::yield();
    stop = true;
  });
  const MonitoredRun run = runMonitored("elevator.toml", {"budgets.time_s=3600", "budgets.depth=64"}, monitor, "stopped-midway");
  CHECK(run.summary.interrupted);
  CHECK(run.summary.replayed);
  CHECK(coveredIn(run.result) >= 1);
  CHECK_FALSE(run.result.at("sequences").empty());
  std::size_t interrupted = 0;
  for (const auto& t : run.result.at("targets"))
    if (!t.at("covered").get<bool>()) {
      CHECK(t.at("reason") == "interrupted");
      ++interrupted;
    }
  CHECK(interrupted >= 1);
}
