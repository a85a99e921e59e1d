// Replay and symbolic execution on a small CFG-shaped system:
//   init --t0 (x := 0)--> head --step?(i)--> body --big [i > 5] (x := x + i)--> head
//                                               \--small [!(i > 5)] (x := x - 1)--> head
#include <doctest/doctest.h>

#include "symseq/exec/Replay.h"
#include "symseq/exec/SymbolicExecutor.h"
#include "symseq/expr/Evaluator.h"

using namespace symseq;

namespace {

struct Counter {
  ExprContext ctx;
  TransitionSystem sys{ctx};
  Expr x = ctx.var("x", Sort::integer());
  Expr i = ctx.var("i", Sort::integer());
  TransitionId t0 = 0, step = 1, big = 2, small = 3;

  Counter() {
    sys.name = "counter";
    sys.variables.push_back({x, VariableRole::State, ctx.intVal(0), std::nullopt});
    sys.variables.push_back({i, VariableRole::Input, std::nullopt, std::nullopt});
    const LocationId init = sys.addLocation("init");
    const LocationId head = sys.addLocation("head");
    const LocationId body = sys.addLocation("body");
    sys.initial = init;
    sys.channels.push_back({"step", ChannelDirection::Input, {Sort::integer()}});
    const Expr five = ctx.intVal(5);
    const Expr gt = ctx.make(Op::Gt, {i, five});
    sys.transitions.push_back({"t0", init, head, ctx.boolVal(true), {}, {{x, ctx.intVal(0)}}, std::nullopt});
    sys.transitions.push_back({"step", head, body, ctx.boolVal(true), {ActionKind::Input, 0, {i}}, {}, std::nullopt});
    sys.transitions.push_back({"big", body, head, gt, {}, {{x, ctx.make(Op::Add, {x, i})}}, std::nullopt});
    sys.transitions.push_back(
        {"small", body, head, ctx.mkNot(gt), {}, {{x, ctx.make(Op::Sub, {x, ctx.intVal(1)})}}, std::nullopt});
  }

  TestStep input(long v) {
    TestStep s;
    s.inputs.set(i, Value::integer(v));
    return s;
  }
};

}  // namespace

TEST_CASE("replay runs the closure, each step's input transition, and records coverage") {
  Counter m;
  TestSequence seq;
  seq.steps = {m.input(7), m.input(2)};
  const ReplayResult r = replay(m.sys, seq);
  REQUIRE_MESSAGE(r.completed, r.failure);
  CHECK(r.prefix == std::vector<TransitionId>{m.t0});
  REQUIRE(r.steps.size() == 2);
  CHECK(r.steps[0].fired == std::vector<TransitionId>{m.step, m.big});
  CHECK(r.steps[1].fired == std::vector<TransitionId>{m.step, m.small});
  CHECK(r.covered == std::set<TransitionId>{m.t0, m.step, m.big, m.small});
  CHECK(r.finalLocation == 1);
  CHECK(*r.finalState.find(m.x) == Value::integer(6));
}

TEST_CASE("replay reports a step whose values enable no input transition") {
  Counter m;
  TestSequence seq;
  seq.steps = {TestStep{}};  // no value for i
  const ReplayResult r = replay(m.sys, seq);
  CHECK_FALSE(r.completed);
  CHECK(r.failure == "step 1: no input transition is enabled at 'head' with the step's values");
  CHECK(r.covered == std::set<TransitionId>{m.t0});
}

TEST_CASE("replay follows a step's named path and checks every guard") {
  Counter m;
  TestSequence seq;
  TestStep s = m.input(2);
  s.path = {m.step, m.big};  // big's guard i > 5 does not hold for i = 2
  seq.steps = {s};
  const ReplayResult r = replay(m.sys, seq);
  CHECK_FALSE(r.completed);
  CHECK(r.failure == "step 1: the guard of transition 'big' does not hold");
}

TEST_CASE("replay ends a loop without inputs instead of hanging") {
  Counter m;
  m.sys.transitions.push_back({"spin", 1, 1, m.ctx.boolVal(true), {}, {}, std::nullopt});
  const ReplayResult r = replay(m.sys, TestSequence{}, nullptr, ReplayLimits{100});
  CHECK_FALSE(r.completed);
  CHECK(r.failure == "before the first step: more than 100 internal transitions in a row from 'head': a loop without inputs");
}

TEST_CASE("symbolic execution binds fresh inputs and collects the path condition") {
  Counter m;
  const SymbolicExecutor ex(m.sys);
  const SymbolicState s0 = ex.initial();
  CHECK(s0.store.at(m.x) == m.ctx.intVal(0));
  const SymbolicStep a = ex.apply(s0, m.t0);
  const SymbolicStep b = ex.apply(a.next, m.step);
  REQUIRE(b.inputs.size() == 1);
  CHECK(b.inputs[0].name() == "i@2");
  const SymbolicStep c = ex.apply(b.next, m.big);
  REQUIRE(c.next.pathCondition.size() == 1);
  CHECK(c.next.pathCondition[0] == m.ctx.make(Op::Gt, {b.inputs[0], m.ctx.intVal(5)}));
  CHECK(c.next.store.at(m.x) == m.ctx.make(Op::Add, {m.ctx.intVal(0), b.inputs[0]}));
  CHECK(c.next.depth == 3);
  CHECK_THROWS_AS((void)ex.apply(c.next, m.big), Error);  // big does not leave head
}

TEST_CASE("a replayed symbolic path agrees with concrete evaluation") {
  Counter m;
  const SymbolicExecutor ex(m.sys);
  SymbolicState s = ex.apply(ex.initial(), m.t0).next;
  const SymbolicStep in = ex.apply(s, m.step);
  const SymbolicStep big = ex.apply(in.next, m.big);
  Valuation v;
  v.set(in.inputs[0], Value::integer(9));
  CHECK(evaluate(big.next.pathCondition[0], v).asBool());
  CHECK(evaluate(big.next.store.at(m.x), v) == Value::integer(9));
}
