// Per-behaviour branching (iosts-program-contracts.md, Definition 6; seed-requirements A2 and
// 1.3 items 1 and 3): Example 3 made concrete, the Cartesian product of behaviours, the vending
// machine's `price` transition, and the calls the lowering refuses.
#include <doctest/doctest.h>

#include <set>

#include "ExprCheck.h"
#include "VendingModel.h"
#include "symseq/contracts/Branching.h"
#include "symseq/exec/SymbolicExecutor.h"
#include "symseq/expr/Printer.h"
#include "symseq/expr/Rewrite.h"
#include "symseq/feasibility/PathSet.h"

using namespace symseq;

namespace {

// The conjuncts of a Boolean term, nested Ands flattened, as printed text.
void flatten(Expr e, std::multiset<std::string>& out) {
  if (e.op() == Op::And) {
    for (Expr c : e.children()) flatten(c, out);
    return;
  }
  out.insert(toString(e));
}
std::multiset<std::string> conjuncts(std::initializer_list<Expr> es) {
  std::multiset<std::string> out;
  for (Expr e : es) flatten(e, out);
  return out;
}

std::set<std::string> variableNames(Expr e) {
  std::set<Expr, ExprIdLess> vars;
  collectVariables(e, vars);
  std::set<std::string> out;
  for (Expr v : vars) out.emplace(v.name());
  return out;
}

// Example 3: transition (q, x > 0, c?x, [y ↦ p1(x + a, b), z ↦ x + a], q'), lowered as the iosts
// frontend does: the reception is `x := c.x` before the assignments, which read the received x.
// p1 has interface (x1, x2, x3) and one behaviour: Pre1 x1 > 0, Post1 x3 = x1 + x2.
struct Example3 {
  ExprContext ctx;
  TransitionSystem ts{ctx};
  Expr x = ctx.var("x", Sort::integer()), a = ctx.var("a", Sort::integer()), b = ctx.var("b", Sort::integer());
  Expr y = ctx.var("y", Sort::integer()), z = ctx.var("z", Sort::integer());
  Expr cx = ctx.var("c.x", Sort::integer());
  const FunctionDecl& p1 =
      ctx.declareFunction("p1", {Sort::integer(), Sort::integer()}, Sort::integer(), FunctionKind::Program);
  Expr x1 = ctx.var("p1.x1", Sort::integer()), x2 = ctx.var("p1.x2", Sort::integer());
  Expr x3 = ctx.var("p1.x3", Sort::integer());
  SourceLocation where{"example3.iosts", 7, 3};

  Example3() {
    ts.name = "example3";
    for (Expr v : {x, a, b, y, z}) ts.variables.push_back({v, VariableRole::State, std::nullopt, std::nullopt});
    ts.variables.push_back({cx, VariableRole::Input, std::nullopt, std::nullopt});
    ts.channels = {{"c", ChannelDirection::Input, {Sort::integer()}}};
    ts.addLocation("q");
    ts.addLocation("q'");
    ts.contracts = {{&p1, {x1, x2}, x3, {{"b1", gt(x1, 0), ctx.mkEq(x3, plus(x1, x2)), std::nullopt}}, true, false,
                     std::nullopt}};
    ts.transitions = {{"tr", 0, 1, gt(x, 0), {ActionKind::Input, 0, {cx}},
                       {{x, cx}, {y, ctx.apply(p1, {plus(x, a), b})}, {z, plus(x, a)}}, where}};
  }
  Expr gt(Expr e, long v) { return ctx.make(Op::Gt, {e, ctx.intVal(v)}); }
  Expr plus(Expr l, Expr r) { return ctx.make(Op::Add, {l, r}); }
};

}  // namespace

