// Replay's invariants of components (exec/Replay.h item 5, seed-requirements 3.3) on a
// hand-built lowering of two designs shaped like the wiper's env and calc: env consumes the value
// that arrives on its port and delivers it into calc's; calc consumes it. The correct lowering
// replays; lowerings that each drop one protective guard (or start with a value waiting) fail
// replay with a message naming the component, the port or transition, and the step.
#include <doctest/doctest.h>

#include "symseq/exec/Replay.h"
#include "symseq/expr/Parser.h"

using namespace symseq;

namespace {

//   env --delay    delay?(d) [d >= 1] { elapsed := elapsed + d }
//   env --in       intensity?(v) [!envAvail] { envBuf := v; envAvail := true }
//   env --env.b1   [envAvail && !calcAvail && elapsed > envLast && elapsed > calcLast]
//                  { envCur := envBuf; envAvail := false; calcBuf := envCur; calcAvail := true;
//                    envLast := elapsed; calcLast := elapsed }
//   env --calc.b1  [calcAvail && elapsed > calcLast] { calcCur := calcBuf; calcAvail := false; calcLast := elapsed }
struct Wiper {
  ExprContext ctx;
  TransitionSystem ts{ctx};
  TransitionId delay = 0;
  TransitionId in = 1;
  TransitionId envB1 = 2;
  TransitionId calcB1 = 3;

  Expr var(std::string_view name, Sort sort) { return ctx.var(name, sort); }
  Expr e(std::string_view text) { return parseExpr(ctx, text); }

  Wiper() {
    ts.name = "env";
    const Sort i = Sort::integer();
    const Sort b = Sort::boolean();
    const auto state = [](Expr v, std::optional<Expr> initial) {
      VariableDecl d;
      d.var = v;
      d.initial = initial;
      return d;
    };
    VariableDecl time0 = state(var("time0", i), std::nullopt);
    time0.frozen = true;
    VariableDecl dIn = state(var("d", i), std::nullopt);
    dIn.role = VariableRole::Input;
    VariableDecl vIn = state(var("v", i), std::nullopt);
    vIn.role = VariableRole::Input;
    const Expr zero = ctx.intVal(0);
    const Expr no = ctx.boolVal(false);
    ts.variables = {time0,
                    state(var("elapsed", i), zero),
                    state(var("envCur", i), zero),
                    state(var("envAvail", b), no),
                    state(var("envBuf", i), zero),
                    state(var("envLast", i), zero),
                    state(var("calcCur", i), zero),
                    state(var("calcAvail", b), no),
                    state(var("calcBuf", i), zero),
                    state(var("calcLast", i), zero),
                    dIn,
                    vIn};
    ts.axioms = {e("time0 >= 0")};
    ts.channels = {{"delay", ChannelDirection::Input, {i}}, {"intensity", ChannelDirection::Input, {i}}};
    const LocationId env = ts.addLocation("env");
    ts.initial = env;
    const auto transition = [&](std::string name, std::string_view guard, std::vector<Update> updates) {
      Transition t;
      t.name = std::move(name);
      t.source = t.target = env;
      t.guard = e(guard);
      t.updates = std::move(updates);
      return t;
    };
    Transition wait = transition("delay", "d >= 1", {{e("elapsed"), e("elapsed + d")}});
    wait.action = {ActionKind::Input, 0, {e("d")}};
    Transition arrive = transition("in", "!envAvail", {{e("envBuf"), e("v")}, {e("envAvail"), ctx.boolVal(true)}});
    arrive.action = {ActionKind::Input, 1, {e("v")}};
    ts.transitions = {
        wait, arrive,
        transition("env.b1", "envAvail && !calcAvail && elapsed > envLast && elapsed > calcLast",
                   {{e("envCur"), e("envBuf")},
                    {e("envAvail"), no},
                    {e("calcBuf"), e("envCur")},
                    {e("calcAvail"), ctx.boolVal(true)},
                    {e("envLast"), e("elapsed")},
                    {e("calcLast"), e("elapsed")}}),
        transition("calc.b1", "calcAvail && elapsed > calcLast",
                   {{e("calcCur"), e("calcBuf")}, {e("calcAvail"), no}, {e("calcLast"), e("elapsed")}})};
    Component top;
    top.name = top.design = "env";
    top.ports = {{"intensity", e("envCur"), e("envAvail"), e("envBuf")}};
    top.date = e("time0 + elapsed");
    top.observations = {delay, in, envB1};
    Component calc;
    calc.name = calc.design = "calc";
    calc.ports = {{"intensity", e("calcCur"), e("calcAvail"), e("calcBuf")}};
    calc.date = top.date;
    calc.observations = {envB1, calcB1};
    ts.components = {top, calc};
    ts.date = top.date;
    ts.validate();
  }

