// The `graphs` writer (plugins/graph-writer): per component, the projection of the symbolic tree
// onto it (Definition 9 of symbolic-execution-of-system-designs.md) with each node's snapshot
// (η, ν, δ, π); the root printed as the paper's Example 2. On a hand-built IR shaped like the
// wiper's env + calc lowering (docs/models/design.md), with a hand-built tree and with the tree
// strategy's own.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <algorithm>
#include <set>

#include "symseq/exec/RunResult.h"
#include "symseq/exec/SymbolicTree.h"
#include "symseq/plugin/Registry.h"
#include "symseq/plugin/Searcher.h"
#include "symseq/plugin/Strategy.h"
#include "symseq/plugin/Writer.h"
#include "symseq/run/PluginOptions.h"
#include "symseq/solver/Solver.h"

using namespace symseq;
using json = nlohmann::json;

namespace {

// env (port intensity := 0, private t := 0) reuses calc (ports intensity := 0, speed := 0, a
// threshold th1): env every 5 time units consumes a waiting intensity and sends it to calc,
// calc consumes it and computes its speed. Lowered as docs/models/design.md says: one clock
// (time0 + elapsed), a tester's delay and an input on env.intensity, one transition per branch.
struct WiperModel {
  ExprContext ctx;
  TransitionSystem sys{ctx};
  const Sort I = Sort::integer();
  const Sort B = Sort::boolean();
  const Expr time0 = ctx.var("time0", I), elapsed = ctx.var("elapsed", I);
  const Expr envI = ctx.var("env.intensity", I), envIA = ctx.var("env.intensity.avail", B),
             envIB = ctx.var("env.intensity.buf", I), envT = ctx.var("env.t", I), envLast = ctx.var("env.last", I);
  const Expr calcI = ctx.var("calc.intensity", I), calcIA = ctx.var("calc.intensity.avail", B),
             calcIB = ctx.var("calc.intensity.buf", I), calcS = ctx.var("calc.speed", I),
             calcSA = ctx.var("calc.speed.avail", B), calcSB = ctx.var("calc.speed.buf", I),
             th1 = ctx.var("calc.th1", I), calcLast = ctx.var("calc.last", I);
  const Expr d = ctx.var("delay.d", I), v = ctx.var("env.intensity.v", I);

  Expr now() { return ctx.make(Op::Add, {time0, elapsed}); }
  Expr i(int n) { return ctx.intVal(n); }
  Expr all(std::initializer_list<Expr> parts) { return ctx.mkAnd(std::vector<Expr>(parts)); }

  void state(Expr var, std::optional<Expr> initial) {
    sys.variables.push_back({var, VariableRole::State, initial, std::nullopt});
  }

