// Lowering of a quasi-flattened chart into the IR (plugins/statechart/Lower.h), run by the
// kernel: ABRO's reference behaviour (KIELER abro.eso: O in the reaction where the second of A and
// B arrives, R restarts, the first reaction ignores inputs) checked instant by instant by replay,
// and observers reacting in the same instant to what the main machine emits.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "ChartBuilder.h"
#include "symseq/exec/Replay.h"
#include "symseq/exec/SymbolicExecutor.h"
#include "symseq/statechart/Lower.h"

using namespace symseq;
using namespace symseq::statechart;

namespace {

State simple(const std::string& name, bool final = false) { return State{name, final, {}, {}}; }

struct Abro {
  ExprContext ctx;
  Expr A = ctx.var("A", Sort::boolean());
  Expr B = ctx.var("B", Sort::boolean());
  Expr R = ctx.var("R", Sort::boolean());
  Expr O = ctx.var("O", Sort::boolean());
  Chart chart;

  ChartTransition tr(const std::string& name, const std::string& from, const std::string& to, Expr trigger,
                     TransitionKind kind = TransitionKind::Normal) {
    return test::chartTransition(ctx, name, from, to, trigger, kind);
  }

  // ABRO = loop { [await A || await B]; emit O; halt } each R, as a SyncChart:
  //   ABO (abort on R, back to ABO) = { AB = { wA -A-> dA(final) || wB -B-> dB(final) } --join / O--> done }
  Abro() {
    chart.name = "abro";
    chart.declarations = {{A, DeclarationKind::InputSignal, std::nullopt, {}},
                          {B, DeclarationKind::InputSignal, std::nullopt, {}},
                          {R, DeclarationKind::InputSignal, std::nullopt, {}},
                          {O, DeclarationKind::OutputSignal, std::nullopt, {}}};
    Automaton ra{"RA", {simple("wA"), simple("dA", true)}, "wA", {tr("a", "wA", "dA", A)}, {}};
    Automaton rb{"RB", {simple("wB"), simple("dB", true)}, "wB", {tr("b", "wB", "dB", B)}, {}};
    ChartTransition join = tr("join", "AB", "done", ctx.boolVal(true), TransitionKind::Termination);
    join.effects = {Effect{O, ctx.boolVal(true), {}}};
    Automaton body{"body", {State{"AB", false, {ra, rb}, {}}, simple("done")}, "AB", {join}, {}};
    chart.main = Automaton{"ABRO", {State{"ABO", false, {body}, {}}}, "ABO",
                           {tr("reset", "ABO", "ABO", R, TransitionKind::StrongAbort)}, {}};
  }

  TestStep step(bool a, bool b, bool r, bool o) const {
    TestStep s;
    s.channel = 0;
    s.inputs.set(A, Value::boolean(a));
    s.inputs.set(B, Value::boolean(b));
    s.inputs.set(R, Value::boolean(r));
    s.expectedOutputs = std::vector<OutputEvent>{OutputEvent{1, {Value::boolean(o)}}};
    return s;
  }
};

}  // namespace

TEST_CASE("chart lowering: ABRO's shape in the IR (boot, tick and out channels, reactions through output locations)") {
  Abro m;
  const FlatChart flat = quasiFlatten(m.chart, m.ctx);
  const TransitionSystem sys = lower(flat, m.ctx);
  CHECK(sys.synchronous);
  CHECK(sys.locations[sys.initial].name == "boot");
  REQUIRE(sys.channels.size() == 2);
  CHECK(sys.channels[0].name == "tick");
  CHECK(sys.channels[0].direction == ChannelDirection::Input);
  CHECK(sys.channels[0].params.size() == 3);
  CHECK(sys.channels[1].name == "out");
  CHECK(sys.channels[1].params == std::vector<Sort>{Sort::boolean()});
  CHECK(sys.findVariable(m.O)->role == VariableRole::Local);
  // Only the boot reaction leaves boot: no immediate transition, so the first instant ignores inputs.
  const std::vector<TransitionId> fromBoot = sys.outgoing(sys.initial);
  REQUIRE(fromBoot.size() == 1);
  CHECK(sys.transitions[fromBoot[0]].name == "boot");
  CHECK(sys.transitions[fromBoot[0]].synthetic);
  // Every reaction goes through its own output location, whose transition is synthetic.
  for (const Transition& t : sys.transitions) {
    CAPTURE(t.name);
    if (t.action.kind == ActionKind::Input) {
      CHECK(sys.locations[t.target].name == t.name + ".out");
    } else {
      CHECK(t.action.kind == ActionKind::Output);
      CHECK(t.synthetic);
    }
  }
  const auto stay = sys.findTransition("stay@done");
  REQUIRE(stay.has_value());
  CHECK(sys.transitions[*stay].synthetic);
  const auto reset = sys.findTransition("reset@done");
  REQUIRE(reset.has_value());
  CHECK(sys.transitions[*reset].origin == "reset");
  CHECK(sys.transitions[*reset].provenance == "reset preempting ABO, from done; enters ABO at wA|wB");
  const auto metric = std::find_if(sys.metrics.begin(), sys.metrics.end(), [](const LoweringMetric& l) { return l.name == "flat_states"; });
  REQUIRE(metric != sys.metrics.end());
  CHECK(metric->value == 4);
}

