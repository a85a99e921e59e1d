// Test purposes, τ-reduction, quiescence and verdicts of recorded traces
// (iosts-program-contracts.md §6.1; seed-requirements 4.1): a τ cycle is an error naming it; a
// chain of internal transitions composes into one visible transition; δ is possible exactly when
// no output can fire; the four verdicts on a small nondeterministic model and on the vending
// machine; an infeasible purpose is an error before any verdict.
#include <doctest/doctest.h>

#include <string>

#include "VendingModel.h"
#include "symseq/expr/Connectives.h"
#include "symseq/plugin/Registry.h"
#include "symseq/run/PluginOptions.h"
#include "symseq/verdict/Quiescence.h"
#include "symseq/verdict/TauReduction.h"
#include "symseq/verdict/TestPurpose.h"
#include "symseq/verdict/Trace.h"
#include "symseq/verdict/Verdict.h"

using namespace symseq;
using test::PriceContract;
using test::VendingModel;

namespace {

PluginPtr<Solver> makeSolver(ExprContext& ctx) {
  Registry registry;
  registry.loadDirectory(Registry::defaultPluginDir());
  return registry.makeSolver("z3", ctx, defaultOptions(registry.info(PluginKind::Solver, "z3")));
}

SourceLocation at(std::uint32_t line) { return {"model", line, 1}; }

std::string errorOf(const auto& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

std::vector<std::string> names(const TransitionSystem& s, const std::vector<TransitionId>& ids) {
  std::vector<std::string> out;
  for (TransitionId t : ids) out.push_back(s.transitions[t].name);
  return out;
}

TraceEvent in(std::uint32_t channel, std::vector<Value> values) { return {EventKind::Input, channel, std::move(values), {}}; }
TraceEvent out(std::uint32_t channel, std::vector<Value> values) { return {EventKind::Output, channel, std::move(values), {}}; }
TraceEvent quiet() { return {EventKind::Quiescence, 0, {}, {}}; }
Value num(long v) { return Value::integer(v); }
std::string said(Verdict v) { return std::string(toString(v)); }
std::string said(CheckResult r) { return std::string(toString(r)); }

// A small model with one choice the tester cannot see (n > 10: `yes` or `maybe` then `echo`, both
// answering ans!(n)):
//   ask   : l0 -> l1 { req?(k); n := k }
//   yes   : l1 -> l0 [n > 0]  { ans!(n) }
//   maybe : l1 -> l2 [n > 10] { tau }
//   echo  : l2 -> l0          { ans!(n) }
//   no    : l1 -> l0 [n <= 0] { nak! }
struct Answering {
  ExprContext ctx;
  TransitionSystem ts{ctx};
  Expr n = ctx.var("n", Sort::integer());
  Expr k = ctx.var("req.k", Sort::integer());
  std::uint32_t req = 0, ans = 1, nak = 2;

  Answering() {
    ts.name = "answering";
    ts.variables = {{n, VariableRole::State, ctx.intVal(0), at(1)}, {k, VariableRole::Input, std::nullopt, at(2)}};
    ts.channels = {{"req", ChannelDirection::Input, {Sort::integer()}},
                   {"ans", ChannelDirection::Output, {Sort::integer()}},
                   {"nak", ChannelDirection::Output, {}}};
    const LocationId l0 = ts.addLocation("l0"), l1 = ts.addLocation("l1"), l2 = ts.addLocation("l2");
    const Expr t = ctx.boolVal(true);
    ts.transitions = {
        {"ask", l0, l1, t, {ActionKind::Input, req, {k}}, {{n, k}}, at(3)},
        {"yes", l1, l0, ctx.make(Op::Gt, {n, ctx.intVal(0)}), {ActionKind::Output, ans, {n}}, {}, at(4)},
        {"maybe", l1, l2, ctx.make(Op::Gt, {n, ctx.intVal(10)}), {}, {}, at(5)},
        {"echo", l2, l0, t, {ActionKind::Output, ans, {n}}, {}, at(6)},
        {"no", l1, l0, ctx.make(Op::Le, {n, ctx.intVal(0)}), {ActionKind::Output, nak, {}}, {}, at(7)},
    };
    ts.validate();
  }

  TestPurpose purpose(const std::vector<std::vector<std::string>>& paths) const {
    TestPurpose p;
    for (const auto& path : paths) p.paths.push_back(VendingModel::ids(ts, path));
    return p;
  }
};

}  // namespace

TEST_CASE("verdict: a cycle of internal transitions is an error naming its transitions, at one of them") {
  Answering m;
  CHECK(findTauCycle(m.ts).empty());
  CHECK_NOTHROW(checkNoTauCycle(m.ts));
  // back: l2 -> l1, internal: maybe, back is a cycle through l1 and l2.
  m.ts.transitions.push_back({"back", 2, 1, m.ctx.boolVal(true), {}, {}, at(8)});
  CHECK(names(m.ts, findTauCycle(m.ts)) == std::vector<std::string>{"maybe", "back"});
  const std::string message = errorOf([&] { (void)tauReduce(m.ts); });
  CHECK(message == "model:5:1: error: cycle of internal transitions: maybe -> back (back to location 'l1')\n"
                   "  hint: τ-reduction assumes that no cycle of τ transitions exists: give one of them an input or an output");
  // A self-loop is a cycle of one.
  Answering s;
  s.ts.transitions.push_back({"spin", 0, 0, s.ctx.boolVal(true), {}, {}, at(9)});
  CHECK(names(s.ts, findTauCycle(s.ts)) == std::vector<std::string>{"spin"});
  // A cycle through an input is no τ cycle.
  Answering v;
  v.ts.transitions.push_back({"loop", 2, 1, v.ctx.boolVal(true), {ActionKind::Output, v.nak, {}}, {}, at(8)});
  CHECK(findTauCycle(v.ts).empty());
}

TEST_CASE("verdict: τ-reduction composes a chain's guards after substitution and its updates in order") {
  // s0 -t1[x > 0]{x := x + 1}-> s1 -t2[x > 2]{y := 2 * x}-> s2 -o[y < 10]{out!(x + y); x := 0}-> s0
  //                              s1 -t3-> s3 -i[v > x]{in?(v); x := v}-> s0
  ExprContext ctx;
  TransitionSystem ts{ctx};
  const Expr x = ctx.var("x", Sort::integer()), y = ctx.var("y", Sort::integer()), v = ctx.var("in.v", Sort::integer());
  ts.variables = {{x, VariableRole::State, std::nullopt, at(1)},
                  {y, VariableRole::State, ctx.intVal(0), at(2)},
                  {v, VariableRole::Input, std::nullopt, at(3)}};
  ts.channels = {{"in", ChannelDirection::Input, {Sort::integer()}}, {"out", ChannelDirection::Output, {Sort::integer()}}};
  for (const char* l : {"s0", "s1", "s2", "s3"}) ts.addLocation(l);
  const Expr one = ctx.intVal(1), two = ctx.intVal(2);
  const Expr x1 = ctx.make(Op::Add, {x, one});
  ts.transitions = {
      {"t1", 0, 1, ctx.make(Op::Gt, {x, ctx.intVal(0)}), {}, {{x, x1}}, at(4)},
      {"t2", 1, 2, ctx.make(Op::Gt, {x, two}), {}, {{y, ctx.make(Op::Mul, {two, x})}}, at(5)},
      {"o", 2, 0, ctx.make(Op::Lt, {y, ctx.intVal(10)}), {ActionKind::Output, 1, {ctx.make(Op::Add, {x, y})}},
       {{x, ctx.intVal(0)}}, at(6)},
      {"t3", 1, 3, ctx.boolVal(true), {}, {}, at(7)},
      {"i", 3, 0, ctx.make(Op::Gt, {v, x}), {ActionKind::Input, 0, {v}}, {{x, v}}, at(8)},
  };
  ts.validate();
  const TauReduced r = tauReduce(ts);
  // s0 is the only stable location (initial, and the target of both visible transitions).
  REQUIRE(r.system.transitions.size() == 2);
  CHECK(r.system.transitions[0].name == "t1.t2.o");
  CHECK(r.system.transitions[1].name == "t1.t3.i");
  CHECK(names(ts, r.origins[0]) == std::vector<std::string>{"t1", "t2", "o"});
  CHECK(names(ts, r.origins[1]) == std::vector<std::string>{"t1", "t3", "i"});
  CHECK_NOTHROW(r.system.validate());

  const Transition& o = r.system.transitions[0];
  CHECK(o.source == 0);
  CHECK(o.target == 0);
  CHECK(o.action.kind == ActionKind::Output);
  const Expr y2 = ctx.make(Op::Mul, {two, x1});  // y after t2, over the store before the chain
  const Expr guard[] = {ctx.make(Op::Gt, {x, ctx.intVal(0)}), ctx.make(Op::Gt, {x1, two}), ctx.make(Op::Lt, {y2, ctx.intVal(10)})};
  CHECK(o.guard == conjunction(ctx, guard));
  // The output reads the store after the internal updates and before its own.
  REQUIRE(o.action.args.size() == 1);
  CHECK(o.action.args[0] == ctx.make(Op::Add, {x1, y2}));
  REQUIRE(o.updates.size() == 3);
  CHECK(o.updates[2].variable == x);
  CHECK(o.updates[2].value == ctx.intVal(0));
  // Executing the composed transition gives the store of executing the chain.
  const SymbolicExecutor original(ts), reduced(r.system);
  SymbolicState chain = original.initial();
  for (TransitionId t : r.origins[0]) chain = original.apply(chain, t).next;
  const SymbolicState once = reduced.apply(reduced.initial(), 0).next;
  CHECK(once.store.at(x) == chain.store.at(x));
  CHECK(once.store.at(y) == chain.store.at(y));
  CHECK(conjunction(ctx, once.pathCondition) == conjunction(ctx, chain.pathCondition));

  // The input's guard reads the received value and the store after t1 (t3's `true` is dropped).
  const Transition& i = r.system.transitions[1];
  CHECK(i.action.kind == ActionKind::Input);
  const Expr iguard[] = {ctx.make(Op::Gt, {x, ctx.intVal(0)}), ctx.make(Op::Gt, {v, x1})};
  CHECK(i.guard == conjunction(ctx, iguard));

  // An internal transition that reads the input the chain's end receives anew cannot be composed.
  ts.transitions[3].guard = ctx.make(Op::Gt, {v, ctx.intVal(0)});
  CHECK(errorOf([&] { (void)tauReduce(ts); }) ==
        "model:4:1: error: cannot τ-reduce t1 t3 i: an internal transition reads input 'in.v', which 'i' receives anew\n"
        "  hint: copy the input into a state variable on the transition that receives it, and read that");
}

TEST_CASE("verdict: δ is possible exactly when no output transition can fire, internal moves included") {
  Answering m;
  const TauReduced r = tauReduce(m.ts);
  // l0 (initial), then l0 again after every output and l1 after the input: ask; yes, maybe.echo, no.
  std::vector<std::string> reducedNames;
  for (const Transition& t : r.system.transitions) reducedNames.push_back(t.name);
  CHECK(reducedNames == std::vector<std::string>{"ask", "yes", "maybe.echo", "no"});
  auto solver = makeSolver(m.ctx);
  const SymbolicExecutor exec(r.system);
  // At l0 nothing is emitted: quiescent.
  CHECK(quiescenceCondition(exec, exec.initial()) == m.ctx.boolVal(true));
  CHECK(said(quiescencePossible(exec, exec.initial(), *solver)) == "sat");
  // After req?(k): yes [k > 0], maybe.echo [k > 10] and no [k <= 0] cover every k, so δ is impossible.
  const SymbolicStep asked = exec.apply(exec.initial(), 0);
  CHECK(said(quiescencePossible(exec, asked.next, *solver)) == "unsat");
  CHECK(solver->level() == 0);
  // Without `no`, δ is possible for k <= 0 only.
  Answering gap;
  gap.ts.transitions.pop_back();
  const TauReduced g = tauReduce(gap.ts);
  auto gapSolver = makeSolver(gap.ctx);
  const SymbolicExecutor gexec(g.system);
  SymbolicState state = gexec.apply(gexec.initial(), 0).next;
  const Expr k1 = gexec.freshInput(gap.k, 1);
  CHECK(said(quiescencePossible(gexec, state, *gapSolver)) == "sat");
  state.pathCondition.push_back(gap.ctx.make(Op::Gt, {k1, gap.ctx.intVal(0)}));
  CHECK(said(quiescencePossible(gexec, state, *gapSolver)) == "unsat");
}

TEST_CASE("verdict: PASS, WeakPASS, INCONC and FAIL on a model with a choice the tester cannot see") {
  Answering m;
  const TauReduced r = tauReduce(m.ts);
  auto solver = makeSolver(m.ctx);
  const TestPurpose purpose = m.purpose({{"ask", "yes"}});
  const auto judged = [&](std::vector<TraceEvent> events) {
    const VerdictResult v = judge(r, purpose, Trace{std::move(events)}, *solver);
    CHECK(solver->level() == 0);
    return v;
  };

  // 5 > 0 but not > 10: only `yes` answers 5, and it ends the purpose's path.
  const VerdictResult pass = judged({in(m.req, {num(5)}), out(m.ans, {num(5)})});
  CHECK(said(pass.verdict) == "PASS");
  CHECK(names(m.ts, pass.explanation.transitions()) == std::vector<std::string>{"ask", "yes"});
  CHECK(pass.explanation.leaf == std::optional<std::size_t>(0));
  CHECK(pass.paths == 1);
  CHECK(pass.covering == 1);
  CHECK(pass.explained == 2);

  // 20: `yes` or `maybe` then `echo`; only the first reaches the leaf.
  const VerdictResult weak = judged({in(m.req, {num(20)}), out(m.ans, {num(20)})});
  CHECK(said(weak.verdict) == "WeakPASS");
  CHECK(names(m.ts, weak.explanation.transitions()) == std::vector<std::string>{"ask", "yes"});
  REQUIRE(weak.other);
  CHECK(names(m.ts, weak.other->transitions()) == std::vector<std::string>{"ask", "maybe", "echo"});
  CHECK_FALSE(weak.other->leaf);
  CHECK(weak.paths == 2);
  CHECK(weak.covering == 1);
  // With both paths in the purpose, the same trace passes.
  const VerdictResult both = judge(r, m.purpose({{"ask", "yes"}, {"ask", "maybe"}}),
                                   Trace{{in(m.req, {num(20)}), out(m.ans, {num(20)})}}, *solver);
  CHECK(said(both.verdict) == "PASS");
  CHECK(both.covering == 2);

  // 0: `no`, which the purpose does not take.
  const VerdictResult inconc = judged({in(m.req, {num(0)}), out(m.nak, {})});
  CHECK(said(inconc.verdict) == "INCONC");
  CHECK(names(m.ts, inconc.explanation.transitions()) == std::vector<std::string>{"ask", "no"});
  CHECK(inconc.paths == 1);
  CHECK(inconc.covering == 0);
  // The empty trace belongs to the execution and covers nothing.
  CHECK(said(judged({}).verdict) == "INCONC");

  // 5 answered by 6: no path; the first event alone is explained.
  const VerdictResult fail = judged({in(m.req, {num(5)}), out(m.ans, {num(6)})});
  CHECK(said(fail.verdict) == "FAIL");
  CHECK(fail.explained == 1);
  CHECK(names(m.ts, fail.explanation.transitions()) == std::vector<std::string>{"ask"});
  CHECK(fail.paths == 0);
  // Quiescence where an answer is due fails; where none is, it belongs.
  CHECK(said(judged({in(m.req, {num(5)}), quiet()}).verdict) == "FAIL");
  const VerdictResult waited = judged({quiet(), in(m.req, {num(5)}), out(m.ans, {num(5)})});
  CHECK(said(waited.verdict) == "PASS");
  REQUIRE(waited.explanation.steps.size() == 3);
  CHECK_FALSE(waited.explanation.steps[0].reduced);
}

TEST_CASE("verdict: traces on the vending machine, programs uninterpreted, with C_r") {
  VendingModel v(PriceContract::Cr);
  const TransitionSystem split = v.split();
  auto solver = makeSolver(v.ctx);
  TestPurpose purpose;
  purpose.paths.push_back(VendingModel::ids(split, {"init", "coin", "choose", "price#coffee", "add"}));
  const Value tea = num(0), coffee = num(1), add = num(0);
  const auto verdictOf = [&](std::vector<TraceEvent> events) {
    return judgeTrace(split, purpose, Trace{std::move(events)}, *solver);
  };
  // Coffee costs 200 (the only price in [200, 300] and [150, 200]): 100 is not enough.
  const VerdictResult pass = verdictOf({in(v.coin, {num(100)}), in(v.choice, {coffee}), out(v.screen, {add})});
  CHECK(said(pass.verdict) == "PASS");
  CHECK(names(split, pass.explanation.transitions()) ==
        std::vector<std::string>{"init", "coin", "choose", "price#coffee", "add"});
  REQUIRE(pass.explanation.steps.size() == 3);
  CHECK(names(split, pass.explanation.steps[0].original) == std::vector<std::string>{"init", "coin"});
  // Serving coffee for 100 leaves the model.
  const VerdictResult fail = verdictOf({in(v.coin, {num(100)}), in(v.choice, {coffee}), out(v.deliver, {coffee})});
  CHECK(said(fail.verdict) == "FAIL");
  CHECK(fail.explained == 2);
  // Tea for 100 asks for more: the model allows it, the purpose is about coffee.
  CHECK(said(verdictOf({in(v.coin, {num(100)}), in(v.choice, {tea}), out(v.screen, {add})}).verdict) == "INCONC");
  // Tea for 100, then 100 more: served, whatever Price(tea) in [150, 200]; still the same Price(tea).
  const VerdictResult twice = verdictOf({in(v.coin, {num(100)}), in(v.choice, {tea}), out(v.screen, {add}),
                                         in(v.coin, {num(100)}), in(v.choice, {tea}), out(v.deliver, {tea})});
  CHECK(said(twice.verdict) == "INCONC");
  // Tea served for 160, then "Add" for 160 more: Price(tea) would be both <= 160 and > 160.
  CHECK(said(verdictOf({in(v.coin, {num(160)}), in(v.choice, {tea}), out(v.deliver, {tea}),
                            in(v.coin, {num(160)}), in(v.choice, {tea}), out(v.screen, {add})})
                     .verdict) == "FAIL");
  // A Price(coffee) outside [150, 200] is allowed by the contract and leaves the machine silent.
  CHECK(said(verdictOf({in(v.coin, {num(100)}), in(v.choice, {coffee}), quiet()}).verdict) == "INCONC");
  CHECK(solver->level() == 0);
}

TEST_CASE("verdict: an infeasible test purpose is an error before any verdict") {
  VendingModel w(PriceContract::Cw);
  const TransitionSystem split = w.split();
  auto solver = makeSolver(w.ctx);
  TestPurpose purpose;
  purpose.paths.push_back(VendingModel::ids(split, {"init", "coin", "choose", "price#tea", "add"}));
  purpose.where.push_back(SourceLocation{"purpose.txt", 3, 1});
  const Trace trace{{in(w.coin, {num(100)})}};
  CHECK(errorOf([&] { (void)judgeTrace(split, purpose, trace, *solver); }) ==
        "purpose.txt:3:1: error: the test purpose is infeasible (a testing hypothesis fails): path 1 (init coin "
        "choose price#tea add) at purpose.txt:3:1 cannot run with any programs satisfying their contracts\n"
        "  hint: a test purpose's paths must be feasible together, some programs satisfying the contracts running "
        "them all (the testing hypothesis of iosts-program-contracts.md 6.1): drop or change the conflicting paths, "
        "or the contracts");
  CHECK(solver->level() == 0);

  // Each path feasible alone, not together: Price(tea) > 170 on one, < 160 on the other.
  VendingModel r(PriceContract::Cr);
  r.ts.transitions.push_back({"below160", 4, 1, r.ctx.make(Op::Lt, {r.p, r.num(160)}), {}, {}, VendingModel::at(30)});
  r.ts.transitions.push_back({"above170", 4, 1, r.ctx.make(Op::Gt, {r.p, r.num(170)}), {}, {}, VendingModel::at(31)});
  const TransitionSystem rs = r.split();
  auto rsolver = makeSolver(r.ctx);
  TestPurpose conflict;
  conflict.paths.push_back(VendingModel::ids(rs, {"init", "coin", "choose", "price#tea", "above170"}));
  conflict.paths.push_back(VendingModel::ids(rs, {"init", "coin", "choose", "price#tea", "below160"}));
  const std::string message = errorOf([&] { (void)requireFeasible(rs, *rsolver, conflict); });
  CHECK(message.find("no programs satisfying their contracts run path 1 (init coin choose price#tea above170) and "
                     "path 2 (init coin choose price#tea below160) together (the programs' determinism makes the "
                     "conflict") != std::string::npos);
  conflict.paths.pop_back();
  CHECK(said(requireFeasible(rs, *rsolver, conflict).set) == "sat");

  // A path that does not connect is refused before any solving.
  conflict.paths[0] = VendingModel::ids(rs, {"init", "choose"});
  CHECK(errorOf([&] { checkConnected(rs, conflict); }).find(
            "test purpose path 1: 'choose' (step 2) leaves location 'q1', but the path is at 'q0'") != std::string::npos);
}

TEST_CASE("verdict: a trace event on the wrong kind of channel or with the wrong values is an error") {
  Answering m;
  const auto check = [&](TraceEvent e) { return errorOf([&] { checkTrace(m.ts, Trace{{e}}); }); };
  CHECK(check(out(m.req, {num(1)})).find("'req' is an input channel") != std::string::npos);
  CHECK(check(in(m.req, {})).find("'req' carries 1 value(s), the event gives 0") != std::string::npos);
  CHECK(check(in(m.req, {Value::boolean(true)})).find("has sort bool, expected int") != std::string::npos);
  CHECK(check(in(7, {})).find("channel 7 is out of range") != std::string::npos);
  CHECK(check(quiet()).empty());
  CHECK(describe(m.ts, in(m.req, {num(3)})) == "req?(3)");
  CHECK(describe(m.ts, quiet()) == "δ");
}