TEST_CASE("branching: Example 3, the guard reads the old x, the contract and z the received one") {
  Example3 e;
  const std::vector<ProgramCallSite> sites = programCalls(e.ts.transitions[0]);
  REQUIRE(sites.size() == 1);
  CHECK(sites[0].update == 1);
  CHECK(sites[0].program == &e.p1);

  const TransitionSystem split = splitByBehaviors(e.ts);
  REQUIRE(split.transitions.size() == 1);  // one behaviour, one child
  const Transition& t = split.transitions[0];
  CHECK(t.name == "tr#b1");
  CHECK(t.origin == "tr");
  CHECK(t.variant == std::vector<std::string>{"b1"});
  CHECK(t.updates.size() == 3);
  CHECK_SAME(t.updates[1].value, e.ctx.apply(e.p1, {e.plus(e.x, e.a), e.b}));  // the update stays
  // Δ = (Pre1 ∧ Post1)[x1 ↦ c.x + a, x2 ↦ b, x3 ↦ p1(c.x + a, b)]: over the received c.x.
  const Expr args0 = e.plus(e.cx, e.a);
  const Expr call = e.ctx.apply(e.p1, {args0, e.b});
  REQUIRE(t.guard.op() == Op::And);
  REQUIRE(t.guard.arity() == 2);
  CHECK_SAME(t.guard.child(0), e.gt(e.x, 0));  // the original guard, over the old x
  CHECK(conjuncts({t.guard.child(1)}) == conjuncts({e.gt(args0, 0), e.ctx.mkEq(call, e.plus(args0, e.b))}));
  CHECK(variableNames(t.guard.child(1)) == std::set<std::string>{"a", "b", "c.x"});

  // Executed: λi = λ[x ↦ c.x@1]; π gains λ(ψ) (the initial x) and Δ over c.x@1; z and y read c.x@1.
  const SymbolicExecutor exec(split);
  const SymbolicStep step = exec.apply(exec.initial(), 0);
  const Expr f1 = e.ctx.var("c.x@1", Sort::integer());
  const Expr f2 = e.ctx.apply(e.p1, {e.plus(f1, e.a), e.b});
  CHECK(step.inputs == std::vector<Expr>{f1});
  CHECK(conjuncts({step.guard}) ==
        conjuncts({e.gt(e.x, 0), e.gt(e.plus(f1, e.a), 0), e.ctx.mkEq(f2, e.plus(e.plus(f1, e.a), e.b))}));
  CHECK_SAME(step.next.store.at(e.x), f1);
  CHECK_SAME(step.next.store.at(e.y), f2);
  CHECK_SAME(step.next.store.at(e.z), e.plus(f1, e.a));

  // κ gains (p1, (c.x@1 + a, b), p1(c.x@1 + a, b)), renamed apart as path 0's.
  const DistinguishedPath d = distinguish(split, std::vector<TransitionId>{0}, 0);
  const auto renamed = [&](const char* name) { return e.ctx.var(name, Sort::integer()); };
  const std::vector<Expr> args{e.plus(renamed("c.x@1~0"), renamed("a~0")), renamed("b~0")};
  REQUIRE(d.calls.size() == 1);
  CHECK(d.calls[0].program == &e.p1);
  CHECK(d.calls[0].args == args);
  CHECK_SAME(d.calls[0].result, e.ctx.apply(e.p1, args));
}

TEST_CASE("branching: calls of programs with 2 and 3 behaviours give 6 variants, in update order") {
  Example3 e;
  const FunctionDecl& p2 = e.ctx.declareFunction("p2", {Sort::integer()}, Sort::integer(), FunctionKind::Program);
  const FunctionDecl& free = e.ctx.declareFunction("free", {Sort::integer()}, Sort::integer(), FunctionKind::Program);
  const Expr u = e.ctx.var("p2.u", Sort::integer()), r = e.ctx.var("p2.r", Sort::integer());
  const Expr fu = e.ctx.var("free.u", Sort::integer()), fr = e.ctx.var("free.r", Sort::integer());
  Contract& c1 = e.ts.contracts[0];
  c1.behaviors.push_back({"b2", e.ctx.mkNot(e.gt(e.x1, 0)), e.ctx.mkEq(e.x3, e.ctx.intVal(0)), std::nullopt});
  const Expr t = e.ctx.boolVal(true);
  e.ts.contracts.push_back({&p2, {u}, r,
                            {{"lo", e.ctx.make(Op::Lt, {u, e.ctx.intVal(0)}), t, std::nullopt},
                             {"mid", e.ctx.mkEq(u, e.ctx.intVal(0)), e.gt(r, 1), std::nullopt},
                             {"hi", e.gt(u, 0), e.gt(r, 2), std::nullopt}},
                            true, true, std::nullopt});
  e.ts.contracts.push_back({&free, {fu}, fr, {}, false, false, std::nullopt});  // no contract: C⊤
  e.ts.transitions[0].updates.push_back({e.z, e.ctx.apply(free, {e.z})});
  e.ts.transitions[0].updates.push_back({e.a, e.ctx.apply(p2, {e.z})});
  e.ts.transitions.push_back({"other", 1, 0, t, {}, {{e.b, e.ctx.apply(free, {e.b})}}, std::nullopt});
  e.ts.declaredTargets = {1, 0};

  const TransitionSystem split = splitByBehaviors(e.ts);
  std::vector<std::string> names;
  for (const Transition& v : split.transitions) names.push_back(v.name);
  CHECK(names == std::vector<std::string>{"tr#b1.lo", "tr#b1.mid", "tr#b1.hi", "tr#b2.lo", "tr#b2.mid", "tr#b2.hi",
                                          "other"});
  CHECK(split.transitions[4].variant == std::vector<std::string>{"b2", "mid"});
  CHECK(split.transitions[4].origin == "tr");
  // The program without behaviours branches nothing: `other` is copied as it was.
  CHECK(split.transitions[6].origin.empty());
  CHECK(split.transitions[6].variant.empty());
  CHECK_SAME(split.transitions[6].guard, t);
  CHECK(split.declaredTargets == std::vector<TransitionId>{6, 0, 1, 2, 3, 4, 5});
  // p2's argument is z as its update reads it: after `z := x + a` and `z := free(z)`, with x received.
  const Expr z2 = e.ctx.apply(free, {e.plus(e.cx, e.a)});
  const Expr mid = split.transitions[4].guard;
  REQUIRE(mid.arity() == 3);
  CHECK(conjuncts({mid.child(2)}) == conjuncts({e.ctx.mkEq(z2, e.ctx.intVal(0)), e.gt(e.ctx.apply(p2, {z2}), 1)}));
  CHECK(programCalls(split.transitions[4]).size() == 3);
}

