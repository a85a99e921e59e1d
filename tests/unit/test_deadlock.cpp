// Deadlocks (analysis/Deadlock.h) on a hand-built timed system shaped like the wiper's env
// (seed-requirements 3.5): one clock (a frozen `time0` and the state `elapsed`), a trigger that
// fires at date 5 + t strictly after the last observation, and the tester's delay input. With the
// initial date at or after the first trigger (`time0 >= 5`) the initial state is a deadlock whose
// core names that axiom; with `time0 >= 0` only, time can bring the trigger; after the trigger
// fired, it can fire again five time units later.
#include <doctest/doctest.h>

#include <algorithm>
#include <memory>
#include <nlohmann/json.hpp>

#include "ShippedSolver.h"
#include "symseq/analysis/Deadlock.h"
#include "symseq/expr/Parser.h"
#include "symseq/expr/Printer.h"
#include "symseq/plugin/Registry.h"
#include "symseq/plugin/Searcher.h"
#include "symseq/plugin/Strategy.h"
#include "symseq/run/PluginOptions.h"
#include "symseq/plugin/Writer.h"
#include "symseq/run/DeadlockChecks.h"

using namespace symseq;

namespace {

//   env --tick   internal [time0 + elapsed == 5 + t && elapsed > last] { t := time0 + elapsed; last := elapsed }
//   env --delay  delay?(d) [d >= 1] { elapsed := elapsed + d }  (synthetic)
//   environment: elapsed may grow (elapsedNext >= elapsed)
struct Clock {
  ExprContext ctx;
  TransitionSystem ts{ctx};
  Expr time0 = ctx.var("time0", Sort::integer());
  Expr elapsed = ctx.var("elapsed", Sort::integer());
  Expr t = ctx.var("t", Sort::integer());
  Expr last = ctx.var("last", Sort::integer());
  Expr d = ctx.var("d", Sort::integer());
  Expr elapsedNext = ctx.var("elapsedNext", Sort::integer());
  TransitionId tick = 0;
  TransitionId delay = 1;

  explicit Clock(std::string_view lowestDate) {
    ts.name = "env";
    auto declare = [](Expr var, VariableRole role, std::optional<Expr> initial) {
      VariableDecl v;
      v.var = var;
      v.role = role;
      v.initial = initial;
      return v;
    };
    VariableDecl clock = declare(time0, VariableRole::State, std::nullopt);
    clock.frozen = true;
    clock.parameter = true;
    ts.variables = {clock, declare(elapsed, VariableRole::State, ctx.intVal(0)),
                    declare(t, VariableRole::State, ctx.intVal(0)), declare(last, VariableRole::State, ctx.intVal(0)),
                    declare(d, VariableRole::Input, std::nullopt)};
    ts.channels = {{"delay", ChannelDirection::Input, {Sort::integer()}}};
    const LocationId env = ts.addLocation("env");
    ts.initial = env;
    Transition trigger;
    trigger.name = "tick";
    trigger.source = trigger.target = env;
    trigger.guard = parseExpr(ctx, "time0 + elapsed == 5 + t && elapsed > last");
    trigger.updates = {{t, parseExpr(ctx, "time0 + elapsed")}, {last, elapsed}};
    Transition wait;
    wait.name = "delay";
    wait.source = wait.target = env;
    wait.guard = parseExpr(ctx, "d >= 1");
    wait.action = {ActionKind::Input, 0, {d}};
    wait.updates = {{elapsed, parseExpr(ctx, "elapsed + d")}};
    wait.synthetic = true;
    ts.transitions = {trigger, wait};
    ts.axioms = {parseExpr(ctx, "time0 >= 0"), parseExpr(ctx, std::string("time0 >= ") + std::string(lowestDate))};
    ts.environment = {{elapsed, elapsedNext, parseExpr(ctx, "elapsedNext >= elapsed")}};
    ts.date = parseExpr(ctx, "time0 + elapsed");
    ts.validate();
  }

  // A tree by hand: the nodes a tree strategy would create along `path` from the root.
  SymbolicTree chain(const std::vector<TransitionId>& path) const {
    SymbolicTree tree;
    tree.nodes.push_back(TreeNode{});
    for (TransitionId step : path) {
      TreeNode n;
      n.id = static_cast<TreeNodeId>(tree.nodes.size());
      n.parent = n.id - 1;
      n.transition = step;
      n.depth = n.id;
      tree.nodes[n.id - 1].children.push_back(n.id);
      tree.nodes.push_back(n);
    }
    return tree;
  }
};

std::vector<std::string> printed(const std::vector<Expr>& es) {
  std::vector<std::string> out;
  for (Expr e : es) out.push_back(toString(e));
  return out;
}

}  // namespace

