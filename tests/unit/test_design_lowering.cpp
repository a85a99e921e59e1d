// The lowering of system designs into the IR (plugins/system-design, Lower.h; docs/models/design.md),
// on designs built by hand: the car wiper of seed-requirements 3.5 (variables, channels, transitions,
// components, environment), Example 3's path executed symbolically and solved, replayed timed tests,
// dense time, interleaving, `while` and a design used twice.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>

#include "DesignBuilder.h"
#include "ShippedSolver.h"
#include "symseq/design/Lower.h"
#include "symseq/exec/Replay.h"
#include "symseq/exec/SymbolicExecutor.h"
#include "symseq/expr/Printer.h"
#include "symseq/expr/Rewrite.h"

using namespace symseq;
using design::ProgramKind;
using design::TimeKind;
using test::DesignBuilder;

namespace {

// Seed-requirements 3.5, verbatim but for the syntax.
design::DesignFile wiper(ExprContext& ctx) {
  const Sort i = Sort::integer();
  DesignBuilder env(ctx, "env");
  env.port("intensity", i, ctx.intVal(0)).time(TimeKind::Discrete);
  env.var("t", i, ctx.intVal(0)).var("previousSpeed", i, ctx.intVal(0)).use("calc").use("engine");
  const Expr t = env.priv("t");
  const Expr previous = env.priv("previousSpeed");
  const auto b1 = env.basic(ctx.mkEq(env.now(), ctx.make(Op::Add, {ctx.intVal(5), t})),
                            {DesignBuilder::when(env.touch("intensity"),
                                                 {env.consume("intensity"), env.route("intensity", "calc", "intensity")}),
                             DesignBuilder::assign(t, env.now())});
  const auto b2 = env.basic(ctx.mkAnd(std::vector<Expr>{ctx.make(Op::Lt, {env.now(), ctx.make(Op::Add, {t, ctx.intVal(5)})}),
                                                        ctx.mkNot(ctx.mkEq(env.used("calc", "speed"), previous))}),
                            {DesignBuilder::assign(previous, env.used("calc", "speed")),
                             env.routeUsed("calc", "speed", "engine", "speed")});
  design::Design top = env.build(DesignBuilder::loop(ctx.boolVal(true), DesignBuilder::binary(ProgramKind::Choice, b1, b2)));

  DesignBuilder calc(ctx, "calc");
  calc.port("intensity", i, ctx.intVal(0)).port("speed", i, ctx.intVal(0));
  calc.var("th1", i).var("th2", i).var("speedTmp", i);
  const Expr in = calc.own("intensity");
  const Expr th1 = calc.priv("th1");
  const Expr th2 = calc.priv("th2");
  const Expr tmp = calc.priv("speedTmp");
  const auto c1 = calc.basic(
      calc.touch("intensity"),
      {calc.consume("intensity"),
       DesignBuilder::when(ctx.make(Op::Lt, {in, th1}), {DesignBuilder::assign(tmp, ctx.intVal(1))}),
       DesignBuilder::when(ctx.mkAnd(std::vector<Expr>{ctx.make(Op::Ge, {in, th1}), ctx.make(Op::Lt, {in, th2})}),
                           {DesignBuilder::assign(tmp, ctx.intVal(2))}),
       DesignBuilder::when(ctx.make(Op::Ge, {in, th2}), {DesignBuilder::assign(tmp, ctx.intVal(3))}),
       DesignBuilder::assign(calc.own("speed"), tmp)});
  design::Design calcDesign = calc.build(DesignBuilder::loop(ctx.boolVal(true), c1));

  DesignBuilder engine(ctx, "engine");
  engine.port("speed", i, ctx.intVal(0));
  const auto e1 = engine.basic(engine.touch("speed"), {engine.consume("speed")});
  design::Design engineDesign = engine.build(DesignBuilder::loop(ctx.boolVal(true), e1));
  return {"wiper.design", {top, calcDesign, engineDesign}};
}

struct Lowered {
  ExprContext ctx;
  design::DesignFile file;
  TransitionSystem system;
  explicit Lowered(design::DesignFile (*make)(ExprContext&)) : file(make(ctx)), system(lower(file, file.designs[0], ctx)) {}
};

const VariableDecl& variable(const TransitionSystem& ts, std::string_view name) {
  const auto it = std::ranges::find_if(ts.variables, [&](const VariableDecl& v) { return v.var.name() == name; });
  REQUIRE_MESSAGE(it != ts.variables.end(), name);
  return *it;
}

bool hasVariable(const TransitionSystem& ts, std::string_view name) {
  return std::ranges::any_of(ts.variables, [&](const VariableDecl& v) { return v.var.name() == name; });
}

TransitionId id(const TransitionSystem& ts, std::string_view name) {
  const auto t = ts.findTransition(name);
  REQUIRE_MESSAGE(t.has_value(), name);
  return *t;
}

std::vector<std::string> names(const TransitionSystem& ts, const std::vector<TransitionId>& ids) {
  std::vector<std::string> out;
  for (const TransitionId t : ids) out.push_back(ts.transitions[t].name);
  return out;
}

bool mentions(Expr e, std::string_view name) {
  std::set<Expr, ExprIdLess> vars;
  collectVariables(e, vars);
  return std::ranges::any_of(vars, [&](Expr v) { return v.name() == name; });
}

// The symbolic state after `path` from the initial one, and the date after each step.
struct Executed {
  SymbolicState state;
  std::vector<Expr> dates;
};
Executed execute(const TransitionSystem& ts, const std::vector<std::string>& path) {
  const SymbolicExecutor ex(ts);
  Executed out{ex.initial(), {}};
  for (const std::string& name : path) {
    out.state = ex.apply(out.state, id(ts, name)).next;
    out.dates.push_back(substitute(ts.context(), *ts.date, out.state.store));
  }
  return out;
}

// Whether the axioms, the path condition and `extra` hold together.
CheckResult feasible(const TransitionSystem& ts, const SymbolicState& s, std::vector<Expr> extra = {}) {
  auto solver = test::makeShippedSolver(ts.context());
  for (const Expr a : ts.axioms) solver->add(a);
  for (const Expr c : s.pathCondition) solver->add(c);
  return solver->check(extra);
}

Value integer(int v) { return Value::integer(v); }

}  // namespace