TEST_CASE("branching: the vending machine's price splits into price#tea and price#coffee, unless C⊤") {
  const test::VendingModel cr(test::PriceContract::Cr);
  const TransitionSystem s = cr.split();
  std::vector<std::string> names;
  for (const Transition& t : s.transitions) names.push_back(t.modelTransition() + "/" + t.name);
  CHECK(names == std::vector<std::string>{"init/init", "coin/coin", "choose/choose", "price/price#tea",
                                          "price/price#coffee", "add/add", "serve/serve"});
  const test::VendingModel none(test::PriceContract::None);
  const TransitionSystem n = none.split();
  REQUIRE(n.transitions.size() == 6);
  CHECK(n.transitions[3].name == "price");
  CHECK_SAME(n.transitions[3].guard, none.ts.transitions[3].guard);
}

TEST_CASE("branching: a program call anywhere but as an update's whole value is an error at the transition") {
  struct Case {
    const char* what;
    const char* message;
  };
  for (const Case c : {Case{"guard", "in its guard"}, Case{"output", "in an emitted term"},
                       Case{"nested", "inside the term assigned to 'y'"},
                       Case{"argument", "in an argument of its call of 'p1'"}}) {
    CAPTURE(c.what);
    Example3 e;
    Transition& t = e.ts.transitions[0];
    const Expr call = e.ctx.apply(e.p1, {e.a, e.b});
    if (std::string(c.what) == "guard") t.guard = e.ctx.make(Op::And, {t.guard, e.gt(call, 0)});
    if (std::string(c.what) == "output") {
      e.ts.channels.push_back({"o", ChannelDirection::Output, {Sort::integer()}});
      t.action = {ActionKind::Output, 1, {call}};
      t.updates.erase(t.updates.begin());
    }
    if (std::string(c.what) == "nested") t.updates[1].value = e.plus(call, e.ctx.intVal(1));
    if (std::string(c.what) == "argument") t.updates[1].value = e.ctx.apply(e.p1, {call, e.b});
    try {
      (void)splitByBehaviors(e.ts);
      FAIL("no error");
    } catch (const Error& err) {
      CHECK(err.message().find(c.message) != std::string::npos);
      CHECK(err.message().find("program 'p1'") != std::string::npos);
      CHECK(err.location() == e.where);
      CHECK(err.hint() == "assign the call to an attribute first");
    }
  }
}

TEST_CASE("branching: a split system passes validation and splitting it again is an error") {
  Example3 e;
  const TransitionSystem once = splitByBehaviors(e.ts);
  CHECK_NOTHROW(once.validate());
  CHECK_THROWS_WITH_AS(splitByBehaviors(once), doctest::Contains("already a variant of 'tr'"), Error);
}