  WiperModel() {
    sys.name = "env";
    sys.variables.push_back({time0, VariableRole::State, std::nullopt, std::nullopt, true, true});
    sys.axioms.push_back(ctx.make(Op::Ge, {time0, i(0)}));
    state(elapsed, i(0));
    for (const Expr& p : {envI, envIB, calcI, calcIB, calcS, calcSB}) state(p, i(0));
    for (const Expr& a : {envIA, calcIA, calcSA}) state(a, ctx.boolVal(false));
    for (const Expr& l : {envT, envLast, calcLast}) state(l, i(0));
    sys.variables.push_back({th1, VariableRole::State, std::nullopt, std::nullopt, true, true});
    sys.variables.push_back({d, VariableRole::Input, std::nullopt, std::nullopt});
    sys.variables.push_back({v, VariableRole::Input, std::nullopt, std::nullopt});
    const LocationId at = sys.addLocation("env");
    sys.channels = {{"delay", ChannelDirection::Input, {I}},
                    {"env.intensity", ChannelDirection::Input, {I}},
                    {"env", ChannelDirection::Output, {I}}};
    const Expr tick = all({ctx.make(Op::Eq, {now(), ctx.make(Op::Add, {i(5), envT})}),
                           ctx.make(Op::Gt, {elapsed, envLast})});
    const Expr low = ctx.make(Op::Lt, {calcIB, th1});
    const Expr calcReady = all({calcIA, ctx.make(Op::Gt, {elapsed, calcLast})});
    const std::vector<Update> calcIn{{calcI, calcIB}, {calcIA, ctx.boolVal(false)}};
    auto calcBody = [&](int speed) {
      std::vector<Update> u = calcIn;
      u.push_back({calcS, i(speed)});
      u.push_back({calcLast, elapsed});
      return u;
    };
    sys.transitions = {
        {.name = "delay", .source = at, .target = at, .guard = ctx.make(Op::Ge, {d, i(1)}),
         .action = {ActionKind::Input, 0, {d}}, .updates = {{elapsed, ctx.make(Op::Add, {elapsed, d})}},
         .where = std::nullopt, .synthetic = true},
        {.name = "env.intensity?", .source = at, .target = at, .guard = ctx.mkNot(envIA),
         .action = {ActionKind::Input, 1, {v}}, .updates = {{envIB, v}, {envIA, ctx.boolVal(true)}},
         .where = std::nullopt, .synthetic = true},
        {.name = "env.b1.if1", .source = at, .target = at,
         .guard = all({tick, envIA, ctx.mkNot(calcIA), ctx.make(Op::Gt, {elapsed, calcLast})}),
         .action = {ActionKind::Output, 2, {envIB}},
         .updates = {{envI, envIB}, {envIA, ctx.boolVal(false)}, {calcIB, envI}, {calcIA, ctx.boolVal(true)},
                     {envT, now()}, {envLast, elapsed}, {calcLast, elapsed}},
         .where = std::nullopt, .origin = "env.b1", .variant = {"if1"}},
        {.name = "env.b1.not1", .source = at, .target = at, .guard = all({tick, ctx.mkNot(envIA)}),
         .action = {ActionKind::Output, 2, {envI}}, .updates = {{envT, now()}, {envLast, elapsed}},
         .where = std::nullopt, .origin = "env.b1", .variant = {"not1"}},
        {.name = "calc.b1.if1", .source = at, .target = at, .guard = all({calcReady, low}), .action = {},
         .updates = calcBody(1), .where = std::nullopt, .origin = "calc.b1", .variant = {"if1"}},
        {.name = "calc.b1.not1", .source = at, .target = at, .guard = all({calcReady, ctx.mkNot(low)}),
         .action = {}, .updates = calcBody(2), .where = std::nullopt, .origin = "calc.b1", .variant = {"not1"}},
    };
    sys.components = {
        {.name = "env", .design = "env", .ports = {{"intensity", envI, envIA, envIB}}, .privates = {envT},
         .date = now(), .observations = {0, 1, 2, 3}, .where = std::nullopt},
        {.name = "calc", .design = "calc",
         .ports = {{"intensity", calcI, calcIA, calcIB}, {"speed", calcS, calcSA, calcSB}}, .privates = {th1},
         .date = now(), .observations = {2, 4, 5}, .where = std::nullopt},
    };
    sys.date = now();
    sys.validate();
  }
};

constexpr TransitionId kDelay = 0, kIntensity = 1, kSend = 2, kCalcLow = 4, kCalcHigh = 5;

// Example 3's path (delay, a value on env.intensity, delay, env sends it, delay, calc computes
// either speed) and, beside it, a value arriving at once: the tree as a tree strategy would keep it.
SymbolicTree exampleTree() {
  SymbolicTree tree;
  const auto add = [&](std::optional<TreeNodeId> parent, std::optional<TransitionId> t, bool onTest) {
    TreeNode n;
    n.id = static_cast<TreeNodeId>(tree.nodes.size());
    n.parent = parent;
    n.transition = t;
    n.depth = parent ? tree.nodes[*parent].depth + 1 : 0;
    n.onTest = onTest;
    if (parent) tree.nodes[*parent].children.push_back(n.id);
    tree.nodes.push_back(n);
    return n.id;
  };
  const TreeNodeId root = add(std::nullopt, std::nullopt, true);
  const TreeNodeId n1 = add(root, kDelay, true);
  const TreeNodeId n2 = add(n1, kIntensity, true);
  const TreeNodeId n3 = add(n2, kDelay, true);
  const TreeNodeId n4 = add(n3, kSend, true);
  const TreeNodeId n5 = add(n4, kDelay, true);  // calc's observation comes strictly later
  add(n5, kCalcLow, true);
  add(n5, kCalcHigh, false);
  add(root, kIntensity, false);
  return tree;
}

std::vector<OutputFile> writeGraphs(const TransitionSystem& sys, std::shared_ptr<const SymbolicTree> tree) {
  Registry registry;
  registry.loadDirectory(Registry::defaultPluginDir());
  RunResult result;
  result.tree = std::move(tree);
  const ResultHeader header{"env", "design", "z3", "tree", 0};
  return registry.makeWriter("graphs", Options{})->write({result, sys, header});
}

std::string file(const std::vector<OutputFile>& files, const std::string& name) {
  for (const OutputFile& f : files)
    if (f.name == name) return f.contents;
  FAIL("the graphs writer wrote no " << name);
  return "";
}

json graph(const std::vector<OutputFile>& files, const std::string& instance) {
  return json::parse(file(files, "graph-" + instance + ".json"));
}

std::vector<std::string> names(const std::vector<OutputFile>& files) {
  std::vector<std::string> out;
  for (const OutputFile& f : files) out.push_back(f.name);
  return out;
}

// The tree nodes of a graph, in its order.
std::vector<TreeNodeId> treeNodes(const json& g) {
  std::vector<TreeNodeId> out;
  for (const json& n : g["nodes"]) out.push_back(n["tree_node"].get<TreeNodeId>());
  return out;
}

}  // namespace

