// Models in the solver layers: the independence layer answers model() from stored slice models
// (no second back-end query), the counterexample cache answers queries that add variables by
// completing a stored model, and the validating layer checks every sat answer's model.
#include <doctest/doctest.h>

#include <algorithm>

#include "ShippedSolver.h"
#include "symseq/expr/Evaluator.h"
#include "symseq/expr/ExprContext.h"
#include "symseq/solver/CounterexampleCache.h"
#include "symseq/solver/IndependenceLayer.h"
#include "symseq/solver/ValidatingLayer.h"
#include "symseq/support/Error.h"

using namespace symseq;

namespace {

std::uint64_t counter(const Solver& s, const std::string& name) {
  for (const auto& [n, v] : s.stats().layers)
    if (n == name) return v;
  FAIL("no counter " << name);
  return 0;
}

BigInt intOf(const Model& m, Expr v) {
  const Value* value = m.find(v);
  REQUIRE(value != nullptr);
  return value->asInt();
}

}  // namespace

TEST_CASE("independence: a sat query's model joins the slice's model and the stored models of the groups left out") {
  ExprContext ctx;
  const Expr x = ctx.var("x", Sort::integer());
  const Expr y = ctx.var("y", Sort::integer());
  const Expr z = ctx.var("z", Sort::integer());
  const Expr unused = ctx.var("unused", Sort::integer());
  IndependenceLayer ind(test::makeShippedSolver(ctx), ctx);
  ind.add(ctx.make(Op::Gt, {x, ctx.intVal(10)}));
  ind.add(ctx.make(Op::Lt, {x, ctx.intVal(20)}));
  const Expr y1 = ctx.make(Op::Eq, {y, ctx.intVal(1)});
  CHECK((ind.check(std::vector{y1}) == CheckResult::Sat));  // {x} checked with the slice, its model stored
  CHECK(counter(ind, "independence.models_stored") == 1);
  CHECK((ind.check(std::vector{y1}) == CheckResult::Sat));  // {x} left out
  CHECK(counter(ind, "independence.dropped") == 2);
  Model m = ind.model(std::vector{x, y, ctx.make(Op::Add, {x, ctx.intVal(1)}), unused});
  CHECK(intOf(m, x) > 10);
  CHECK(intOf(m, x) < 20);
  CHECK(intOf(m, y) == 1);
  CHECK(m.entries()[2].second.asInt() == intOf(m, x) + 1);  // a term over the stored model
  CHECK(m.entries().size() == 4);
  CHECK(counter(ind, "independence.model_rechecks") == 0);
  CHECK(ind.stats().queries == 2);  // no second query for the model

  // A scope that narrows x makes a new group (asked), popping it brings back the stored one.
  ind.push();
  ind.add(ctx.make(Op::Lt, {x, ctx.intVal(13)}));
  ind.add(ctx.make(Op::Gt, {z, x}));
  CHECK((ind.check(std::vector{y1}) == CheckResult::Sat));
  m = ind.model(std::vector{x, z});
  CHECK(intOf(m, x) > 10);
  CHECK(intOf(m, x) < 13);
  CHECK(intOf(m, z) > intOf(m, x));
  ind.pop(1);
  CHECK((ind.check({}) == CheckResult::Sat));  // every group known sat: no solver
  CHECK(counter(ind, "independence.empty_slices") == 1);
  m = ind.model(std::vector{x, z});
  CHECK(intOf(m, x) > 10);
  CHECK(intOf(m, x) < 20);
  CHECK(counter(ind, "independence.model_rechecks") == 0);
  CHECK(ind.stats().queries == 3);

  // After an unsat answer there is no model, stored groups or not.
  const Expr neg = ctx.make(Op::Lt, {y, ctx.intVal(0)});
  CHECK((ind.check(std::vector{y1, neg}) == CheckResult::Unsat));
  CHECK_THROWS_AS((void)ind.model(std::vector{x}), SolverError);
}

TEST_CASE("independence: a group that applies a function has no stored model, and its variables are asked whole") {
  ExprContext ctx;
  const Expr x = ctx.var("x", Sort::integer());
  const Expr y = ctx.var("y", Sort::integer());
  const FunctionDecl& f = ctx.declareFunction("f", {Sort::integer()}, Sort::integer());
  IndependenceLayer ind(test::makeShippedSolver(ctx), ctx);
  ind.add(ctx.make(Op::Eq, {ctx.apply(f, {x}), ctx.intVal(4)}));
  ind.add(ctx.make(Op::Gt, {x, ctx.intVal(2)}));
  const Expr y1 = ctx.make(Op::Eq, {y, ctx.intVal(1)});
  CHECK((ind.check(std::vector{y1}) == CheckResult::Sat));
  CHECK((ind.check(std::vector{y1}) == CheckResult::Sat));
  CHECK(counter(ind, "independence.models_stored") == 0);
  const Model m = ind.model(std::vector{x, ctx.apply(f, {x})});
  CHECK(intOf(m, x) > 2);
  CHECK(m.entries()[1].second.asInt() == 4);
  CHECK(counter(ind, "independence.model_rechecks") == 1);
}