TEST_CASE("design lowering: the wiper's variables, one location and channels") {
  const Lowered w(wiper);
  const TransitionSystem& ts = w.system;
  CHECK(ts.name == "env");
  REQUIRE(ts.locations.size() == 1);
  CHECK(ts.locations[0].name == "env");

  const VariableDecl& time0 = variable(ts, "time0");
  CHECK(time0.frozen);
  CHECK(time0.parameter);
  CHECK(time0.var.sort() == Sort::integer());
  CHECK(!time0.initial);
  CHECK(toString(*variable(ts, "elapsed").initial) == "0");
  CHECK(toString(*variable(ts, "env.intensity").initial) == "0");
  CHECK(toString(*variable(ts, "env.intensity.avail").initial) == "false");
  CHECK(toString(*variable(ts, "env.intensity.buf").initial) == "0");
  CHECK(toString(*variable(ts, "env.t").initial) == "0");
  CHECK(toString(*variable(ts, "env.previousSpeed").initial) == "0");
  CHECK(toString(*variable(ts, "env.last").initial) == "0");
  CHECK(toString(*variable(ts, "calc.speed.avail").initial) == "false");
  CHECK(toString(*variable(ts, "engine.speed").initial) == "0");
  // th1, th2 are never assigned: parameters a test must fix; speedTmp is assigned: a free initial.
  CHECK(variable(ts, "calc.th1").parameter);
  CHECK(variable(ts, "calc.th2").frozen);
  CHECK(!variable(ts, "calc.speedTmp").frozen);
  CHECK(!variable(ts, "calc.speedTmp").initial);
  // Every loop of the wiper has one resting point: no pc.
  CHECK(!hasVariable(ts, "env.pc"));
  CHECK(!hasVariable(ts, "calc.pc"));
  CHECK(variable(ts, "d").role == VariableRole::Input);
  CHECK(variable(ts, "env.intensity.in").role == VariableRole::Input);

  REQUIRE(ts.channels.size() == 3);
  CHECK(ts.channels[0].name == "delay");
  CHECK(ts.channels[0].direction == ChannelDirection::Input);
  CHECK(ts.channels[1].name == "env.intensity");
  CHECK(ts.channels[1].direction == ChannelDirection::Input);
  CHECK(ts.channels[2].name == "env");
  CHECK(ts.channels[2].direction == ChannelDirection::Output);
  CHECK(ts.channels[2].params == std::vector<Sort>{Sort::integer()});

  REQUIRE(ts.axioms.size() == 1);
  CHECK(toString(ts.axioms[0]) == "time0 >= 0");
  REQUIRE(ts.date.has_value());
  CHECK(toString(*ts.date) == "time0 + elapsed");
}

