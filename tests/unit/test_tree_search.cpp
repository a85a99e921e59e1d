// The tree strategy with each searcher (bfs, dfs, coverage) through the tree search: coverage confirmed by
// replay with the real external function, the expected outputs checked, SolveTab's enrichment
// making the difference, honest reasons for what stays uncovered, budgets and determinism.
#include <doctest/doctest.h>

#include "symseq/exec/SymbolicTree.h"
#include "symseq/plugin/Heuristic.h"
#include "symseq/plugin/Registry.h"
#include "symseq/plugin/Searcher.h"
#include "symseq/plugin/Strategy.h"
#include "symseq/solver/Solver.h"
#include "symseq/run/PluginOptions.h"
#include "symseq/plugin/Writer.h"
#include "symseq/exec/RunResult.h"
#include "symseq/summary/FunctionTable.h"

// Whole generation runs (model, solver, strategy, replay): the `integration` label (tests/README.md).
TEST_SUITE_BEGIN("integration");

using namespace symseq;

namespace {

// idle --in?(x), v := x--> got; got --[SQ(v) > 10]--> big --out!(SQ(v))--> idle;
// got --[SQ(v) <= 10]--> idle; idle --[v < 0 && v > 0]--> idle (never).
struct SquareModel {
  ExprContext ctx;
  TransitionSystem sys{ctx};
  const FunctionDecl& sq = ctx.declareFunction("SQ", {Sort::integer()}, Sort::integer(), FunctionKind::External);
  FunctionTables tables;
  FunctionInterpretations real;

  SquareModel() {
    const Expr v = ctx.var("v", Sort::integer());
    const Expr x = ctx.var("in.x", Sort::integer());
    const Expr square = ctx.apply(sq, {v});
    sys.name = "square";
    sys.variables.push_back({v, VariableRole::State, ctx.intVal(0), std::nullopt});
    sys.variables.push_back({x, VariableRole::Input, std::nullopt, std::nullopt});
    sys.channels.push_back({"in", ChannelDirection::Input, {Sort::integer()}});
    sys.channels.push_back({"out", ChannelDirection::Output, {Sort::integer()}});
    sys.externals.push_back(&sq);
    const LocationId idle = sys.addLocation("idle"), got = sys.addLocation("got"), big = sys.addLocation("big");
    sys.transitions.push_back({"read", idle, got, ctx.boolVal(true), Action{ActionKind::Input, 0, {x}}, {{v, x}}, std::nullopt});
    sys.transitions.push_back({"large", got, big, ctx.make(Op::Gt, {square, ctx.intVal(10)}), Action{}, {}, std::nullopt});
    sys.transitions.push_back({"small", got, idle, ctx.make(Op::Le, {square, ctx.intVal(10)}), Action{}, {}, std::nullopt});
    sys.transitions.push_back({"report", big, idle, ctx.boolVal(true), Action{ActionKind::Output, 1, {square}}, {}, std::nullopt});
    sys.transitions.push_back({"never", idle, idle,
                               ctx.make(Op::And, {ctx.make(Op::Lt, {v, ctx.intVal(0)}), ctx.make(Op::Gt, {v, ctx.intVal(0)})}),
                               Action{}, {}, std::nullopt});
    sys.validate();
    tables.table(sq).add({{Value::integer(1)}, Value::integer(1)});
    real.set(sq, [](std::span<const Value> a) { return Value::integer(a[0].asInt() * a[0].asInt()); });
  }
};

struct Run {
  RunResult result;
  GenerationResult proposed;
};

Run generate(SquareModel& m, const std::string& searcherName, std::int64_t attempts, std::int64_t maxStates = 1000) {
  Registry registry;
  registry.loadDirectory(Registry::defaultPluginDir());
  Options options = defaultOptions(registry.info(PluginKind::Strategy, "tree"));
  options.set("enrich_attempts", attempts);
  options.set("max_states", maxStates);
  auto s = registry.makeStrategy("tree", options);
  auto searcher = registry.makeSearcher(searcherName, defaultOptions(registry.info(PluginKind::Searcher, searcherName)));
  auto h = registry.makeHeuristic("no-corres", Options{});
  const HeuristicRef heuristics[] = {{"no-corres", h.get()}};
  auto solver = registry.makeSolver("z3", m.ctx, defaultOptions(registry.info(PluginKind::Solver, "z3")));
  std::vector<TransitionId> targets{0, 1, 2, 3, 4};
  Budgets budgets;
  budgets.depth = 6;
  GenerationJob job{m.sys, *solver, heuristics, targets, budgets, 0, std::chrono::steady_clock::now() + budgets.time};
  job.tables = &m.tables;
  job.functions = &m.real;
  job.searcher = searcher.get();
  Run r;
  r.proposed = s->generate(job);
  r.result = checkByReplay(m.sys, targets, r.proposed, &m.real);
  return r;
}

// The file `name` as the writer plugin `writer` writes it for this result.
std::string written(const std::string& writer, const std::string& name, const RunResult& result,
                    const TransitionSystem& system) {
  Registry registry;
  registry.loadDirectory(Registry::defaultPluginDir());
  const ResultHeader header{"square", "test", "z3", "tree", 0};
  for (const OutputFile& f : registry.makeWriter(writer, Options{})->write({result, system, header}))
    if (f.name == name) return f.contents;
  FAIL("writer '" << writer << "' wrote no " << name);
  return "";
}

std::string reasonOf(const RunResult& r, TransitionId t) {
  for (const TargetOutcome& o : r.targets)
    if (o.transition == t && o.reason) return std::string(toString(*o.reason));
  return "";
}

}  // namespace