  TestStep step(TransitionId input, long value, std::vector<TransitionId> internal = {}) {
    TestStep s;
    s.channel = ts.transitions[input].action.channel;
    s.inputs.set(ts.transitions[input].action.args[0], Value::integer(value));
    s.path = {input};
    s.path.insert(s.path.end(), internal.begin(), internal.end());
    return s;
  }

  TestSequence sequence(std::vector<TestStep> steps) {
    TestSequence seq;
    seq.initial.set(e("time0"), Value::integer(0));
    seq.prefix = std::vector<TransitionId>{};
    seq.steps = std::move(steps);
    return seq;
  }

  // Example 3's shape: a value arrives, env passes it on, calc consumes it.
  TestSequence example() {
    return sequence({step(delay, 1), step(in, 3), step(delay, 1, {envB1}), step(delay, 1, {calcB1})});
  }
};

}  // namespace

TEST_CASE("replay components: a correct lowering replays, with the state after each step") {
  Wiper m;
  const ReplayResult r = replay(m.ts, m.example());
  CHECK(r.failure == "");
  CHECK(r.completed);
  REQUIRE(r.steps.size() == 4);
  CHECK(*r.steps[2].after.find(m.e("elapsed")) == Value::integer(2));
  CHECK(*r.steps[3].after.find(m.e("calcCur")) == Value::integer(3));
}

TEST_CASE("replay components: a value waiting at the start fails replay") {
  Wiper m;
  m.ts.variables[3].initial = m.ctx.boolVal(true);  // envAvail
  const ReplayResult r = replay(m.ts, m.example());
  CHECK_FALSE(r.completed);
  CHECK(r.failure == "before the first step: component 'env': port 'intensity' holds a value in the initial state");
}

TEST_CASE("replay components: a consumption without a value fails replay") {
  Wiper m;
  m.ts.transitions[m.calcB1].guard = m.e("elapsed > calcLast");  // forgets `touch(calc.intensity)`
  const ReplayResult r = replay(m.ts, m.sequence({m.step(m.delay, 1, {m.calcB1})}));
  CHECK_FALSE(r.completed);
  CHECK(r.failure == "step 1: component 'calc': transition 'calc.b1' consumes port 'intensity', which holds no value");
}

TEST_CASE("replay components: an overwritten buffer fails replay") {
  Wiper m;
  // Forgets that the target of `env.intensity -> calc.intensity` must be empty.
  m.ts.transitions[m.envB1].guard = m.e("envAvail && elapsed > envLast && elapsed > calcLast");
  const ReplayResult r = replay(m.ts, m.sequence({m.step(m.in, 3), m.step(m.delay, 1, {m.envB1}), m.step(m.in, 4),
                                                  m.step(m.delay, 1, {m.envB1})}));
  CHECK_FALSE(r.completed);
  CHECK(r.failure ==
        "step 4: component 'calc': transition 'env.b1' writes the buffer of port 'intensity', which still holds a value");
}

TEST_CASE("replay components: a step at the date of the previous one fails replay") {
  Wiper m;
  // Forgets `elapsed > env.last` and `elapsed > calc.last`: env acts at its initial date.
  m.ts.transitions[m.envB1].guard = m.e("envAvail && !calcAvail");
  const ReplayResult r = replay(m.ts, m.sequence({m.step(m.in, 3, {m.envB1})}));
  CHECK_FALSE(r.completed);
  CHECK(r.failure == "step 1: component 'env': transition 'env.b1' observes it at date 0, not after its previous step at date 0");
}

TEST_CASE("replay components: an environment move may share the date of the last step, not precede it") {
  Wiper m;
  // Inputs right after env's step, at its date, are fine.
  CHECK(replay(m.ts, m.sequence({m.step(m.delay, 1), m.step(m.in, 3, {}), m.step(m.delay, 1, {m.envB1}), m.step(m.in, 4)}))
            .completed);
  // A "delay" that turns the clock back is not.
  m.ts.transitions[m.delay].guard = m.ctx.boolVal(true);
  const ReplayResult r = replay(m.ts, m.sequence({m.step(m.delay, 2), m.step(m.in, 3, {m.envB1}), m.step(m.delay, -1)}));
  CHECK_FALSE(r.completed);
  CHECK(r.failure == "step 3: component 'env': transition 'delay' observes it at date 1, before its previous step at date 2");
}