TEST_CASE("design lowering: the wiper's transitions, origins and guards") {
  const Lowered w(wiper);
  const TransitionSystem& ts = w.system;
  std::vector<std::string> all;
  for (const Transition& t : ts.transitions) all.push_back(t.name);
  // calc's three `if`s without else: eight combinations, none folded away (th1, th2 are unknown).
  CHECK(all == std::vector<std::string>{"delay", "env.intensity?", "env.b1.if1", "env.b1.not1", "env.b2",
                                        "calc.b1.if1.if2.if3", "calc.b1.if1.if2.not3", "calc.b1.if1.not2.if3",
                                        "calc.b1.if1.not2.not3", "calc.b1.not1.if2.if3", "calc.b1.not1.if2.not3",
                                        "calc.b1.not1.not2.if3", "calc.b1.not1.not2.not3", "engine.b1"});
  const Transition& delay = ts.transitions[id(ts, "delay")];
  CHECK(delay.synthetic);
  CHECK(toString(delay.guard) == "d >= 1");
  CHECK(ts.transitions[id(ts, "env.intensity?")].synthetic);
  CHECK(toString(ts.transitions[id(ts, "env.intensity?")].guard) == "!env.intensity.avail");

  const Transition& b1 = ts.transitions[id(ts, "env.b1.if1")];
  CHECK(b1.origin == "env.b1");
  CHECK(b1.variant == std::vector<std::string>{"if1"});
  CHECK(!b1.synthetic);
  CHECK(b1.action.kind == ActionKind::Output);
  CHECK(b1.action.channel == 2);
  // It delivers to calc: calc's buffer must be empty and calc's date must grow.
  CHECK(mentions(b1.guard, "calc.intensity.avail"));
  CHECK(mentions(b1.guard, "calc.last"));
  CHECK(mentions(b1.guard, "env.last"));
  CHECK(!mentions(ts.transitions[id(ts, "env.b1.not1")].guard, "calc.last"));
  CHECK(ts.transitions[id(ts, "calc.b1.if1.not2.not3")].origin == "calc.b1");
  CHECK(ts.transitions[id(ts, "calc.b1.if1.not2.not3")].variant == std::vector<std::string>{"if1", "not2", "not3"});
  CHECK(ts.transitions[id(ts, "calc.b1.if1.not2.not3")].action.kind == ActionKind::Internal);
  CHECK(ts.transitions[id(ts, "engine.b1")].action.kind == ActionKind::Internal);
  CHECK(mentions(ts.transitions[id(ts, "env.b2")].guard, "engine.speed.avail"));
}