TEST_CASE("tree strategies: enrichment covers what the static table cannot, confirmed by replay with the real function" * doctest::test_suite("slow")) {
  for (const char* searcher : {"bfs", "dfs", "coverage"}) {
    CAPTURE(searcher);
    SquareModel fixed;
    const Run stat = generate(fixed, searcher, 0);
    CHECK(stat.result.replayed);
    CHECK(stat.result.covered.contains(0));
    CHECK(stat.result.covered.contains(2));   // v = 1 is in the table: SQ(1) = 1 <= 10
    CHECK_FALSE(stat.result.covered.contains(1));
    CHECK(reasonOf(stat.result, 1) == "budget-exhausted");  // the table, not the model, fell short
    CHECK(reasonOf(stat.result, 4) == "budget-exhausted");

    SquareModel enriched;
    const Run run = generate(enriched, searcher, 3);
    CHECK(run.result.replayed);
    CHECK(run.result.coveredTargets() == 4);  // all but `never`
    CHECK(run.proposed.stats.get(stat::kTableRowsAdded) >= 1);
    CHECK(enriched.tables.find(enriched.sq)->size() >= 2);
    // Every reported sequence names its transitions and the output it expects, and replay agreed.
    for (const TestSequence& s : run.result.sequences) CHECK(s.prefix.has_value());
    REQUIRE(run.proposed.tree);
    CHECK(run.proposed.tree->nodes.size() == run.proposed.stats.get(stat::kStates));
  }
}

TEST_CASE("tree strategies: a guard no path satisfies is infeasible within the bound once the tree is complete") {
  SquareModel m;
  // With a table for the values that matter, nothing is left to enrichment: SQ(v) for v = 0.
  m.tables.table(m.sq).add({{Value::integer(0)}, Value::integer(0)});
  m.sys.transitions[1].guard = m.ctx.boolVal(false);  // `large` never fires; the tree can be finished
  m.sys.transitions[3].guard = m.ctx.boolVal(false);
  const Run run = generate(m, "bfs", 0);
  // Paths through `small` carry calls of SQ, but `never` is unsatisfiable whatever SQ returns.
  CHECK(reasonOf(run.result, 4) == "infeasible-within-bound");
  SquareModel plain;
  plain.sys.transitions[1].guard = plain.ctx.boolVal(false);
  plain.sys.transitions[2].guard = plain.ctx.boolVal(true);
  plain.sys.transitions[3].guard = plain.ctx.boolVal(false);
  const Run proved = generate(plain, "bfs", 0);
  CHECK(reasonOf(proved.result, 4) == "infeasible-within-bound");
  CHECK(reasonOf(proved.result, 1) == "infeasible-within-bound");
}

TEST_CASE("tree strategies: the state budget ends the search, and the same job gives the same tests and tree") {
  SquareModel small;
  const Run cut = generate(small, "bfs", 3, 2);
  CHECK(cut.proposed.stats.get(stat::kStates) <= 2);
  CHECK(reasonOf(cut.result, 3) == "budget-exhausted");

  SquareModel a, b;
  const Run x = generate(a, "coverage", 3), y = generate(b, "coverage", 3);
  REQUIRE(x.result.tree);
  CHECK(written("tree", "tree.json", x.result, a.sys) == written("tree", "tree.json", y.result, b.sys));
  CHECK(written("tree", "tree.dot", x.result, a.sys) == written("tree", "tree.dot", y.result, b.sys));
  CHECK(written("json", "result.json", x.result, a.sys) == written("json", "result.json", y.result, b.sys));
}

TEST_SUITE_END();