TEST_CASE("counterexample cache: a stored or empty model completed by definitions answers a query that adds variables") {
  ExprContext ctx;
  const Expr a = ctx.var("a", Sort::boolean());
  const Expr b = ctx.var("b", Sort::boolean());
  const Expr u = ctx.var("u", Sort::integer());
  const Expr c = ctx.var("c", Sort::integer());
  CounterexampleCache cex(test::makeShippedSolver(ctx), ctx);
  // An unrolling's first step: a = true, b = a. The empty model completed answers it.
  cex.add(ctx.make(Op::Eq, {a, ctx.boolVal(true)}));
  cex.add(ctx.make(Op::Eq, {b, a}));
  CHECK((cex.check(std::vector{a}) == CheckResult::Sat));
  CHECK(counter(cex, "cex-cache.completed_hits") == 1);
  CHECK(cex.stats().queries == 0);
  Model m = cex.model(std::vector{a, b});
  CHECK(m.find(a)->asBool());
  CHECK(m.find(b)->asBool());
  // The next step adds c = u + 1 with an input u: the stored model extended (u some value).
  cex.push();
  cex.add(ctx.make(Op::Eq, {c, ctx.make(Op::Add, {u, ctx.intVal(1)})}));
  CHECK((cex.check(std::vector{ctx.make(Op::Ge, {c, ctx.intVal(1)})}) == CheckResult::Sat));
  CHECK(counter(cex, "cex-cache.completed_hits") == 2);
  CHECK(cex.stats().queries == 0);
  m = cex.model(std::vector{u, c});
  CHECK(intOf(m, c) == intOf(m, u) + 1);
  // A completion that does not satisfy the query proves nothing: the back end is asked.
  const Expr big = ctx.make(Op::Gt, {u, ctx.intVal(40)});
  CHECK((cex.check(std::vector{big}) == CheckResult::Sat));
  CHECK(cex.stats().queries == 1);
  m = cex.model(std::vector{u, c});
  CHECK(intOf(m, u) > 40);
  CHECK(intOf(m, c) == intOf(m, u) + 1);
  // An unsat query is never answered by a completion.
  cex.add(ctx.make(Op::Lt, {c, ctx.intVal(0)}));
  CHECK((cex.check(std::vector{big}) == CheckResult::Unsat));
  CHECK(cex.stats().queries == 2);
  cex.pop(1);
}

namespace {

// Passes everything to the real solver but lies about models: `shift` is added to every Int
// value, or the last application's value is changed.
class ModelLiar final : public SolverLayer {
 public:
  using SolverLayer::SolverLayer;
  Model model(std::span<const Expr> variables) override {
    const Model truth = inner().model(variables);
    Model out;
    for (std::size_t i = 0; i < truth.entries().size(); ++i) {
      const auto& [t, value] = truth.entries()[i];
      const bool lie = t.sort().isInt() && (shiftVars ? t.isVar() : (!t.isVar() && i + 1 == truth.entries().size()));
      out.add(t, lie ? Value::integer(value.asInt() + 1) : value);
    }
    return out;
  }
  bool shiftVars = true;
};

}  // namespace

TEST_CASE("validating layer: a sat answer's model is checked against every assertion and assumption") {
  ExprContext ctx;
  const Expr x = ctx.var("x", Sort::integer());
  const Expr y = ctx.var("y", Sort::integer());
  const FunctionDecl& f = ctx.declareFunction("f", {Sort::integer()}, Sort::integer());
  {
    ValidatingLayer v(test::makeShippedSolver(ctx, "z3"), test::makeShippedSolver(ctx, "cvc5"));
    v.add(ctx.make(Op::Eq, {x, ctx.intVal(2)}));
    v.push();
    v.add(ctx.make(Op::Eq, {ctx.apply(f, {x}), ctx.intVal(5)}));
    v.add(ctx.make(Op::Eq, {ctx.apply(f, {y}), ctx.intVal(5)}));
    CHECK((v.check(std::vector{ctx.make(Op::Eq, {y, x})}) == CheckResult::Sat));
    CHECK(counter(v, "validate.models_checked") == 1);
    v.pop(1);
    CHECK((v.check({}) == CheckResult::Sat));  // the popped scope's assertions are not checked
    CHECK(counter(v, "validate.models_checked") == 2);
  }
  {
    auto liar = makePluginPtr<ModelLiar>(test::makeShippedSolver(ctx, "z3"));
    ValidatingLayer v(std::move(liar), test::makeShippedSolver(ctx, "cvc5"));
    v.add(ctx.make(Op::Gt, {x, ctx.intVal(1)}));
    v.add(ctx.make(Op::Lt, {x, ctx.intVal(3)}));  // x = 2, which the liar gives as 3
    CHECK_THROWS_WITH_AS(v.check({}), doctest::Contains("model of query #1 (0 open scopes, 0 assumptions) makes assertion #2 false"), SolverError);
  }
  {
    auto liar = makePluginPtr<ModelLiar>(test::makeShippedSolver(ctx, "z3"));
    liar->shiftVars = false;  // the variables are right, the last application's value is not
    ValidatingLayer v(std::move(liar), test::makeShippedSolver(ctx, "cvc5"));
    v.add(ctx.make(Op::Eq, {x, y}));
    v.add(ctx.make(Op::Eq, {ctx.apply(f, {x}), ctx.intVal(5)}));
    v.add(ctx.make(Op::Eq, {ctx.apply(f, {y}), ctx.intVal(5)}));
    CHECK_THROWS_WITH_AS(v.check({}), doctest::Contains("gives two values to f at equal arguments"), SolverError);
  }
  {
    auto liar = makePluginPtr<ModelLiar>(test::makeShippedSolver(ctx, "z3"));
    ValidatingLayer v(std::move(liar), test::makeShippedSolver(ctx, "cvc5"));
    v.add(ctx.make(Op::Gt, {x, ctx.intVal(1)}));
    CHECK_THROWS_WITH_AS(v.check(std::vector{ctx.make(Op::Lt, {y, ctx.intVal(0)}), ctx.make(Op::Eq, {y, ctx.intVal(-4)})}),
                         doctest::Contains("makes assumption #2 false"), SolverError);
  }
}