TEST_CASE("design lowering: the wiper's components and environment") {
  const Lowered w(wiper);
  const TransitionSystem& ts = w.system;
  REQUIRE(ts.components.size() == 3);
  const Component& env = ts.components[0];
  CHECK(env.name == "env");
  CHECK(env.design == "env");
  REQUIRE(env.ports.size() == 1);
  CHECK(env.ports[0].name == "intensity");
  CHECK(env.ports[0].available.name() == "env.intensity.avail");
  CHECK(env.ports[0].buffer.name() == "env.intensity.buf");
  REQUIRE(env.privates.size() == 2);
  CHECK(env.privates[1].name() == "env.previousSpeed");
  CHECK(toString(env.date) == "time0 + elapsed");
  // Time passing is an observation of env; an input arriving is not one of its own.
  CHECK(names(ts, env.observations) == std::vector<std::string>{"delay", "env.b1.if1", "env.b1.not1", "env.b2"});
  CHECK(names(ts, env.programs) == std::vector<std::string>{"env.b1.if1", "env.b1.not1", "env.b2"});
  const Component& calc = ts.components[1];
  CHECK(calc.name == "calc");
  CHECK(calc.ports.size() == 2);
  const std::vector<std::string> calcSeen = names(ts, calc.observations);
  CHECK(calcSeen.size() == 9);
  CHECK(calcSeen.front() == "env.b1.if1");  // the delivery into calc.intensity
  CHECK(names(ts, ts.components[2].observations) == std::vector<std::string>{"env.b2", "engine.b1"});
  CHECK(names(ts, ts.components[2].programs) == std::vector<std::string>{"engine.b1"});
  CHECK(calc.programs.size() == 8);

  std::vector<std::string> free;
  for (const EnvironmentFreedom& f : ts.environment) free.push_back(std::string(f.variable.name()));
  CHECK(free == std::vector<std::string>{"elapsed", "env.intensity.avail", "env.intensity.buf"});
  CHECK(toString(ts.environment[0].allowed) == "elapsed' >= elapsed");
}

TEST_CASE("design lowering: Example 3's path is feasible with t2 = 5, 5 < t3 < 10 and time0 < 5") {
  const Lowered w(wiper);
  const TransitionSystem& ts = w.system;
  ExprContext& ctx = ts.context();
  const Executed e = execute(ts, {"delay", "env.intensity?", "delay", "env.b1.if1", "delay", "calc.b1.if1.not2.not3", "env.b2"});
  CHECK((feasible(ts, e.state) == CheckResult::Sat));
  const Expr t2 = e.dates[3];
  const Expr t3 = e.dates[6];
  const Expr five = ctx.intVal(5);
  CHECK((feasible(ts, e.state, {ctx.mkNot(ctx.mkEq(t2, five))}) == CheckResult::Unsat));
  CHECK((feasible(ts, e.state,
                  {ctx.mkNot(ctx.mkAnd(std::vector<Expr>{ctx.make(Op::Lt, {five, t3}),
                                                         ctx.make(Op::Lt, {t3, ctx.intVal(10)})}))}) == CheckResult::Unsat));
  CHECK((feasible(ts, e.state, {ctx.make(Op::Ge, {*ctx.findVar("time0"), five})}) == CheckResult::Unsat));
  // calc's branch reads the value it consumed (the one env received), not its port's old value.
  const Expr i1 = *ctx.findVar("env.intensity.in@2");
  CHECK((feasible(ts, e.state, {ctx.make(Op::Ge, {i1, *ctx.findVar("calc.th1")})}) == CheckResult::Unsat));
  CHECK((feasible(ts, e.state, {ctx.make(Op::Lt, {i1, *ctx.findVar("calc.th1")})}) == CheckResult::Sat));
  // calc sees the value env received: its speed is 1 only below th1.
  CHECK((feasible(ts, e.state, {ctx.mkNot(ctx.mkEq(e.state.store.at(*ctx.findVar("engine.speed.buf")), ctx.intVal(1)))}) ==
         CheckResult::Unsat));
}