TEST_CASE("deadlock: an initial date at or after the first trigger deadlocks the initial state") {
  Clock m("5");
  auto solver = test::makeShippedSolver(m.ctx);
  const SymbolicExecutor executor(m.ts);
  const std::optional<Deadlock> d = deadlockAt(executor, executor.initial(), *solver);
  REQUIRE(d.has_value());
  const std::vector<std::string> core = printed(d->core);
  CHECK(std::find(core.begin(), core.end(), "time0 >= 5") != core.end());
  // The weaker axiom plays no part: the core is minimal.
  CHECK(std::find(core.begin(), core.end(), "time0 >= 0") == core.end());

  // On a tree of delays only (the trigger never fires), the root is the one deadlock reported.
  const SymbolicTree tree = m.chain({m.delay, m.delay});
  const std::vector<Deadlock> all = findDeadlocks(m.ts, tree, *solver);
  REQUIRE(all.size() == 1);
  CHECK(all[0].node == 0);
  const ModelFinding f = describe(m.ts, tree, all[0]);
  CHECK(f.kind == "deadlock");
  CHECK(f.message == "deadlock in the initial state (node 0): only time can pass and no basic program will ever be enabled");
  CHECK(f.witness.empty());
  CHECK(std::find(f.core.begin(), f.core.end(), "time0 >= 5") != f.core.end());
}

TEST_CASE("deadlock: time can bring the trigger, before and after it fired") {
  Clock m("0");
  auto solver = test::makeShippedSolver(m.ctx);
  const SymbolicExecutor executor(m.ts);
  CHECK_FALSE(deadlockAt(executor, executor.initial(), *solver).has_value());
  // After a delay and the trigger: the next trigger is five time units later.
  const SymbolicState waited = executor.apply(executor.initial(), m.delay).next;
  const SymbolicState fired = executor.apply(waited, m.tick).next;
  CHECK_FALSE(deadlockAt(executor, fired, *solver).has_value());
  const SymbolicTree tree = m.chain({m.delay, m.tick, m.delay});
  CHECK(findDeadlocks(m.ts, tree, *solver).empty());
}

TEST_CASE("deadlock: a state whose trigger is spent is one, reported after its path") {
  // The trigger no longer advances t: once it fired, it can never fire again.
  Clock m("0");
  m.ts.transitions[m.tick].updates = {{m.last, m.elapsed}};
  auto solver = test::makeShippedSolver(m.ctx);
  const SymbolicTree tree = m.chain({m.delay, m.tick, m.delay, m.delay});
  const std::vector<Deadlock> all = findDeadlocks(m.ts, tree, *solver);
  REQUIRE(all.size() == 1);  // the delays after it are skipped
  CHECK(all[0].node == 2);
  const ModelFinding f = describe(m.ts, tree, all[0]);
  CHECK(f.message == "deadlock after delay, tick (node 2): only time can pass and no basic program will ever be enabled");
  CHECK(f.witness == "delay, tick");
  CHECK_FALSE(f.core.empty());
  // A limit of no checks reports nothing.
  CHECK(findDeadlocks(m.ts, tree, *solver, DeadlockLimits{0}).empty());
}

TEST_CASE("deadlock: a run reports it in result.json and result.txt, with the uncovered targets' detail") {
  Clock m("5");
  auto solver = test::makeShippedSolver(m.ctx);
  RunResult result;
  result.tree = std::make_shared<const SymbolicTree>(m.chain({m.delay, m.delay}));
  result.targets = {{m.tick, false, UncoveredReason::InfeasibleWithinBound}};
  reportDeadlocks(m.ts, result, *solver, DeadlockLimits{});
  REQUIRE(result.deadlocks.size() == 1);
  const std::string detail = result.targets[0].detail;
  CHECK(detail == "the model deadlocks in its initial state: time0 >= 5, time0 + elapsedNext == 5, elapsedNext > 0");

  Registry registry;
  registry.loadDirectory(Registry::defaultPluginDir());
  const ResultHeader header{};
  const auto doc = nlohmann::ordered_json::parse(registry.makeWriter("json", Options{})->write({result, m.ts, header})[0].contents);
  REQUIRE(doc["deadlocks"].size() == 1);
  CHECK(doc["deadlocks"][0]["kind"] == "deadlock");
  CHECK(doc["deadlocks"][0]["core"][0] == "time0 >= 5");
  CHECK(doc["targets"][0].value("detail", std::string()) == detail);
  const std::string txt = registry.makeWriter("text", Options{})->write({result, m.ts, header})[0].contents;
  CHECK(txt.find("  not covered: tick (infeasible-within-bound; " + detail + ")\n") != std::string::npos);
  CHECK(txt.find("\ndeadlocks: 1 finding\n  deadlock: deadlock in the initial state (node 0)") != std::string::npos);

  // Without an environment there is no analysis, and result.json has no `deadlocks`.
  Clock plain("5");
  plain.ts.environment.clear();
  RunResult none;
  none.tree = result.tree;
  reportDeadlocks(plain.ts, none, *solver, DeadlockLimits{});
  CHECK(none.deadlocks.empty());
  const auto plainDoc = nlohmann::ordered_json::parse(registry.makeWriter("json", Options{})->write({none, plain.ts, header})[0].contents);
  CHECK_FALSE(plainDoc.contains("deadlocks"));
}

