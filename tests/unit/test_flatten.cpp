// Quasi-flattening (plugins/statechart/Flatten.h) on charts built by hand: the numbers of
// seed-requirements 2.10 (Figure 2's shape, Figures 3 and 4) and the fixes of 2.9 (weak abort,
// immediate transitions, parallel regions, priorities).
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "ChartBuilder.h"
#include "symseq/expr/ExprContext.h"
#include "symseq/statechart/Flatten.h"

using namespace symseq;
using namespace symseq::statechart;

namespace {

struct Builder {
  ExprContext ctx;

  Expr sig(const std::string& name) { return ctx.var(name, Sort::boolean()); }

  ChartTransition tr(const std::string& name, const std::string& from, const std::string& to, Expr trigger,
                     TransitionKind kind = TransitionKind::Normal) {
    return test::chartTransition(ctx, name, from, to, trigger, kind);
  }
  ChartTransition tr(const std::string& name, const std::string& from, const std::string& to) {
    return tr(name, from, to, sig(name));
  }
  Effect emit(const std::string& signal) { return Effect{sig(signal), ctx.boolVal(true), {}}; }
};

State simple(const std::string& name, bool final = false) { return State{name, final, {}, {}}; }
State macro(const std::string& name, std::vector<Automaton> regions, bool final = false) {
  return State{name, final, std::move(regions), {}};
}
Automaton automaton(const std::string& name, std::vector<State> states, std::vector<ChartTransition> transitions) {
  Automaton a;
  a.name = name;
  a.initial = states.front().name;
  a.states = std::move(states);
  a.transitions = std::move(transitions);
  return a;
}

const FlatTransition* find(const FlatChart& f, const std::string& name) {
  for (const FlatTransition& t : f.main.transitions)
    if (t.name == name) return &t;
  return nullptr;
}
std::string stateName(const FlatChart& f, std::uint32_t i) { return f.main.states.at(i).name; }
bool hasState(const FlatChart& f, const std::string& name) {
  return std::any_of(f.main.states.begin(), f.main.states.end(), [&](const FlatState& s) { return s.name == name; });
}
std::vector<std::string> stateNames(const FlatChart& f) {
  std::vector<std::string> names;
  for (const FlatState& s : f.main.states) names.push_back(s.name);
  return names;
}

// A three-state automaton x0 -> x1 -> x2 (x0 initial).
Automaton chain3(Builder& b, const std::string& p) {
  return automaton(p, {simple(p + "0"), simple(p + "1"), simple(p + "2")},
                   {b.tr(p + "a", p + "0", p + "1"), b.tr(p + "b", p + "1", p + "2")});
}

}  // namespace

TEST_CASE("flatten: Figure 2's shape gives 13122 combinations, 16 flat states, 144 combinations and 8 registers") {
  Builder b;
  // Hierarchical automata of sizes 3 (top), 6, 3, 3, 3, 3 with five macro-states refined.
  Automaton inner = automaton("A1",
                              {macro("B0", {chain3(b, "c")}), macro("B1", {chain3(b, "d")}), macro("B2", {chain3(b, "e")}),
                               macro("B3", {chain3(b, "f")}), simple("B4"), simple("B5")},
                              {b.tr("u0", "B0", "B1"), b.tr("u1", "B1", "B2"), b.tr("u2", "B2", "B3"),
                               b.tr("u3", "B3", "B4"), b.tr("u4", "B4", "B5")});
  Chart chart;
  chart.name = "fig2";
  chart.main = automaton("A0", {macro("A", {inner}), simple("X"), simple("Y")}, {b.tr("v0", "A", "X"), b.tr("v1", "X", "Y")});
  chart.observers = {chain3(b, "o"), chain3(b, "p")};

  const FlatChart f = quasiFlatten(chart, b.ctx);
  const FlattenMetrics& m = f.metrics;
  CHECK(m.automata == 8);
  CHECK(m.hierarchicalAutomata == 6);
  CHECK(m.observerAutomata == 2);
  CHECK(m.statesBefore == 3 + 6 + 4 * 3 + 3 + 3);
  CHECK(m.combinationsBefore == 13122);
  CHECK(m.macroStates == 5);
  CHECK(m.flatStates == 16);
  CHECK(f.main.states.size() == 16);
  CHECK(m.combinationsAfter == 144);
  CHECK(m.registers == 8);
  CHECK(m.flatTransitions == f.main.transitions.size());
  CHECK(f.observers.size() == 2);
  CHECK(stateName(f, f.main.initial) == "c0");  // A, then B0, merged with their initial sub-states
}