TEST_CASE("design lowering: dates strictly increase per design") {
  const Lowered w(wiper);
  const TransitionSystem& ts = w.system;
  // The initial snapshot is an observation: env's first program comes strictly later.
  CHECK((feasible(ts, execute(ts, {"env.b1.not1"}).state) == CheckResult::Unsat));
  CHECK((feasible(ts, execute(ts, {"delay", "env.b1.not1"}).state) == CheckResult::Sat));
  // A delivery is an observation of calc: calc's program cannot run at the same date.
  CHECK((feasible(ts, execute(ts, {"env.intensity?", "delay", "env.b1.if1", "calc.b1.if1.not2.not3"}).state) ==
         CheckResult::Unsat));
  CHECK((feasible(ts, execute(ts, {"env.intensity?", "delay", "env.b1.if1", "delay", "calc.b1.if1.not2.not3"}).state) ==
         CheckResult::Sat));
  // calc observed at a date: a delivery into calc at that date is refused.
  const std::vector<std::string> twice{"env.intensity?", "delay", "env.b1.if1", "env.intensity?", "delay"};
  std::vector<std::string> sameDate = twice;
  sameDate.insert(sameDate.end(), {"calc.b1.if1.not2.not3", "env.b1.if1"});
  CHECK((feasible(ts, execute(ts, sameDate).state) == CheckResult::Unsat));
  sameDate.insert(sameDate.end() - 1, "delay");
  CHECK((feasible(ts, execute(ts, sameDate).state) == CheckResult::Sat));
  // Contradictory branch combinations stay (no solver in the lowering) but are infeasible.
  CHECK((feasible(ts, execute(ts, {"env.intensity?", "delay", "env.b1.if1", "delay", "calc.b1.if1.if2.not3"}).state) ==
         CheckResult::Unsat));
}

TEST_CASE("design lowering: a one-place buffer is never overwritten") {
  const Lowered w(wiper);
  const TransitionSystem& ts = w.system;
  // A second delivery into calc.intensity before calc consumed the first one.
  std::vector<std::string> path{"env.intensity?", "delay", "env.b1.if1", "env.intensity?", "delay", "env.b1.if1"};
  CHECK((feasible(ts, execute(ts, path).state) == CheckResult::Unsat));
  path.insert(path.end() - 1, {"calc.b1.if1.not2.not3", "delay"});
  CHECK((feasible(ts, execute(ts, path).state) == CheckResult::Sat));
  // A consumption needs a value: env.b1.if1 without an input.
  CHECK((feasible(ts, execute(ts, {"delay", "env.b1.if1"}).state) == CheckResult::Unsat));
}

TEST_CASE("design lowering: a timed test replays on the wiper, an input into a full buffer fails") {
  const Lowered w(wiper);
  const TransitionSystem& ts = w.system;
  const ExprContext& ctx = ts.context();
  const Expr d = *ctx.findVar("d");
  const Expr in = *ctx.findVar("env.intensity.in");
  const auto delay = [&](int by, std::vector<std::string> then, std::vector<OutputEvent> out = {}) {
    TestStep s;
    s.channel = 0;
    s.inputs.set(d, integer(by));
    s.path.push_back(id(ts, "delay"));
    for (const std::string& n : then) s.path.push_back(id(ts, n));
    s.expectedOutputs = std::move(out);
    return s;
  };
  const auto input = [&](int v) {
    TestStep s;
    s.channel = 1;
    s.inputs.set(in, integer(v));
    s.path = {id(ts, "env.intensity?")};
    return s;
  };
  TestSequence test;
  test.initial.set(*ctx.findVar("time0"), integer(0));
  test.initial.set(*ctx.findVar("calc.th1"), integer(5));
  test.initial.set(*ctx.findVar("calc.th2"), integer(10));
  test.initial.set(*ctx.findVar("calc.speedTmp"), integer(0));
  test.prefix = std::vector<TransitionId>{};
  test.steps = {delay(1, {}), input(3), delay(4, {"env.b1.if1"}, {OutputEvent{2, {integer(3)}}}),
                delay(1, {"calc.b1.if1.not2.not3", "env.b2"}, {OutputEvent{2, {integer(3)}}}),
                delay(1, {"engine.b1"})};
  const ReplayResult ok = replay(ts, test);
  CHECK_MESSAGE(ok.completed, ok.failure);
  CHECK(ok.finalState.find(*ctx.findVar("engine.speed"))->toString() == "1");
  CHECK(ok.finalState.find(*ctx.findVar("env.previousSpeed"))->toString() == "1");

  TestSequence full = test;
  full.steps = {delay(1, {}), input(3), input(4)};
  const ReplayResult refused = replay(ts, full);
  CHECK(!refused.completed);
  MESSAGE(refused.failure);
  CHECK(refused.failure.find("step 3") != std::string::npos);
}

