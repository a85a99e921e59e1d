#include <doctest/doctest.h>

#include "ExprCheck.h"

#include "RandomExpr.h"
#include "symseq/expr/Evaluator.h"
#include "symseq/expr/Parser.h"
#include "symseq/expr/Printer.h"

using namespace symseq;

namespace {

struct Fixture {
  ExprContext ctx;
  Valuation values;
  Expr x = ctx.var("x", Sort::integer());
  Expr r = ctx.var("r", Sort::real());
  Expr u = ctx.var("u", Sort::bitVec(8));

  Value eval(std::string_view text) { return evaluate(parseExpr(ctx, text), values); }
  static Value bv8(long bits) { return Value::bitVec(8, bits); }
};

}  // namespace

TEST_CASE_FIXTURE(Fixture, "evaluator: integer division and remainder are Euclidean") {
  // a = b*q + r with 0 <= r < |b|, for every sign combination.
  CHECK(eval("7 / 2") == Value::integer(3));
  CHECK(eval("7 % 2") == Value::integer(1));
  CHECK(eval("-7 / 2") == Value::integer(-4));
  CHECK(eval("-7 % 2") == Value::integer(1));
  CHECK(eval("7 / -2") == Value::integer(-3));
  CHECK(eval("7 % -2") == Value::integer(1));
  CHECK(eval("-7 / -2") == Value::integer(4));
  CHECK(eval("-7 % -2") == Value::integer(1));
  CHECK(eval("-8 / 2") == Value::integer(-4));
  CHECK(eval("-8 % -2") == Value::integer(0));
  CHECK(eval("0 / -3") == Value::integer(0));
  for (long a = -9; a <= 9; ++a) {
    for (long b : {-4L, -3L, -1L, 1L, 3L, 4L}) {
      const BigInt q = evaluate(ctx.make(Op::Div, {ctx.intVal(a), ctx.intVal(b)}), values).asInt();
      const BigInt m = evaluate(ctx.make(Op::Mod, {ctx.intVal(a), ctx.intVal(b)}), values).asInt();
      CHECK(BigInt(b) * q + m == a);
      CHECK(m >= 0);
      CHECK(m < (b < 0 ? -b : b));
    }
  }
}

TEST_CASE_FIXTURE(Fixture, "evaluator: arithmetic, comparisons and booleans") {
  values.set(x, Value::integer(5));
  values.set(r, Value::real(Rational(1, 2)));
  CHECK(eval("x * x - 3 + -x") == Value::integer(17));
  CHECK(eval("123456789012345678901234567890 * 10") == Value::integer(BigInt("1234567890123456789012345678900")));
  CHECK(eval("r / 3.0 + real(1, 3)") == Value::real(Rational(1, 2)));
  CHECK(eval("to_real(x) / 2.0") == Value::real(Rational(5, 2)));
  CHECK(eval("-r") == Value::real(Rational(-1, 2)));
  CHECK(eval("r * r * 4.0 == 1.0") == Value::boolean(true));
  CHECK(eval("x < 5 || x >= 5 && x <= 5 && !(x > 5)") == Value::boolean(true));
  CHECK(eval("x != 5 ^^ true") == Value::boolean(true));
  CHECK(eval("false => x / 0 == 1") == Value::boolean(true));
  // 10 / 0 is an error, but only when its operand is needed.
  CHECK(eval("x == 5 || 10 / (x - 5) > 0") == Value::boolean(true));
  CHECK(eval("x != 5 && 10 / (x - 5) > 0") == Value::boolean(false));
  CHECK_THROWS_AS(eval("x == 0 || 10 / (x - 5) > 0"), EvalError);
  CHECK(eval("x > 0 ? x : 1 / 0") == Value::integer(5));
}

TEST_CASE_FIXTURE(Fixture, "evaluator: bit-vectors") {
  values.set(u, bv8(200));
  CHECK(eval("u + 100bv8") == bv8(44));
  CHECK(eval("0bv8 - 1bv8") == bv8(255));
  CHECK(eval("16bv8 * 17bv8") == bv8(16));
  CHECK(eval("-(1bv8)") == bv8(255));
  CHECK(eval("u / 7bv8") == bv8(28));
  CHECK(eval("u % 7bv8") == bv8(4));
  CHECK(eval("u / 0bv8") == bv8(255));  // all ones
  CHECK(eval("u % 0bv8") == bv8(200));  // the dividend
  CHECK(eval("u > 100bv8") == Value::boolean(true));  // unsigned
  CHECK(eval("slt(u, 100bv8)") == Value::boolean(true));  // 200 is -56
  CHECK(eval("sle(u, u)") == Value::boolean(true));
  CHECK(eval("sgt(127bv8, 128bv8)") == Value::boolean(true));
  CHECK(eval("sge(128bv8, 127bv8)") == Value::boolean(false));
  CHECK(eval("~u") == bv8(55));
  CHECK(eval("u & 0x0fbv8") == bv8(8));
  CHECK(eval("u | 0x0fbv8") == bv8(207));
  CHECK(eval("u ^ 0xffbv8") == bv8(55));
  CHECK(eval("u << 1bv8") == bv8(144));
  CHECK(eval("u >> 3bv8") == bv8(25));
  CHECK(eval("u << 8bv8") == bv8(0));
  CHECK(eval("u >> 200bv8") == bv8(0));
  CHECK(eval("1bv70 << 69bv70") == Value::bitVec(70, BigInt(1) << 69));
}