TEST_CASE("chart lowering: ABRO replays its reference trace, outputs checked per instant") {
  Abro m;
  const TransitionSystem sys = lower(quasiFlatten(m.chart, m.ctx), m.ctx);
  TestSequence seq;
  seq.steps = {m.step(true, true, false, false),   // the first reaction ignores inputs
               m.step(true, false, false, false),  // A
               m.step(false, false, false, false),
               m.step(false, true, false, true),   // B: the second arrives, O
               m.step(true, true, false, false),   // halted
               m.step(false, false, true, false),  // R restarts
               m.step(true, true, false, true),    // both at once: O
               m.step(true, true, true, false),    // R preempts strongly: no O
               m.step(false, true, false, false),  // B
               m.step(true, false, true, false),   // R again: A is lost
               m.step(false, true, false, false),  // B
               m.step(true, false, false, true)};  // A: O
  const ReplayResult r = replay(sys, seq);
  CHECK_MESSAGE(r.completed, r.failure);
  CHECK(r.steps.size() == seq.steps.size());

  SUBCASE("a wrong expected output fails replay") {
    TestSequence wrong = seq;
    wrong.steps[1].expectedOutputs = std::vector<OutputEvent>{OutputEvent{1, {Value::boolean(true)}}};
    const ReplayResult bad = replay(sys, wrong);
    CHECK_FALSE(bad.completed);
  }
}

TEST_CASE("chart lowering: the symbolic executor reaches O along ABRO's reactions") {
  Abro m;
  const TransitionSystem sys = lower(quasiFlatten(m.chart, m.ctx), m.ctx);
  const SymbolicExecutor exec(sys);
  SymbolicState s = exec.initial();
  auto take = [&](const std::string& name) {
    const auto id = sys.findTransition(name);
    REQUIRE_MESSAGE(id.has_value(), name);
    s = exec.apply(s, *id).next;
  };
  take("boot");
  take("boot!out");
  take("a+b");  // both at once in the second instant
  const auto out = sys.findTransition("a+b!out");
  REQUIRE(out.has_value());
  const SymbolicStep emit = exec.apply(s, *out);
  REQUIRE(emit.outputs.size() == 1);
  CHECK(emit.outputs[0] == m.ctx.boolVal(true));
  CHECK(sys.locations[emit.next.location].name == "done");
}