namespace {

// A dense-time design with one program: when (x < 2.5) { x := x + 1 }.
design::DesignFile dense(ExprContext& ctx) {
  DesignBuilder s(ctx, "sensor");
  s.port("x", Sort::real(), ctx.realVal(Rational(0))).time(TimeKind::Dense);
  const auto b = s.basic(ctx.make(Op::Lt, {s.now(Sort::real()), ctx.realVal(Rational(5, 2))}),
                         {DesignBuilder::assign(s.own("x"), ctx.make(Op::Add, {s.own("x"), ctx.realVal(Rational(1))}))});
  return {"dense.design", {s.build(DesignBuilder::loop(ctx.boolVal(true), b))}};
}

// Two basic programs interleaved: b1 |i| b2, each counting in its own variable.
design::DesignFile interleaved(ExprContext& ctx) {
  DesignBuilder s(ctx, "pair");
  s.time(TimeKind::Discrete).var("a", Sort::integer(), ctx.intVal(0)).var("b", Sort::integer(), ctx.intVal(0));
  const Expr a = s.priv("a");
  const Expr b = s.priv("b");
  const auto b1 = s.basic(ctx.boolVal(true), {DesignBuilder::assign(a, ctx.make(Op::Add, {a, ctx.intVal(1)}))});
  const auto b2 = s.basic(ctx.boolVal(true), {DesignBuilder::assign(b, ctx.make(Op::Add, {b, ctx.intVal(1)}))});
  return {"pair.design", {s.build(DesignBuilder::binary(ProgramKind::Interleave, b1, b2))}};
}

// while (n < 3) { b1: n := n + 1 } ; b2: done := 1
design::DesignFile counted(ExprContext& ctx) {
  DesignBuilder s(ctx, "count");
  s.var("n", Sort::integer(), ctx.intVal(0)).var("done", Sort::integer(), ctx.intVal(0));
  const Expr n = s.priv("n");
  const auto b1 = s.basic(ctx.boolVal(true), {DesignBuilder::assign(n, ctx.make(Op::Add, {n, ctx.intVal(1)}))});
  const auto b2 = s.basic(ctx.boolVal(true), {DesignBuilder::assign(s.priv("done"), ctx.intVal(1))});
  return {"count.design", {s.build(DesignBuilder::binary(
                              ProgramKind::Sequence, DesignBuilder::loop(ctx.make(Op::Lt, {n, ctx.intVal(3)}), b1), b2))}};
}

// relay uses sensor twice (`use sensor as left, sensor as right`) and routes its input to both.
design::DesignFile relay(ExprContext& ctx) {
  DesignBuilder r(ctx, "relay");
  r.port("v", Sort::integer()).time(TimeKind::Discrete).use("sensor", "left").use("sensor", "right");
  const auto b1 = r.basic(r.touch("v"), {r.consume("v"), r.route("v", "left", "x"), r.route("v", "right", "x")});
  DesignBuilder s(ctx, "sensor");
  s.port("x", Sort::integer());
  const auto s1 = s.basic(s.touch("x"), {s.consume("x")});
  return {"relay.design",
          {r.build(DesignBuilder::loop(ctx.boolVal(true), b1)), s.build(DesignBuilder::loop(ctx.boolVal(true), s1))}};
}

// when (True) { in(sink.p) provided (sink.p > -1) }: a consumption no `touch` guards (the empty
// buffer's 0 would pass the filter).
design::DesignFile sink(ExprContext& ctx) {
  DesignBuilder s(ctx, "sink");
  s.port("p", Sort::integer()).time(TimeKind::Discrete);
  const auto b1 = s.basic(ctx.boolVal(true), {s.consume("p", ctx.make(Op::Gt, {s.own("p"), ctx.intVal(-1)}))});
  return {"sink.design", {s.build(DesignBuilder::loop(ctx.boolVal(true), b1))}};
}

// A test of a design whose every step is a delay followed by the named programs.
ReplayResult replayPrograms(const TransitionSystem& ts, const std::vector<std::vector<std::string>>& steps) {
  TestSequence test;
  test.initial.set(*ts.context().findVar("time0"), integer(0));
  test.prefix = std::vector<TransitionId>{};
  for (const auto& programs : steps) {
    TestStep s;
    s.channel = 0;
    s.inputs.set(*ts.context().findVar("d"), integer(1));
    s.path.push_back(id(ts, "delay"));
    for (const std::string& n : programs) s.path.push_back(id(ts, n));
    test.steps.push_back(std::move(s));
  }
  return replay(ts, test);
}

}  // namespace

