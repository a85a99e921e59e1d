#include <doctest/doctest.h>

#include <chrono>

#include "ExprCheck.h"

#include "symseq/expr/ExprContext.h"
#include "symseq/support/Error.h"

using namespace symseq;

namespace {
// Builds the same terms in an order chosen by `reversed`, returning x + 1 < y.
Expr buildCompare(ExprContext& ctx, bool reversed) {
  if (reversed) {
    ctx.var("y", Sort::integer());
    ctx.intVal(1);
  }
  const Expr x = ctx.var("x", Sort::integer());
  const Expr y = ctx.var("y", Sort::integer());
  return ctx.make(Op::Lt, {ctx.make(Op::Add, {x, ctx.intVal(1)}), y});
}
}  // namespace

TEST_CASE("expr context: the same structure is the same node") {
  ExprContext ctx;
  const Expr x = ctx.var("x", Sort::integer());
  const Expr a = ctx.make(Op::Add, {x, ctx.intVal(1)});
  const Expr b = ctx.make(Op::Add, {ctx.var("x", Sort::integer()), ctx.intVal(1)});
  CHECK_SAME(a, b);
  CHECK_SAME(ctx.intVal(BigInt("123456789012345678901234567890")), ctx.intVal(BigInt("123456789012345678901234567890")));
  CHECK_SAME(ctx.realVal(Rational(2, 4)), ctx.realVal(Rational(1, 2)));
  CHECK_SAME(ctx.bvVal(8, -1), ctx.bvVal(8, 255));
  CHECK_FALSE((ctx.make(Op::Add, {x, ctx.intVal(1)}) == ctx.make(Op::Add, {ctx.intVal(1), x})));
  CHECK_FALSE((ctx.intVal(1) == ctx.realVal(1)));  // same number, another sort
  CHECK_FALSE((ctx.bvVal(8, 1) == ctx.bvVal(16, 1)));  // another width
  const auto size = ctx.size();
  (void)ctx.make(Op::Add, {x, ctx.intVal(1)});
  CHECK(ctx.size() == size);
}

TEST_CASE("expr context: ids are dense and in creation order") {
  ExprContext ctx;
  const Expr x = ctx.var("x", Sort::boolean());
  const Expr n = ctx.mkNot(x);
  const Expr t = ctx.boolVal(true);
  CHECK(x.id() == 0);
  CHECK(n.id() == 1);
  CHECK(t.id() == 2);
  for (std::uint32_t i = 0; i < ctx.size(); ++i) CHECK(ctx.byId(i).id() == i);
  CHECK((ctx.variables() == std::vector<Expr>{x}));
}

TEST_CASE("expr context: hashes do not depend on construction order or context") {
  ExprContext a;
  ExprContext b;
  const Expr ea = buildCompare(a, false);
  const Expr eb = buildCompare(b, true);
  CHECK(ea.hash() == eb.hash());
  CHECK(a.var("x", Sort::integer()).id() != b.var("x", Sort::integer()).id());
  CHECK(a.var("x", Sort::integer()).hash() != a.var("z", Sort::integer()).hash());
  CHECK(a.intVal(1).hash() != a.realVal(1).hash());
}

TEST_CASE("expr context: sort errors name the operator and the sorts") {
  ExprContext ctx;
  const Expr x = ctx.var("x", Sort::integer());
  const Expr r = ctx.var("r", Sort::real());
  const Expr b = ctx.var("b", Sort::boolean());
  CHECK_THROWS_WITH_AS((void)ctx.make(Op::Add, {x, r}),
                       "error: operator '+' expects operands of one sort (convert with to_real), got int and real",
                       SortError);
  CHECK_THROWS_WITH_AS((void)ctx.make(Op::Not, {x}), "error: operator '!' expects one bool operand, got int", SortError);
  CHECK_THROWS_WITH_AS((void)ctx.make(Op::Mod, {r, r}),
                       "error: operator '%' expects int or bit-vector operands, got real and real", SortError);
  CHECK_THROWS_WITH_AS((void)ctx.make(Op::Ite, {b, x, r}),
                       "error: operator '?:' expects two branches of one sort, got int and real", SortError);
  CHECK_THROWS_WITH_AS((void)ctx.var("x", Sort::real()),
                       "error: variable 'x' already has sort int, cannot also have sort real", SortError);
  CHECK_THROWS_AS((void)ctx.make(Op::BvSlt, {x, x}), SortError);
  const FunctionDecl& f = ctx.declareFunction("f", {Sort::integer()}, Sort::boolean());
  CHECK_THROWS_WITH_AS((void)ctx.apply(f, {r}),
                       "error: argument 1 of 'f' has sort real, expected int\n  hint: its signature is f(int) -> bool",
                       SortError);
  CHECK_THROWS_AS((void)ctx.declareFunction("f", {Sort::real()}, Sort::boolean()), SortError);
  ExprContext other;
  CHECK_THROWS_AS((void)ctx.make(Op::Not, {other.boolVal(true)}), SortError);
}

TEST_CASE("expr context: interning stays exact as the table grows") {
  ExprContext ctx;
  const Expr x = ctx.var("x", Sort::integer());
  std::vector<Expr> built;
  for (int i = 0; i < 50000; ++i) built.push_back(ctx.make(Op::Add, {x, ctx.intVal(i)}));
  const std::size_t size = ctx.size();
  CHECK(size == 1 + 2 * 50000);
  for (int i = 0; i < 50000; ++i) {
    const Expr again = ctx.make(Op::Add, {x, ctx.intVal(i)});
    if (again != built[static_cast<std::size_t>(i)]) FAIL_CHECK("node " << i << " was interned twice");
  }
  CHECK(ctx.size() == size);
}

TEST_CASE("expr context: a deadline stops the work that builds expressions, and only while it is set") {
  ExprContext ctx;
  const Expr x = ctx.var("x", Sort::integer());
  // Distinct nodes x + 0, x + 1, ...: the clock is read every 4096 nodes built.
  auto build = [&](int from, int count) {
    for (int i = from; i < from + count; ++i) (void)ctx.make(Op::Add, {x, ctx.intVal(i)});
  };
  SUBCASE("a deadline far away: nothing stops") {
    ctx.setDeadline(std::chrono::steady_clock::now() + std::chrono::hours(1));
    CHECK_NOTHROW(build(0, 10'000));
  }
  SUBCASE("a deadline passed: the next look at the clock throws, then without one the work goes on") {
    ctx.setDeadline(std::chrono::steady_clock::now() - std::chrono::seconds(1));
    CHECK_THROWS_AS(build(0, 10'000), DeadlinePassed);
    ctx.setDeadline(std::nullopt);
    CHECK_NOTHROW(build(10'000, 10'000));
  }
}