TEST_CASE("chart lowering: observers react in the same instant to the signals the main machine emits") {
  Abro m;
  const Expr n = m.ctx.var("n", Sort::integer());
  m.chart.declarations.push_back({n, DeclarationKind::Variable, m.ctx.intVal(0), {}});
  // Seen: no -O-> yes. Count: n := n + 1 on every O.
  m.chart.observers.push_back(Automaton{"Seen", {simple("no"), simple("yes")}, "no", {m.tr("saw", "no", "yes", m.O)}, {}});
  ChartTransition inc = m.tr("inc", "c", "c", m.O);
  inc.effects = {Effect{n, m.ctx.make(Op::Add, {n, m.ctx.intVal(1)}), {}}};
  m.chart.observers.push_back(Automaton{"Count", {simple("c")}, "c", {inc}, {}});
  const TransitionSystem sys = lower(quasiFlatten(m.chart, m.ctx), m.ctx);
  const Expr seen = *m.ctx.findVar("Seen.state");
  REQUIRE(sys.findVariable(seen) != nullptr);
  CHECK(sys.findVariable(seen)->role == VariableRole::State);

  TestSequence seq;
  seq.steps = {m.step(false, false, false, false), m.step(true, false, false, false)};
  ReplayResult r = replay(sys, seq);
  REQUIRE_MESSAGE(r.completed, r.failure);
  CHECK(*r.finalState.find(seen) == Value::integer(0));
  seq.steps.push_back(m.step(false, true, false, true));  // O in this instant: the observers see it now
  r = replay(sys, seq);
  REQUIRE_MESSAGE(r.completed, r.failure);
  CHECK(*r.finalState.find(seen) == Value::integer(1));
  CHECK(*r.finalState.find(n) == Value::integer(1));
  seq.steps.push_back(m.step(false, false, true, false));
  seq.steps.push_back(m.step(true, true, false, true));
  r = replay(sys, seq);
  REQUIRE_MESSAGE(r.completed, r.failure);
  CHECK(*r.finalState.find(n) == Value::integer(2));
}

TEST_CASE("chart lowering: commands become subspaces and parameters frozen parameter variables") {
  Abro m;
  const Expr contact = m.ctx.var("contact_mode", Sort::boolean());
  m.chart.declarations.push_back({contact, DeclarationKind::Parameter, std::nullopt, {}});
  m.chart.commands = {Command{"Cmd", "ABO", {}}};
  const TransitionSystem sys = lower(quasiFlatten(m.chart, m.ctx), m.ctx);
  const VariableDecl* p = sys.findVariable(contact);
  REQUIRE(p != nullptr);
  CHECK(p->frozen);
  CHECK(p->parameter);
  REQUIRE(sys.subspaces.size() == 1);
  CHECK(sys.locations[sys.subspaces[0].entry].name == "wA|wB");
  CHECK(sys.subspaces[0].finals.empty());  // nothing leaves ABO
  for (TransitionId t : sys.subspaces[0].members) CHECK(sys.transitions[t].action.kind == ActionKind::Input);
  CHECK(!sys.subspaces[0].members.empty());
}

TEST_CASE("chart lowering: the first instant fires only immediate transitions of the initial state") {
  Abro m;
  ChartTransition go = m.tr("go", "s0", "s1", m.A);
  go.immediate = true;
  go.effects = {Effect{m.O, m.ctx.boolVal(true), {}}};
  ChartTransition later = m.tr("later", "s1", "s2", m.B);
  m.chart.main = Automaton{"Top", {simple("s0"), simple("s1"), simple("s2")}, "s0", {go, later}, {}};
  const TransitionSystem sys = lower(quasiFlatten(m.chart, m.ctx), m.ctx);
  TestSequence seq;
  seq.steps = {m.step(true, true, false, true)};  // go fires in the first instant, later does not
  ReplayResult r = replay(sys, seq);
  REQUIRE_MESSAGE(r.completed, r.failure);
  CHECK(sys.locations[r.finalLocation].name == "s1");
  seq.steps = {m.step(false, true, false, false), m.step(false, true, false, false)};
  r = replay(sys, seq);
  REQUIRE_MESSAGE(r.completed, r.failure);
  CHECK(sys.locations[r.finalLocation].name == "s0");
}

TEST_CASE("chart lowering: the hierarchy diagram nests macro-states and regions in clusters, observers beside") {
  Abro m;
  m.chart.observers.push_back(Automaton{"Seen", {simple("no"), simple("yes")}, "no", {m.tr("saw", "no", "yes", m.O)}, {}});
  const std::string dot = hierarchyDiagram(m.chart);
  CHECK(dot.rfind("digraph \"abro\" {", 0) == 0);
  CHECK(dot.find("label=\"RA\"") != std::string::npos);
  CHECK(dot.find("label=\"AB\"; style=rounded") != std::string::npos);
  CHECK(dot.find("\"dA\" [label=\"dA\", shape=doublecircle]") != std::string::npos);
  CHECK(dot.find("\"Seen.no\" -> \"Seen.yes\"") != std::string::npos);
  CHECK(dot.find("\"ABO\" -> \"ABO\" [label=\"reset R\", arrowtail=dot, dir=both]") != std::string::npos);
}