TEST_CASE("design lowering: dense time") {
  const Lowered w(dense);
  const TransitionSystem& ts = w.system;
  CHECK(variable(ts, "time0").var.sort() == Sort::real());
  CHECK(variable(ts, "elapsed").var.sort() == Sort::real());
  CHECK(ts.channels[0].params == std::vector<Sort>{Sort::real()});
  CHECK(toString(ts.transitions[id(ts, "delay")].guard) == "d > 0.0");
  CHECK(mentions(ts.transitions[id(ts, "sensor.b1")].guard, "elapsed"));
}

TEST_CASE("design lowering: interleaving runs both orders, then the program is finished") {
  const Lowered w(interleaved);
  const TransitionSystem& ts = w.system;
  REQUIRE(hasVariable(ts, "pair.pc"));
  CHECK(replayPrograms(ts, {{"pair.b1"}, {"pair.b2"}}).completed);
  CHECK(replayPrograms(ts, {{"pair.b2"}, {"pair.b1"}}).completed);
  CHECK(!replayPrograms(ts, {{"pair.b1"}, {"pair.b1"}}).completed);
  CHECK(!replayPrograms(ts, {{"pair.b1"}, {"pair.b2"}, {"pair.b1"}}).completed);
  // Both orders end at the same point.
  const ReplayResult one = replayPrograms(ts, {{"pair.b1"}, {"pair.b2"}});
  const ReplayResult two = replayPrograms(ts, {{"pair.b2"}, {"pair.b1"}});
  const Expr pc = *ts.context().findVar("pair.pc");
  CHECK(one.finalState.find(pc)->toString() == two.finalState.find(pc)->toString());
  CHECK(one.finalState.find(pc)->toString() != "0");
}

TEST_CASE("design lowering: while conditions fold into the next basic program") {
  const Lowered w(counted);
  const TransitionSystem& ts = w.system;
  CHECK(hasVariable(ts, "count.pc"));  // in the loop, and finished
  CHECK(mentions(ts.transitions[id(ts, "count.b2")].guard, "count.n"));
  CHECK(!replayPrograms(ts, {{"count.b2"}}).completed);  // n = 0: the loop must run first
  CHECK(!replayPrograms(ts, {{"count.b1"}, {"count.b1"}, {"count.b1"}, {"count.b1"}}).completed);
  const ReplayResult done = replayPrograms(ts, {{"count.b1"}, {"count.b1"}, {"count.b1"}, {"count.b2"}});
  CHECK_MESSAGE(done.completed, done.failure);
  CHECK(!replayPrograms(ts, {{"count.b1"}, {"count.b1"}, {"count.b1"}, {"count.b2"}, {"count.b1"}}).completed);
}

TEST_CASE("design lowering: a design used twice gets two components with their own variables") {
  const Lowered w(relay);
  const TransitionSystem& ts = w.system;
  REQUIRE(ts.components.size() == 3);
  CHECK(ts.components[1].name == "left");
  CHECK(ts.components[1].design == "sensor");
  CHECK(ts.components[2].name == "right");
  CHECK(ts.components[1].ports[0].current.name() == "left.x");
  CHECK(ts.components[2].ports[0].current.name() == "right.x");
  CHECK(names(ts, ts.components[2].observations) == std::vector<std::string>{"relay.b1", "right.b1"});
  const Transition& b1 = ts.transitions[id(ts, "relay.b1")];
  CHECK(mentions(b1.guard, "left.last"));
  CHECK(mentions(b1.guard, "right.last"));
  CHECK(hasVariable(ts, "relay.v"));
  const std::string diagram = compositionDiagram(w.file, w.file.designs[0]);
  CHECK(diagram.find("\"relay.v\" -> \"left.x\"") != std::string::npos);
  CHECK(diagram.find("cluster_right") != std::string::npos);
}