TEST_CASE("flatten: Figure 3, entry relinking and strong preemption with the inner guard lowered") {
  Builder b;
  // St = {3 (initial), 4, 5}; t0, t1, t2 enter St; t6 then t7 preempt it; t3, t4 are inner.
  Automaton sub = automaton("Sub", {simple("3"), simple("4"), simple("5")}, {b.tr("t3", "3", "4"), b.tr("t4", "4", "5")});
  Chart chart;
  chart.name = "fig3";
  chart.main = automaton("Top", {simple("0"), simple("1"), simple("2"), macro("St", {sub}), simple("6"), simple("7")},
                         {b.tr("t0", "0", "St"), b.tr("t1", "1", "St"), b.tr("t2", "2", "St"),
                          b.tr("t6", "St", "6", b.sig("t6"), TransitionKind::StrongAbort),
                          b.tr("t7", "St", "7", b.sig("t7"), TransitionKind::StrongAbort)});
  const FlatChart f = quasiFlatten(chart, b.ctx);

  CHECK_FALSE(hasState(f, "St"));
  CHECK(f.main.states.size() == 8);
  for (const char* t : {"t0", "t1", "t2"}) {
    CAPTURE(t);
    REQUIRE(find(f, t) != nullptr);
    CHECK(stateName(f, find(f, t)->target) == "3");
  }
  std::size_t preemptions = 0;
  for (const FlatTransition& t : f.main.transitions) {
    if (t.origin != "t6" && t.origin != "t7") continue;
    ++preemptions;
    CHECK(t.guard == b.sig(t.origin));
    CHECK(stateName(f, t.target) == (t.origin == "t6" ? "6" : "7"));
    CHECK(t.provenance.find(t.origin + " preempting St, from " + stateName(f, t.source)) != std::string::npos);
  }
  CHECK(preemptions == 6);
  REQUIRE(find(f, "t6@4") != nullptr);
  CHECK(stateName(f, find(f, "t6@4")->source) == "4");
  REQUIRE(find(f, "t3") != nullptr);
  CHECK(find(f, "t3")->guard == b.ctx.make(Op::And, {b.ctx.mkNot(b.sig("t7")), b.ctx.mkNot(b.sig("t6")), b.sig("t3")}));
  CHECK(find(f, "t3")->provenance == "below t6 preempting St; below t7 preempting St");
  CHECK(f.main.transitions.size() == 3 + 6 + 2);
}

TEST_CASE("flatten: Figure 4, normal termination merges the final states into the join's target") {
  Builder b;
  const Expr x = b.ctx.var("x", Sort::integer());
  // M = {1 (initial), 2, 3 final, 4 final}; t5 is M's normal termination into 5, setting x.
  Automaton sub = automaton("Sub", {simple("1"), simple("2"), simple("3", true), simple("4", true)},
                            {b.tr("a", "1", "2"), b.tr("c", "2", "3"), b.tr("d", "1", "4")});
  sub.transitions[1].effects = {b.emit("P")};
  ChartTransition t5 = b.tr("t5", "M", "5", b.ctx.boolVal(true), TransitionKind::Termination);
  t5.effects = {Effect{x, b.ctx.intVal(1), {}}};
  Chart chart;
  chart.name = "fig4";
  chart.main = automaton("Top", {simple("0"), macro("M", {sub}), simple("5")}, {b.tr("t0", "0", "M"), t5});
  const FlatChart f = quasiFlatten(chart, b.ctx);

  CHECK(stateNames(f) == std::vector<std::string>{"0", "1", "2", "5"});
  for (const char* name : {"c", "d"}) {
    CAPTURE(name);
    const FlatTransition* t = find(f, name);
    REQUIRE(t != nullptr);
    CHECK(stateName(f, t->target) == "5");
    REQUIRE(!t->effects.empty());
    CHECK(t->effects.back().variable == x);
    CHECK(t->provenance == std::string("t5 merged into ") + name + " (join of M)");
  }
  CHECK(find(f, "c")->effects.size() == 2);  // c's own emission, then t5's effect
  CHECK(find(f, "c")->effects.front().variable == b.sig("P"));
  CHECK(find(f, "t5") == nullptr);
  CHECK(stateName(f, find(f, "t0")->target) == "1");
  CHECK(stateName(f, find(f, "a")->target) == "2");
}