TEST_CASE_FIXTURE(Fixture, "evaluator: signed division and remainder per SMT-LIB") {
  // -56 and 7: truncating division, the remainder takes the dividend's sign.
  CHECK(eval("sdiv(200bv8, 7bv8)") == bv8(-8));
  CHECK(eval("srem(200bv8, 7bv8)") == bv8(0));
  CHECK(eval("sdiv(201bv8, 7bv8)") == bv8(-7));   // -55 / 7
  CHECK(eval("srem(201bv8, 7bv8)") == bv8(-6));   // -55 % 7
  CHECK(eval("sdiv(55bv8, 249bv8)") == bv8(-7));  // 55 / -7
  CHECK(eval("srem(55bv8, 249bv8)") == bv8(6));
  CHECK(eval("sdiv(201bv8, 249bv8)") == bv8(7));  // -55 / -7
  CHECK(eval("srem(201bv8, 249bv8)") == bv8(-6));
  CHECK(eval("sdiv(128bv8, 255bv8)") == bv8(128));  // -128 / -1 overflows to -128
  CHECK(eval("srem(128bv8, 255bv8)") == bv8(0));
  // By zero: bvsdiv gives -1 for a non-negative dividend and 1 for a negative one;
  // bvsrem gives the dividend.
  CHECK(eval("sdiv(5bv8, 0bv8)") == bv8(255));
  CHECK(eval("sdiv(251bv8, 0bv8)") == bv8(1));
  CHECK(eval("srem(5bv8, 0bv8)") == bv8(5));
  CHECK(eval("srem(251bv8, 0bv8)") == bv8(251));
  CHECK(eval("sdiv(1bv1, 1bv1)") == Value::bitVec(1, 1));  // -1 / -1 = 1 wraps to -1
}

TEST_CASE_FIXTURE(Fixture, "evaluator: errors name what is missing") {
  CHECK_THROWS_WITH_AS(eval("x + 1"), doctest::Contains("variable 'x' has no value"), EvalError);
  CHECK_THROWS_WITH_AS(eval("1 / 0"), doctest::Contains("integer division by zero"), EvalError);
  CHECK_THROWS_WITH_AS(eval("1 % 0"), doctest::Contains("integer remainder by zero"), EvalError);
  CHECK_THROWS_WITH_AS(eval("1.0 / 0.0"), doctest::Contains("real division by zero"), EvalError);
  const FunctionDecl& f = ctx.declareFunction("f", {Sort::integer()}, Sort::integer(), FunctionKind::External);
  CHECK_THROWS_WITH_AS(eval("f(1)"), doctest::Contains("function 'f' has no interpretation"), EvalError);
  FunctionInterpretations impls;
  impls.set(f, [](std::span<const Value> args) { return Value::integer(args[0].asInt() * 2); });
  CHECK(evaluate(parseExpr(ctx, "f(f(3)) + 1"), values, &impls) == Value::integer(13));
  impls.set(f, [](std::span<const Value>) { return Value::boolean(true); });
  CHECK_THROWS_WITH_AS((void)evaluate(parseExpr(ctx, "f(1)"), values, &impls),
                       doctest::Contains("function 'f' returned a bool value, expected int"), EvalError);
}

TEST_CASE_FIXTURE(Fixture, "evaluator: shared DAGs take linear time, deep chains do not recurse" * doctest::test_suite("slow")) {
  // 200 levels of e = e + e: 2^200 paths, 200 distinct nodes.
  Expr e = x;
  for (int k = 0; k < 200; ++k) e = ctx.make(Op::Add, {e, e});
  values.set(x, Value::integer(1));
  CHECK(evaluate(e, values) == Value::integer(BigInt(1) << 200));
  Expr chain = x;
  for (int k = 0; k < 200000; ++k) chain = ctx.make(Op::Sub, {chain, ctx.intVal(1)});
  CHECK(evaluate(chain, values) == Value::integer(1 - 200000));
  Expr b = ctx.boolVal(true);
  for (int k = 0; k < 200000; ++k) b = ctx.make(Op::And, {ctx.boolVal(true), b});
  CHECK(evaluate(b, values) == Value::boolean(true));
}

TEST_CASE_FIXTURE(Fixture, "evaluator: random formulas with safe division always evaluate") {
  const std::vector<Expr> vars{x, r, u, ctx.var("p", Sort::boolean())};
  test::RandomExprOptions options;
  options.safeDivision = true;
  test::RandomExprGenerator gen(ctx, 7, options, vars);
  values.set(x, Value::integer(-3));
  values.set(r, Value::real(Rational(7, 3)));
  values.set(u, bv8(129));
  values.set(vars[3], Value::boolean(true));
  for (int k = 0; k < 500; ++k) {
    const Expr f = gen.formula();
    CHECK_NOTHROW((void)evaluate(f, values));
  }
}