TEST_CASE("design lowering: errors at the design's location") {
  ExprContext ctx;
  design::DesignFile file = relay(ctx);
  file.designs.pop_back();  // sensor is unknown now
  CHECK_THROWS_WITH_AS((void)lower(file, file.designs[0], ctx), doctest::Contains("unknown design 'sensor'"), Error);
  ExprContext ctx2;
  design::DesignFile mixed = relay(ctx2);
  mixed.designs[1].time = TimeKind::Dense;
  CHECK_THROWS_WITH_AS((void)lower(mixed, mixed.designs[0], ctx2), doctest::Contains("declares dense time"), Error);
}

TEST_CASE("design lowering: a consumption needs a value, and `provided` filters it") {
  const Lowered w(sink);
  const TransitionSystem& ts = w.system;
  ExprContext& ctx = ts.context();
  CHECK((feasible(ts, execute(ts, {"delay", "sink.b1"}).state) == CheckResult::Unsat));
  const Executed e = execute(ts, {"sink.p?", "delay", "sink.b1"});
  CHECK((feasible(ts, e.state) == CheckResult::Sat));
  const Expr v = *ctx.findVar("sink.p.in@1");
  CHECK((feasible(ts, e.state, {ctx.make(Op::Le, {v, ctx.intVal(-1)})}) == CheckResult::Unsat));
  CHECK(toString(e.state.store.at(*ctx.findVar("sink.p"))) == toString(v));
  CHECK(toString(e.state.store.at(*ctx.findVar("sink.p.avail"))) == "false");
}

namespace {

// outer uses mid, mid uses leaf: the nested instance is `mid__leaf`; outer's value goes down both.
design::DesignFile nested(ExprContext& ctx) {
  DesignBuilder o(ctx, "outer");
  o.port("v", Sort::integer()).time(TimeKind::Discrete).use("mid");
  const auto o1 = o.basic(o.touch("v"), {o.consume("v"), o.route("v", "mid", "a")});
  DesignBuilder m(ctx, "mid");
  m.port("a", Sort::integer()).use("leaf");
  const auto m1 = m.basic(m.touch("a"), {m.consume("a"), m.route("a", "leaf", "x")});
  DesignBuilder l(ctx, "leaf");
  l.port("x", Sort::integer());
  const auto l1 = l.basic(l.touch("x"), {l.consume("x")});
  return {"nested.design",
          {o.build(DesignBuilder::loop(ctx.boolVal(true), o1)), m.build(DesignBuilder::loop(ctx.boolVal(true), m1)),
           l.build(DesignBuilder::loop(ctx.boolVal(true), l1))}};
}

}  // namespace

TEST_CASE("design lowering: a nested instance is named by its path") {
  const Lowered w(nested);
  const TransitionSystem& ts = w.system;
  std::vector<std::string> components;
  for (const Component& c : ts.components) components.push_back(c.name);
  CHECK(components == std::vector<std::string>{"outer", "mid", "mid__leaf"});
  CHECK(hasVariable(ts, "mid__leaf.x.avail"));
  CHECK(names(ts, ts.components[2].observations) == std::vector<std::string>{"mid.b1", "mid__leaf.b1"});
  const Executed e = execute(ts, {"outer.v?", "delay", "outer.b1", "delay", "mid.b1", "delay", "mid__leaf.b1"});
  CHECK((feasible(ts, e.state) == CheckResult::Sat));
  CHECK(toString(e.state.store.at(*ts.context().findVar("mid__leaf.x"))) == "outer.v.in@1");
}