TEST_CASE("flatten: a join with a condition keeps the final state for the instants it does not hold") {
  Builder b;
  Automaton sub = automaton("Sub", {simple("1"), simple("2", true)}, {b.tr("a", "1", "2")});
  Chart chart;
  chart.name = "join-if";
  chart.main = automaton("Top", {macro("M", {sub}), simple("5")},
                         {b.tr("j", "M", "5", b.sig("go"), TransitionKind::Termination)});
  const FlatChart f = quasiFlatten(chart, b.ctx);
  CHECK(hasState(f, "2"));
  REQUIRE(f.main.transitions.size() == 2);
  CHECK(stateName(f, f.main.transitions[0].target) == "5");
  CHECK(f.main.transitions[0].guard == b.ctx.make(Op::And, {b.sig("a"), b.sig("go")}));
  CHECK(stateName(f, f.main.transitions[1].target) == "2");
  CHECK(f.main.transitions[1].guard == b.ctx.make(Op::And, {b.sig("a"), b.ctx.mkNot(b.sig("go"))}));
}

TEST_CASE("flatten: weak abort lets the inner behaviour act one last time") {
  Builder b;
  Automaton sub = automaton("Sub", {simple("1"), simple("2")}, {b.tr("u", "1", "2")});
  sub.transitions[0].effects = {b.emit("P")};
  ChartTransition w = b.tr("w", "M", "out", b.sig("r"), TransitionKind::WeakAbort);
  w.effects = {b.emit("Q")};
  Chart chart;
  chart.name = "weak";
  chart.main = automaton("Top", {macro("M", {sub}), simple("out")}, {w});
  const FlatChart f = quasiFlatten(chart, b.ctx);

  const Expr r = b.sig("r");
  const FlatTransition* last = find(f, "w@1/u");
  REQUIRE(last != nullptr);
  CHECK(last->guard == b.ctx.make(Op::And, {r, b.sig("u")}));
  REQUIRE(last->effects.size() == 2);
  CHECK(last->effects[0].variable == b.sig("P"));
  CHECK(last->effects[1].variable == b.sig("Q"));
  CHECK(stateName(f, last->target) == "out");
  CHECK(last->origin == "w");

  const FlatTransition* quiet = find(f, "w@1");
  REQUIRE(quiet != nullptr);
  CHECK(quiet->guard == b.ctx.make(Op::And, {r, b.ctx.mkNot(b.sig("u"))}));
  REQUIRE(quiet->effects.size() == 1);
  CHECK(quiet->effects[0].variable == b.sig("Q"));

  REQUIRE(find(f, "w@2") != nullptr);
  CHECK(find(f, "w@2")->guard == r);
  CHECK(find(f, "u")->guard == b.ctx.make(Op::And, {b.ctx.mkNot(r), b.sig("u")}));
}