TEST_CASE("graph writer: the root snapshot of each component prints as the paper's Example 2") {
  WiperModel m;
  const std::vector<OutputFile> files = writeGraphs(m.sys, std::make_shared<SymbolicTree>(exampleTree()));
  CHECK(names(files) == std::vector<std::string>{"graph-env.json", "graph-env.dot", "graph-calc.json", "graph-calc.dot"});

  // env: η0(intensity) -> intensity0, ν0(intensity) -> ⊥, t0, π0 = {t0 >= 0, intensity0 = 0}.
  const json env = graph(files, "env")["nodes"][0];
  CHECK(env["tree_node"] == 0);
  CHECK(env["eta"] == json{{"intensity", "intensity0"}});
  CHECK(env["nu"] == json{{"intensity", "⊥"}});
  CHECK(env["delta"] == "time0");
  CHECK(env["pi"] == json{"time0 >= 0", "intensity0 == 0"});
  CHECK_FALSE(env.contains("transition"));
  // calc, Example 3's right column: its own fresh names, both ports constrained to 0.
  const json calc = graph(files, "calc")["nodes"][0];
  CHECK(calc["eta"] == json{{"intensity", "intensity0"}, {"speed", "speed0"}});
  CHECK(calc["nu"] == json{{"intensity", "⊥"}, {"speed", "⊥"}});
  CHECK(calc["delta"] == "time0");
  CHECK(calc["pi"] == json{"time0 >= 0", "intensity0 == 0", "speed0 == 0"});

  // The DOT record holds the same text.
  const std::string dot = file(files, "graph-env.dot");
  CHECK(dot.find("n0 [label=\"{env n0 (tree #0), on a test\\l|η(intensity) → intensity0\\l|ν(intensity) → ⊥\\l"
                 "|δ → time0\\l|π = \\{time0 \\>= 0,\\l   intensity0 == 0\\}\\l}\", penwidth=2.5];") != std::string::npos);
}

