// The SupLDD operations AUTSEG performs on linear constraint sets (seed-requirements 2.5, EXACT
// after normalisation): QELIM, high and low implication, reduction; plus the normal form, the
// redundancy removal decided by a real solver, and the exactness check of projections over Z.
#include <doctest/doctest.h>

#include "ShippedSolver.h"
#include "symseq/expr/Parser.h"
#include "symseq/linear/LinearSet.h"
#include "symseq/plugin/Registry.h"
#include "symseq/run/PluginOptions.h"
#include "symseq/solver/Solver.h"

using namespace symseq;

namespace {

PluginPtr<Solver> makeZ3(ExprContext& ctx) { return test::makeShippedSolver(ctx); }

// The variables of the paper's examples, created in the order they appear there.
struct Vars {
  ExprContext ctx;
  Expr x = ctx.var("x", Sort::integer());
  Expr y = ctx.var("y", Sort::integer());
  Expr t = ctx.var("t", Sort::integer());
  Expr z = ctx.var("z", Sort::integer());
  Expr k = ctx.var("k", Sort::integer());

  LinearSet set(const char* text) {
    const auto s = LinearSet::fromExpr(parseExpr(ctx, text));
    REQUIRE(s.has_value());
    return *s;
  }
};

}  // namespace

TEST_CASE("linear set: the normal form divides by the coefficients' gcd and rounds the bound down") {
  Vars v;
  // 2x + 4y <= 7 is x + 2y <= 3 over Z; 3x >= 7 is -3x <= -7, i.e. -x <= -3 (x >= 3).
  CHECK(v.set("2 * x + 4 * y <= 7") == v.set("x + 2 * y <= 3"));
  CHECK(v.set("3 * x >= 7") == v.set("x >= 3"));
  CHECK(v.set("x < 5") == v.set("x <= 4"));
  CHECK(v.set("x - 1 > y") == v.set("x - y >= 2"));
  CHECK(v.set("x == y + 1").constraints().size() == 2);
  // Two bounds that meet print as the equality.
  CHECK(v.set("x == y + 1 && k <= 3").toString() == "x - y == 1, k <= 3");
  CHECK(v.set("84 == x").toString() == "x == 84");
  CHECK(v.set("!(x <= 3)") == v.set("x >= 4"));
  CHECK(v.set("x <= 3 && x <= 3") == v.set("x <= 3"));
  CHECK(v.set("x >= 10 && x - k >= 10").toString() == "x >= 10, x - k >= 10");
  // Not linear, or not a conjunction: nothing.
  CHECK_FALSE(LinearSet::fromExpr(parseExpr(v.ctx, "x * y <= 3")).has_value());
  CHECK_FALSE(LinearSet::fromExpr(parseExpr(v.ctx, "x <= 3 || y <= 3")).has_value());
  CHECK_FALSE(LinearSet::fromExpr(parseExpr(v.ctx, "x != 3")).has_value());
  // The empty set prints as nothing and is `true`; a contradiction between constants is `false`.
  CHECK(v.set("true").empty());
  CHECK(v.set("true").toExpr(v.ctx) == v.ctx.boolVal(true));
  CHECK(v.set("1 <= 0").toString() == "false");
}

TEST_CASE("linear set: QELIM of the paper's example over y and t gives x - z <= 9 and x - k >= 10") {
  Vars v;
  const LinearSet s = v.set("x - y <= 3 && x - t >= 8 && y - z <= 6 && t - k >= 2");
  const LinearSet projected = s.eliminate({v.y, v.t});
  CHECK(projected == v.set("x - z <= 9 && x - k >= 10"));
  CHECK(projected.toString() == "x - z <= 9, x - k >= 10");
  // The garbled reading t - k >= 6 would give x - k >= 14.
  CHECK(v.set("x - y <= 3 && x - t >= 8 && y - z <= 6 && t - k >= 6").eliminate({v.y, v.t}) ==
        v.set("x - z <= 9 && x - k >= 14"));
  // Coefficients other than 1: 2x <= y and z <= 3x combine as 3·(2x - y) + 2·(z - 3x) <= 0.
  CHECK(v.set("2 * x <= y && z <= 3 * x").eliminate({v.x}) == v.set("2 * z <= 3 * y"));
  // Checked against the solver: exact over Z (unit coefficients).
  auto solver = makeZ3(v.ctx);
  const auto checked = projectChecked(s, {v.y, v.t}, *solver);
  REQUIRE(checked.has_value());
  CHECK(*checked == projected);
}

TEST_CASE("linear set: resolution keeps the strongest (high) or the weakest (low) of one left-hand side") {
  Vars v;
  const LinearSet s = v.set("x - y <= 3 && x - t >= 8 && y - z <= 6 && x - t >= 2");
  const LinearSet qelim = s.eliminate({v.y});
  CHECK(qelim == v.set("x - z <= 9 && x - t >= 8 && x - t >= 2"));
  CHECK(qelim.constraints().size() == 3);
  CHECK(qelim.highImplication() == v.set("x - z <= 9 && x - t >= 8"));
  CHECK(qelim.lowImplication() == v.set("x - z <= 9 && x - t >= 2"));
  const LinearSet bounds = v.set("x <= 3 && x <= 8");
  CHECK(bounds.highImplication() == v.set("x <= 3"));
  CHECK(bounds.lowImplication() == v.set("x <= 8"));
  CHECK(bounds.highImplication().toString() == "x <= 3");
  CHECK(bounds.lowImplication().toString() == "x <= 8");
}

TEST_CASE("linear set: reduction of A with respect to B, which A implies") {
  Vars v;
  auto solver = makeZ3(v.ctx);
  const LinearSet a = v.set("x - y <= 5 && z >= 2 && z - t <= 2");
  const auto reduced = reduce(a, v.set("x - y <= 7"), *solver);
  REQUIRE(reduced.has_value());
  CHECK(*reduced == v.set("z >= 2 && z - t <= 2"));
  // A does not imply x - y <= 4: no reduction.
  CHECK_FALSE(reduce(a, v.set("x - y <= 4"), *solver).has_value());
}

TEST_CASE("linear set: redundancy removal asks the solver which constraints the others imply") {
  Vars v;
  auto solver = makeZ3(v.ctx);
  // x <= 3 and y <= 2 imply x + y <= 5 and x + y <= 9; the two bounds stay.
  const LinearSet s = v.set("x <= 3 && y <= 2 && x + y <= 5 && x + y <= 9");
  CHECK(s.withoutRedundancy(*solver) == v.set("x <= 3 && y <= 2"));
  // Nothing implies anything here.
  const LinearSet independent = v.set("x <= 3 && y <= 2 && x + y >= 1");
  CHECK(independent.withoutRedundancy(*solver) == independent);
}

TEST_CASE("linear set: a projection Fourier-Motzkin over-approximates over Z is refused") {
  Vars v;
  auto solver = makeZ3(v.ctx);
  // ∃y. x <= 2y <= x (y integer) means x is even; the real shadow is `true`.
  const LinearSet even = v.set("x - 2 * y <= 0 && 2 * y - x <= 0");
  CHECK(even.eliminate({v.y}).empty());
  CHECK_FALSE(projectChecked(even, {v.y}, *solver).has_value());
  // ∃y. 1 <= 3y - x <= 3 holds for every x: the dark shadow agrees, the projection is exact.
  const LinearSet wide = v.set("3 * y - x >= 1 && 3 * y - x <= 3");
  const auto checked = projectChecked(wide, {v.y}, *solver);
  REQUIRE(checked.has_value());
  CHECK(checked->empty());
}