TEST_CASE("flatten: an immediate transition is composed into the reaction that enters its source") {
  Builder b;
  const Expr x = b.ctx.var("x", Sort::integer());
  ChartTransition t = b.tr("t", "s0", "s1");
  t.effects = {Effect{x, b.ctx.intVal(5), {}}};
  ChartTransition i = b.tr("i", "s1", "s2", b.ctx.boolVal(true));
  i.condition = b.ctx.make(Op::Gt, {x, b.ctx.intVal(3)});
  i.immediate = true;
  Chart chart;
  chart.name = "imm";
  chart.main = automaton("Top", {simple("s0"), simple("s1"), simple("s2")}, {t, i});
  const FlatChart f = quasiFlatten(chart, b.ctx);

  const FlatTransition* both = find(f, "t;i");
  REQUIRE(both != nullptr);
  CHECK(stateName(f, both->source) == "s0");
  CHECK(stateName(f, both->target) == "s2");
  // i's condition read after t's effect, in the same instant.
  CHECK(both->guard == b.ctx.make(Op::And, {b.sig("t"), b.ctx.make(Op::Gt, {b.ctx.intVal(5), b.ctx.intVal(3)})}));
  CHECK(both->provenance == "then immediate i");
  const FlatTransition* alone = find(f, "t");
  REQUIRE(alone != nullptr);
  CHECK(alone->guard == b.ctx.make(Op::And, {b.sig("t"), b.ctx.mkNot(b.ctx.make(Op::Gt, {b.ctx.intVal(5), b.ctx.intVal(3)}))}));
  REQUIRE(find(f, "i") != nullptr);  // still fires in later instants
  CHECK(find(f, "i")->immediate);
  CHECK_FALSE(alone->immediate);

  SUBCASE("a cycle of immediate transitions is an error at the model's location") {
    Chart cyclic = chart;
    ChartTransition back = b.tr("k", "s2", "s1", b.ctx.boolVal(true));
    back.immediate = true;
    back.where = SourceLocation{"imm.sync", 7, 3};
    cyclic.main.transitions.push_back(back);
    try {
      (void)quasiFlatten(cyclic, b.ctx);
      FAIL("no error");
    } catch (const Error& e) {
      CHECK(e.message().find("cycle of immediate transitions") != std::string::npos);
      REQUIRE(e.location().has_value());
      CHECK(e.location()->line == 7);
    }
  }
}

TEST_CASE("flatten: parallel regions take their local product and terminate when all are final") {
  Builder b;
  Automaton ra = automaton("RA", {simple("wA"), simple("dA", true)}, {b.tr("tA", "wA", "dA", b.sig("A"))});
  Automaton rb = automaton("RB", {simple("wB"), simple("dB", true)}, {b.tr("tB", "wB", "dB", b.sig("B"))});
  ChartTransition j = b.tr("j", "AB", "done", b.ctx.boolVal(true), TransitionKind::Termination);
  j.effects = {b.emit("O")};
  Chart chart;
  chart.name = "par";
  chart.main = automaton("Top", {macro("AB", {ra, rb}), simple("done")}, {j});
  const FlatChart f = quasiFlatten(chart, b.ctx);

  CHECK(stateNames(f) == std::vector<std::string>{"wA|wB", "dA|wB", "wA|dB", "done"});
  CHECK(stateName(f, f.main.initial) == "wA|wB");
  const Expr A = b.sig("A");
  const Expr B = b.sig("B");
  std::vector<std::string> fromStart;
  for (const FlatTransition& t : f.main.transitions)
    if (stateName(f, t.source) == "wA|wB") fromStart.push_back(t.name + " -> " + stateName(f, t.target));
  CHECK(fromStart == std::vector<std::string>{"tA@wA|wB -> dA|wB", "tB@wA|wB -> wA|dB", "tA+tB -> done"});
  CHECK(find(f, "tA@wA|wB")->guard == b.ctx.make(Op::And, {A, b.ctx.mkNot(B)}));
  CHECK(find(f, "tA+tB")->guard == b.ctx.make(Op::And, {A, B}));
  REQUIRE(find(f, "tA+tB")->effects.size() == 1);
  CHECK(find(f, "tA+tB")->effects[0].variable == b.sig("O"));
  // The second arrival terminates the product in the same instant.
  CHECK(stateName(f, find(f, "tB@dA|wB")->target) == "done");
  CHECK(stateName(f, find(f, "tA@wA|dB")->target) == "done");
}