TEST_CASE("graph writer: later snapshots follow the tree path, with the store's terms as they are") {
  WiperModel m;
  const std::vector<OutputFile> files = writeGraphs(m.sys, std::make_shared<SymbolicTree>(exampleTree()));
  const json env = graph(files, "env");
  // A value arrived on env.intensity (Example 3's second snapshot): buffered, not yet current.
  const json& arrived = env["nodes"][2];
  CHECK(arrived["tree_node"] == 2);
  CHECK(arrived["transition"] == "env.intensity?");
  CHECK(arrived["eta"] == json{{"intensity", "intensity0"}});
  CHECK(arrived["nu"] == json{{"intensity", "env.intensity.v@2"}});
  CHECK(arrived["delta"] == "time0 + delay.d@1");
  CHECK(arrived["pi"] == json{"time0 >= 0", "intensity0 == 0", "delay.d@1 >= 1"});
  // env consumed it at date 5 (the third snapshot): current, the buffer empty again.
  const json& sent = env["nodes"][4];
  CHECK(sent["tree_node"] == 4);
  CHECK(sent["eta"] == json{{"intensity", "env.intensity.v@2"}});
  CHECK(sent["nu"] == json{{"intensity", "⊥"}});
  CHECK(sent["delta"] == "time0 + delay.d@1 + delay.d@3");
  CHECK(sent["pi"] == json{"time0 >= 0", "intensity0 == 0", "delay.d@1 >= 1", "delay.d@3 >= 1",
                           "time0 + delay.d@1 + delay.d@3 == 5", "delay.d@1 + delay.d@3 > 0"});
  CHECK(sent["on_test"] == true);
  CHECK(env["nodes"][6]["on_test"] == false);
  // calc at the same tree node: the value waits in its buffer, its current values unchanged.
  const json calc = graph(files, "calc");
  CHECK(calc["nodes"][1]["eta"] == json{{"intensity", "intensity0"}, {"speed", "speed0"}});
  CHECK(calc["nodes"][1]["nu"] == json{{"intensity", "env.intensity.v@2"}, {"speed", "⊥"}});
  // calc ran later: consumed it and computed its speed under the threshold's constraint.
  const json& low = calc["nodes"][2];
  CHECK(low["eta"] == json{{"intensity", "env.intensity.v@2"}, {"speed", "1"}});
  CHECK(low["nu"] == json{{"intensity", "⊥"}, {"speed", "⊥"}});
  CHECK(low["delta"] == "time0 + delay.d@1 + delay.d@3 + delay.d@5");
  CHECK(low["pi"].back() == "env.intensity.v@2 < calc.th1");
  CHECK(calc["nodes"][3]["eta"]["speed"] == "2");
  CHECK(calc["nodes"][3]["pi"].back() == "!(env.intensity.v@2 < calc.th1)");
}

TEST_CASE("graph writer: a component's graph has the root and the nodes its observations reach, edges from the nearest") {
  WiperModel m;
  const std::vector<OutputFile> files = writeGraphs(m.sys, std::make_shared<SymbolicTree>(exampleTree()));
  const json env = graph(files, "env");
  CHECK(env["component"] == "env");
  CHECK(env["ports"] == json{"intensity"});
  CHECK(treeNodes(env) == std::vector<TreeNodeId>{0, 1, 2, 3, 4, 5, 8});
  CHECK(env["edges"] == json::parse(R"([
    {"from": 0, "to": 1, "transitions": ["delay"]},
    {"from": 1, "to": 2, "transitions": ["env.intensity?"]},
    {"from": 2, "to": 3, "transitions": ["delay"]},
    {"from": 3, "to": 4, "transitions": ["env.b1.if1"]},
    {"from": 4, "to": 5, "transitions": ["delay"]},
    {"from": 0, "to": 6, "transitions": ["env.intensity?"]}])"));
  // calc observes only its programs and what is delivered to it: the path up to the delivery is one edge.
  const json calc = graph(files, "calc");
  CHECK(treeNodes(calc) == std::vector<TreeNodeId>{0, 4, 6, 7});
  CHECK(calc["edges"] == json::parse(R"([
    {"from": 0, "to": 1, "transitions": ["delay", "env.intensity?", "delay", "env.b1.if1"]},
    {"from": 1, "to": 2, "transitions": ["delay", "calc.b1.if1"]},
    {"from": 1, "to": 3, "transitions": ["delay", "calc.b1.not1"]}])"));
  const std::string dot = file(files, "graph-calc.dot");
  CHECK(dot.find("  n0 -> n1 [label=\"delay; env.intensity?; delay; env.b1.if1\", penwidth=2.5];\n") != std::string::npos);
  CHECK(dot.find("  n1 -> n3 [label=\"delay; calc.b1.not1\"];\n") != std::string::npos);
}