TEST_CASE("deadlock: result.txt shows the model's date after each step") {
  Clock m("0");
  Registry registry;
  registry.loadDirectory(Registry::defaultPluginDir());
  const auto delayStep = [&](long d, std::vector<TransitionId> path) {
    TestStep s;
    s.channel = 0;
    s.inputs.set(m.d, Value::integer(d));
    s.path = std::move(path);
    return s;
  };
  RunResult result;
  TestSequence named;  // names its transitions: one row per transition
  named.initial.set(m.time0, Value::integer(1));
  named.prefix = std::vector<TransitionId>{};
  named.steps = {delayStep(2, {m.delay}), delayStep(2, {m.delay, m.tick})};
  TestSequence plain;  // a row per step, the trigger fired by the internal closure
  plain.initial.set(m.time0, Value::integer(0));
  plain.steps = {delayStep(3, {}), delayStep(2, {})};
  result.sequences = {named, plain};
  const std::string txt = registry.makeWriter("text", Options{})->write({result, m.ts, ResultHeader{}})[0].contents;
  CHECK(txt.find("#  transition  action         date\n1  delay       delay?(d = 2)  3\n2  delay       delay?(d = 2)  5\n"
                 "3  tick        tau            5\n") != std::string::npos);
  CHECK(txt.find("step  d  date\n1     3  3\n2     2  5\n") != std::string::npos);
  // Without a date, no column.
  m.ts.date.reset();
  const std::string undated = registry.makeWriter("text", Options{})->write({result, m.ts, ResultHeader{}})[0].contents;
  CHECK(undated.find("date") == std::string::npos);
}

namespace {

GenerationResult treeSearch(Clock& m, std::vector<Expr> assumptions) {
  Registry registry;
  registry.loadDirectory(Registry::defaultPluginDir());
  auto strategy = registry.makeStrategy("tree", defaultOptions(registry.info(PluginKind::Strategy, "tree")));
  auto searcher = registry.makeSearcher("bfs", defaultOptions(registry.info(PluginKind::Searcher, "bfs")));
  auto solver = test::makeShippedSolver(m.ctx);
  Budgets budgets;
  budgets.depth = 4;
  GenerationJob job{m.ts, *solver, {}, {m.tick}, budgets, 0, std::chrono::steady_clock::now() + budgets.time};
  job.searcher = searcher.get();
  job.assumptions = std::move(assumptions);
  return strategy->generate(job);
}

}  // namespace

TEST_CASE("deadlock: the tree strategy says when only the run's [assume] constraints keep a target uncovered") {
  Clock free("0");
  CHECK(treeSearch(free, {}).uncovered.empty());  // the trigger fires after a delay

  // `time0 >= 5` assumed (the run file's [assume]: also an axiom): the trigger would fire without it.
  Clock assumed("0");
  const Expr late = parseExpr(assumed.ctx, "time0 >= 5");
  assumed.ts.axioms.push_back(late);
  const GenerationResult excluded = treeSearch(assumed, {late});
  REQUIRE(excluded.uncovered.contains(assumed.tick));
  CHECK((excluded.uncovered.at(assumed.tick) == UncoveredReason::ExcludedByAssumption));

  // The same constraint as the model's own axiom excludes nothing: the target is infeasible.
  Clock axiom("5");
  const GenerationResult infeasible = treeSearch(axiom, {});
  REQUIRE(infeasible.uncovered.contains(axiom.tick));
  CHECK((infeasible.uncovered.at(axiom.tick) != UncoveredReason::ExcludedByAssumption));
}
