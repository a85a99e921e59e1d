// System designs as a user runs them (configs/wiper.toml, wiper-late.toml, relay.toml,
// designs.toml): the shipped .design files read, lowered, explored by the tree strategy,
// replayed with the components' invariants, deadlocks analysed, execution graphs written.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "RunHelpers.h"
#include "ShippedSolver.h"
#include "symseq/design/Lower.h"
#include "symseq/design/Reader.h"
#include "symseq/exec/SymbolicExecutor.h"
#include "symseq/exec/Substitute.h"

// Whole generation runs (model, solver, strategy, replay): the `integration` label (tests/README.md).
TEST_SUITE_BEGIN("integration");

using namespace symseq;

namespace {

const std::filesystem::path kConfigs = std::filesystem::path(SYMSEQ_SOURCE_DIR) / "configs";

std::string readText(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

bool contains(const nlohmann::json& strings, const std::string& wanted) {
  return std::any_of(strings.begin(), strings.end(), [&](const auto& s) { return s.template get<std::string>() == wanted; });
}

// The wiper as the frontend lowers it, and the dates along a path of transition names.
struct WiperPath {
  ExprContext ctx;
  TransitionSystem system{ctx};
  SymbolicState state;
  std::vector<Expr> dates;  // the date after each transition of the path

  explicit WiperPath(const std::vector<std::string>& path) {
    const std::filesystem::path file = kConfigs / "models" / "wiper.design";
    const design::DesignFile designs = design::readDesigns(readText(file), file.string(), ctx);
    system = design::lower(designs, design::topDesign(designs, ""), ctx);
    const SymbolicExecutor executor(system);
    state = executor.initial();
    for (const std::string& name : path) {
      const std::optional<TransitionId> t = system.findTransition(name);
      REQUIRE_MESSAGE(t.has_value(), name);
      state = executor.apply(state, *t).next;
      dates.push_back(substitute(ctx, *system.date, state.store));
    }
  }

  CheckResult check(const std::vector<Expr>& extra = {}) {
    const PluginPtr<Solver> solver = test::makeShippedSolver(ctx);
    for (Expr a : system.axioms) solver->add(a);
    for (Expr c : state.pathCondition) solver->add(c);
    for (Expr e : extra) solver->add(e);
    return solver->check();
  }
};

void requireReplayed(const nlohmann::json& result) {
  CHECK(result["replayed"] == true);
  CHECK(result["replay_failures"].empty());
  CHECK(!result["sequences"].empty());
}

}  // namespace

TEST_CASE("design runs: Example 3's path on the shipped wiper is feasible, every solution has t2 = 5, 5 < t3 < 10, time0 < 5") {
  // The paper's path: a value arrives, env samples it at t2 and sends it to calc, calc computes a
  // speed, env sends it to the engine at t3 (the delays are the tester's).
  WiperPath w({"env.intensity?", "delay", "env.b1.if1", "delay", "calc.b1.if1.not2.not3", "env.b2"});
  ExprContext& ctx = w.ctx;
  const Expr t2 = w.dates[2];
  const Expr t3 = w.dates[5];
  const Expr five = ctx.intVal(5);
  CHECK((w.check() == CheckResult::Sat));
  CHECK((w.check({ctx.mkNot(ctx.mkEq(t2, five))}) == CheckResult::Unsat));
  CHECK((w.check({ctx.make(Op::Le, {t3, five})}) == CheckResult::Unsat));
  CHECK((w.check({ctx.make(Op::Ge, {t3, ctx.intVal(10)})}) == CheckResult::Unsat));
  CHECK((w.check({ctx.make(Op::Ge, {*ctx.findVar("time0"), five})}) == CheckResult::Unsat));
  // Not vacuous: t3 takes more than one value, and time0 any below 5.
  CHECK((w.check({ctx.mkEq(t3, ctx.intVal(6))}) == CheckResult::Sat));
  CHECK((w.check({ctx.mkEq(t3, ctx.intVal(9))}) == CheckResult::Sat));
  CHECK((w.check({ctx.mkEq(*ctx.findVar("time0"), ctx.intVal(4))}) == CheckResult::Sat));
}

TEST_CASE("design runs: the wiper covers every target its guards allow, on z3 and cvc5, and explains the others") {
  for (const char* solver : {"z3", "cvc5"}) {
    CAPTURE(solver);
    const auto result =
        test::runAndRead(kConfigs / "wiper.toml", {std::string("solver.name=\"") + solver + "\""}, std::string("design-wiper-") + solver);
    requireReplayed(result);
    CHECK(result["targets"].size() == 12);
    CHECK(result["covered"] == 8);
    for (const auto& t : result["targets"]) {
      CAPTURE(t["name"]);
      if (t["covered"] == true) continue;
      // The four combinations of calc's branches that no intensity and thresholds allow.
      CHECK(t["name"].get<std::string>().starts_with("calc.b1."));
      CHECK(t["reason"] == "infeasible-within-bound");
      CHECK(t["detail"].get<std::string>().starts_with("its guard can never hold: "));
    }
    // Timed tests: the date at the start is the test's initial date, and time never goes back.
    for (const auto& seq : result["sequences"]) {
      CHECK(seq["dates"]["start"] == seq["initial"]["time0"]);
      REQUIRE(seq["dates"]["after_steps"].size() == seq["steps"].size());
      long previous = seq["dates"]["start"].get<long>();
      for (const auto& d : seq["dates"]["after_steps"]) {
        CHECK(d.get<long>() >= previous);
        previous = d.get<long>();
      }
    }
    // The guard checks report the dead combinations only: the programs of different components
    // interleave by design, so their overlaps are not findings.
    CHECK(result["checks"].size() == 4);
    for (const auto& c : result["checks"]) CHECK(c["kind"] == "dead-transition");
    for (const char* covered : {"env.b1.if1", "env.b1.not1", "env.b2", "engine.b1"}) {
      CAPTURE(covered);
      const auto it = std::find_if(result["targets"].begin(), result["targets"].end(),
                                   [&](const auto& t) { return t["name"] == covered; });
      REQUIRE(it != result["targets"].end());
      CHECK((*it)["covered"] == true);
    }
  }
}

TEST_CASE("design runs: with time0 >= 5 assumed the wiper deadlocks in its initial state, and every target says so") {
  const std::filesystem::path out =
      test::runInto(kConfigs / "wiper-late.toml", {}, "design-wiper-late", {}, "[\"json\", \"text\", \"graphs\"]");
  const auto result = test::readJson(out / "result.json");
  CHECK(result["covered"] == 0);
  REQUIRE(result["deadlocks"].size() == 1);
  const auto& deadlock = result["deadlocks"][0];
  CHECK(deadlock["kind"] == "deadlock");
  CHECK(deadlock["message"].get<std::string>().starts_with("deadlock in the initial state"));
  CHECK(contains(deadlock["core"], "time0 >= 5"));
  CHECK(!contains(deadlock["core"], "time0 >= 0"));
  for (const auto& t : result["targets"]) {
    CAPTURE(t["name"]);
    CHECK(t["detail"].get<std::string>().find("deadlocks in its initial state") != std::string::npos);
  }
  // env's samples would be possible without the assumption: they are excluded by it.
  for (const auto& t : result["targets"])
    if (t["name"].get<std::string>().starts_with("env.b1.")) CHECK(t["reason"] == "excluded-by-assumption");
  CHECK(readText(out / "result.txt").find("deadlock in the initial state") != std::string::npos);
}

TEST_CASE("design runs: env's initial snapshot in graph-env.json is Example 2's") {
  const std::filesystem::path out = test::runInto(kConfigs / "wiper.toml", {"budgets.depth=2"}, "design-wiper-graphs", {},
                                                  "[\"graphs\"]");
  const auto env = test::readJson(out / "graph-env.json");
  const auto& root = env["nodes"][0];
  CHECK(root["tree_node"] == 0);
  CHECK(root["eta"]["intensity"] == "intensity0");
  CHECK(root["nu"]["intensity"] == "⊥");
  CHECK(root["delta"] == "time0");
  CHECK(root["pi"] == nlohmann::json::array({"time0 >= 0", "intensity0 == 0"}));
  const auto calc = test::readJson(out / "graph-calc.json");
  CHECK(calc["nodes"][0]["eta"]["speed"] == "speed0");
  CHECK(contains(calc["nodes"][0]["pi"], "speed0 == 0"));
  CHECK(std::filesystem::exists(out / "graph-engine.dot"));
}

TEST_CASE("design runs: the relay (dense time, interleaving, a design used twice) and the designs family are covered") {
  const auto relay = test::runAndRead(kConfigs / "relay.toml", {}, "design-relay");
  requireReplayed(relay);
  CHECK(relay["covered"] == relay["targets"].size());
  CHECK(relay["targets"].size() == 7);  // relay's 3 programs, both branches of left's and of right's
  // Dense time: dates and delays are Reals, written exactly (as strings, docs/results.md), and
  // the tester's delays need not be whole.
  CHECK(relay["sequences"][0]["initial"]["time0"].is_string());
  bool fractional = false;
  for (const auto& s : relay["sequences"])
    for (const auto& step : s["steps"])
      if (step.contains("d")) fractional = fractional || step["d"].get<std::string>().find(".0") == std::string::npos;
  CHECK(fractional);
  for (int n : {1, 3}) {
    CAPTURE(n);
    const auto family = test::runAndRead(kConfigs / "designs.toml",
                                         {"model.file=\"models/designs-" + std::to_string(n) + ".design\""},
                                         "design-family-" + std::to_string(n));
    requireReplayed(family);
    CHECK(family["covered"] == n + 2);
    CHECK(family["targets"].size() == static_cast<std::size_t>(n + 2));
  }
}

TEST_CASE("design runs: a tree search cut short by its time budget still reports the tests of what it covered") {
  // Breadth first to depth 8 without stopping when covered takes minutes on the wiper; with 4 s
  // the search stops early, and the nodes it covered still become replayed tests (the tree keeps
  // time to solve them; without that reserve this run reported 0 of 12).
  const auto result = test::runAndRead(kConfigs / "wiper.toml",
                                       {"budgets.depth=8", "budgets.time_s=4.0", "searcher.name=\"bfs\"",
                                        "strategy.stop_when_covered=false"},
                                       "design-wiper-cut-short");
  requireReplayed(result);
  CHECK(result["covered"].get<int>() >= 1);
}