TEST_CASE("graph writer: nothing for a model without components or a run without a tree, the same bytes twice") {
  WiperModel m;
  CHECK(writeGraphs(m.sys, nullptr).empty());
  WiperModel flat;
  flat.sys.components.clear();
  CHECK(writeGraphs(flat.sys, std::make_shared<SymbolicTree>(exampleTree())).empty());

  const auto tree = std::make_shared<SymbolicTree>(exampleTree());
  const std::vector<OutputFile> first = writeGraphs(m.sys, tree);
  const std::vector<OutputFile> second = writeGraphs(m.sys, tree);
  REQUIRE(first.size() == second.size());
  for (std::size_t k = 0; k < first.size(); ++k) {
    CAPTURE(first[k].name);
    CHECK(first[k].name == second[k].name);
    CHECK(first[k].contents == second[k].contents);
  }
  // And the same bytes from a model built again in a fresh context.
  WiperModel again;
  CHECK(file(writeGraphs(again.sys, tree), "graph-calc.dot") == file(first, "graph-calc.dot"));
}

// The tree strategy's own tree (a whole generation run: the `integration` label).
TEST_CASE("graph writer: the projection of the tree strategy's tree, node by node" * doctest::test_suite("integration")) {
  WiperModel m;
  Registry registry;
  registry.loadDirectory(Registry::defaultPluginDir());
  auto strategy = registry.makeStrategy("tree", defaultOptions(registry.info(PluginKind::Strategy, "tree")));
  auto searcher = registry.makeSearcher("bfs", defaultOptions(registry.info(PluginKind::Searcher, "bfs")));
  auto solver = registry.makeSolver("z3", m.ctx, defaultOptions(registry.info(PluginKind::Solver, "z3")));
  Budgets budgets;
  budgets.depth = 6;
  GenerationJob job{m.sys, *solver, {}, {2, 3, 4, 5}, budgets, 0, std::chrono::steady_clock::now() + budgets.time};
  job.searcher = searcher.get();
  const GenerationResult generated = strategy->generate(job);
  REQUIRE(generated.tree);
  const SymbolicTree& tree = *generated.tree;

  const std::vector<OutputFile> files = writeGraphs(m.sys, generated.tree);
  for (const Component& c : m.sys.components) {
    CAPTURE(c.name);
    const json g = graph(files, c.name);
    const std::set<TransitionId> observations(c.observations.begin(), c.observations.end());
    const auto inGraph = [&](TreeNodeId n) {
      return !tree.nodes[n].transition || observations.contains(*tree.nodes[n].transition);
    };
    std::vector<TreeNodeId> expected;
    for (const TreeNode& n : tree.nodes)
      if (inGraph(n.id)) expected.push_back(n.id);
    CHECK(treeNodes(g) == expected);
    // calc's programs too: delay, a value, delay, env sends it, delay, calc runs (depth 6).
    CHECK(std::any_of(expected.begin(), expected.end(), [&](TreeNodeId n) {
      return tree.nodes[n].transition && m.sys.transitions[*tree.nodes[n].transition].origin == c.name + ".b1";
    }));
    // Each edge: from the nearest graph node above, labelled with the tree path between them.
    const std::vector<TreeNodeId> ids = treeNodes(g);
    REQUIRE(g["edges"].size() == ids.size() - 1);
    for (const json& e : g["edges"]) {
      TreeNodeId at = ids[e["to"].get<std::size_t>()];
      std::vector<std::string> path;
      do {
        path.insert(path.begin(), m.sys.transitions[*tree.nodes[at].transition].name);
        at = *tree.nodes[at].parent;
      } while (!inGraph(at));
      CHECK(ids[e["from"].get<std::size_t>()] == at);
      CHECK(e["transitions"].get<std::vector<std::string>>() == path);
    }
    for (const json& n : g["nodes"]) {
      const TreeNode& t = tree.nodes[n["tree_node"].get<TreeNodeId>()];
      CHECK(n["depth"] == t.depth);
      CHECK(n["on_test"] == t.onTest);
    }
  }
}