TEST_CASE("flatten: explicit priorities order the transitions of one state, equal ones stay overlapping") {
  Builder b;
  ChartTransition p = b.tr("p", "s0", "s1", b.sig("a"));
  ChartTransition q = b.tr("q", "s0", "s2", b.sig("b"));
  ChartTransition r = b.tr("r", "s0", "s2", b.sig("c"));
  Chart chart;
  chart.name = "prio";
  chart.main = automaton("Top", {simple("s0"), simple("s1"), simple("s2")}, {p, q, r});

  SUBCASE("unnumbered transitions have equal priority") {
    const FlatChart f = quasiFlatten(chart, b.ctx);
    CHECK(find(f, "p")->guard == b.sig("a"));
    CHECK(find(f, "q")->guard == b.sig("b"));
  }
  SUBCASE("priority 1 is the highest, unnumbered ones come last") {
    chart.main.transitions[0].priority = 2;
    chart.main.transitions[1].priority = 1;
    const FlatChart f = quasiFlatten(chart, b.ctx);
    CHECK(find(f, "q")->guard == b.sig("b"));
    CHECK(find(f, "p")->guard == b.ctx.make(Op::And, {b.ctx.mkNot(b.sig("b")), b.sig("a")}));
    CHECK(find(f, "r")->guard == b.ctx.make(Op::And, {b.ctx.mkNot(b.sig("a")), b.ctx.mkNot(b.sig("b")), b.sig("c")}));
  }
}

TEST_CASE("flatten: inner-first priority (SCXML) puts the preempting transition below the inner ones") {
  Builder b;
  Automaton sub = automaton("Sub", {simple("3"), simple("4")}, {b.tr("t3", "3", "4")});
  Chart chart;
  chart.name = "inner";
  chart.priority = Priority::InnerFirst;
  chart.main = automaton("Top", {macro("St", {sub}), simple("6")}, {b.tr("t6", "St", "6", b.sig("t6"), TransitionKind::Normal)});
  const FlatChart f = quasiFlatten(chart, b.ctx);
  CHECK(find(f, "t3")->guard == b.sig("t3"));
  CHECK(find(f, "t6@3")->guard == b.ctx.make(Op::And, {b.sig("t6"), b.ctx.mkNot(b.sig("t3"))}));
  CHECK(find(f, "t6@4")->guard == b.sig("t6"));
  // The inner transition comes first among those leaving 3.
  CHECK(f.main.transitions.front().name == "t3");
}

TEST_CASE("flatten: commands become flat subspaces, full flattening folds the observers in") {
  Builder b;
  Automaton sub = automaton("Sub", {simple("c1"), simple("c2"), simple("c3", true)},
                            {b.tr("x", "c1", "c2"), b.tr("y", "c2", "c3")});
  Chart chart;
  chart.name = "cmd";
  chart.main = automaton("Top", {simple("idle"), macro("C", {sub}), simple("after")},
                         {b.tr("go", "idle", "C"), b.tr("end", "C", "after", b.ctx.boolVal(true), TransitionKind::Termination)});
  chart.main.states[1].regions[0].transitions[1].effects = {b.emit("S")};
  chart.declarations = {Declaration{b.sig("S"), DeclarationKind::OutputSignal, std::nullopt, {}}};
  chart.commands = {Command{"Cmd", "C", {}}};
  Automaton obs = automaton("Flag", {simple("off"), simple("on")}, {b.tr("set", "off", "on", b.sig("S"))});
  chart.observers = {obs};

  const FlatChart f = quasiFlatten(chart, b.ctx);
  REQUIRE(f.commands.size() == 1);
  CHECK(stateName(f, f.commands[0].entry) == "c1");
  REQUIRE(f.commands[0].finals.size() == 1);
  CHECK(stateName(f, f.commands[0].finals[0]) == "after");
  CHECK(f.commands[0].members.size() == 2);
  CHECK(f.metrics.combinationsAfter == 4 * 2);

  const FlatChart full = flattenFully(chart, b.ctx);
  CHECK(full.observers.empty());
  // idle|off, c1|off, c2|off, after|on (y emits S, which sets the flag in the same instant).
  CHECK(stateNames(full) == std::vector<std::string>{"idle|off", "c1|off", "c2|off", "after|on"});
  CHECK(full.metrics.flatStates == 4);
  CHECK(full.metrics.registers == 2);
  REQUIRE(full.commands.size() == 1);
  CHECK(full.commands[0].members.size() == 2);
}
