#include <doctest/doctest.h>

#include "ExprCheck.h"

#include <set>

#include "RandomExpr.h"
#include "symseq/expr/Parser.h"
#include "symseq/expr/Printer.h"

using namespace symseq;

namespace {

// Every operator that occurs in e (iteratively, e may be deep).
void collectOps(Expr e, std::set<Op>& ops) {
  std::vector<Expr> work{e};
  while (!work.empty()) {
    const Expr n = work.back();
    work.pop_back();
    ops.insert(n.op());
    for (Expr c : n.children()) work.push_back(c);
  }
}

}  // namespace

TEST_CASE("printer: minimal parentheses") {
  ExprContext ctx;
  const Expr x = ctx.var("x", Sort::integer());
  const Expr y = ctx.var("y", Sort::integer());
  const Expr a = ctx.var("a", Sort::boolean());
  const Expr b = ctx.var("b", Sort::boolean());
  const Expr c = ctx.var("c", Sort::boolean());
  auto mk = [&](Op op, std::initializer_list<Expr> args) { return ctx.make(op, args); };
  CHECK(toString(mk(Op::And, {mk(Op::Gt, {mk(Op::Add, {x, ctx.intVal(1)}), y}), mk(Op::Not, {b})})) ==
        "x + 1 > y && !b");
  CHECK(toString(mk(Op::And, {a, b, c})) == "a && b && c");
  CHECK(toString(mk(Op::And, {mk(Op::And, {a, b}), c})) == "(a && b) && c");
  CHECK(toString(mk(Op::And, {a, mk(Op::And, {b, c})})) == "a && (b && c)");
  CHECK(toString(mk(Op::Add, {mk(Op::Sub, {mk(Op::Add, {x, y}), x}), y})) == "x + y - x + y");
  CHECK(toString(mk(Op::Sub, {x, mk(Op::Sub, {y, x})})) == "x - (y - x)");
  CHECK(toString(mk(Op::Sub, {x, ctx.intVal(-7)})) == "x - -7");
  CHECK(toString(mk(Op::Neg, {ctx.intVal(7)})) == "-(7)");
  CHECK(toString(mk(Op::Neg, {ctx.intVal(-7)})) == "-(-7)");
  CHECK(toString(mk(Op::Neg, {x})) == "-x");
  CHECK(toString(mk(Op::Not, {mk(Op::Eq, {x, y})})) == "x != y");
  CHECK(toString(mk(Op::Not, {mk(Op::Not, {mk(Op::Eq, {x, y})})})) == "!(x != y)");
  CHECK(toString(mk(Op::Implies, {a, mk(Op::Implies, {b, c})})) == "a => b => c");
  CHECK(toString(mk(Op::Implies, {mk(Op::Implies, {a, b}), c})) == "(a => b) => c");
  CHECK(toString(mk(Op::Ite, {a, x, mk(Op::Ite, {b, y, x})})) == "a ? x : b ? y : x");
  CHECK(toString(mk(Op::Eq, {mk(Op::Eq, {a, b}), c})) == "(a == b) == c");
  CHECK(toString(ctx.realVal(Rational(1, 3))) == "real(1, 3)");
  CHECK(toString(ctx.realVal(Rational(-5, 2))) == "-2.5");
  CHECK(toString(ctx.bvVal(8, 255)) == "255bv8");
}

TEST_CASE("printer: 3,000 random expressions print and parse back to the same node" * doctest::test_suite("slow")) {
  ExprContext ctx;
  const std::vector<Expr> vars{ctx.var("p", Sort::boolean()),       ctx.var("q", Sort::boolean()),
                               ctx.var("i", Sort::integer()),       ctx.var("j", Sort::integer()),
                               ctx.var("r", Sort::real()),          ctx.var("s.t", Sort::real()),
                               ctx.var("u", Sort::bitVec(8)),       ctx.var("v_1", Sort::bitVec(8)),
                               ctx.var("w", Sort::bitVec(1)),       ctx.var("big", Sort::bitVec(70))};
  const std::vector<const FunctionDecl*> functions{
      &ctx.declareFunction("f", {Sort::integer(), Sort::real()}, Sort::boolean()),
      &ctx.declareFunction("g", {Sort::bitVec(8)}, Sort::integer()),
      &ctx.declareFunction("h", {}, Sort::real())};
  test::RandomExprOptions options;
  options.sorts = {Sort::boolean(), Sort::integer(), Sort::real(), Sort::bitVec(8), Sort::bitVec(1), Sort::bitVec(70)};
  options.maxDepth = 5;
  options.maxArity = 4;
  test::RandomExprGenerator gen(ctx, 20240611, options, vars, functions);
  std::set<Op> seenOps;
  std::set<Sort> seenSorts;
  for (int k = 0; k < 3000; ++k) {
    const Expr e = gen.generate(gen.randomSort());
    collectOps(e, seenOps);
    seenSorts.insert(e.sort());
    const std::string text = toString(e);
    Expr back;
    try {
      back = parseExpr(ctx, text);
    } catch (const Error& err) {
      FAIL_CHECK(text << " -> " << err.what());
      continue;
    }
    if (back != e) FAIL_CHECK(text << " parsed back as " << toString(back));
  }
  CHECK(seenOps.size() == static_cast<std::size_t>(kOpCount));
  CHECK(seenSorts.size() == options.sorts.size());
}

TEST_CASE("printer: deep expressions print without recursion" * doctest::test_suite("slow")) {
  ExprContext ctx;
  const Expr x = ctx.var("x", Sort::integer());
  Expr e = x;
  for (int k = 0; k < 100000; ++k) e = ctx.make(Op::Add, {e, ctx.intVal(k % 7)});
  const std::string text = toString(e);
  CHECK(text.size() > 100000);
  CHECK(text.substr(0, 3) == "(((");
  CHECK(toSmtLib(e).size() > 100000);
  Expr n = ctx.var("b", Sort::boolean());
  for (int k = 0; k < 100000; ++k) n = ctx.mkNot(n);
  CHECK_SAME(parseExpr(ctx, toString(n)), n);
}

TEST_CASE("printer: SMT-LIB terms") {
  ExprContext ctx;
  const Expr x = ctx.var("x", Sort::integer());
  const Expr y = ctx.var("y", Sort::integer());
  const Expr r = ctx.var("r", Sort::real());
  const Expr b = ctx.var("b", Sort::boolean());
  const Expr u = ctx.var("u", Sort::bitVec(8));
  auto mk = [&](Op op, std::initializer_list<Expr> args) { return ctx.make(op, args); };
  CHECK(toSmtLib(mk(Op::And, {mk(Op::Gt, {mk(Op::Add, {x, ctx.intVal(1)}), y}), mk(Op::Not, {b})})) ==
        "(and (> (+ x 1) y) (not b))");
  CHECK(toSmtLib(mk(Op::Eq, {mk(Op::Div, {x, ctx.intVal(-5)}), mk(Op::Mod, {x, y})})) == "(= (div x (- 5)) (mod x y))");
  CHECK(toSmtLib(mk(Op::Div, {r, ctx.realVal(Rational(1, 3))})) == "(/ r (/ 1.0 3.0))");
  CHECK(toSmtLib(mk(Op::Add, {r, ctx.realVal(Rational(-2))})) == "(+ r (- 2.0))");
  CHECK(toSmtLib(mk(Op::Lt, {mk(Op::Add, {u, ctx.bvVal(8, 5)}), mk(Op::Div, {u, u})})) ==
        "(bvult (bvadd u (_ bv5 8)) (bvudiv u u))");
  CHECK(toSmtLib(mk(Op::BvSlt, {mk(Op::Mod, {u, u}), mk(Op::Neg, {u})})) == "(bvslt (bvurem u u) (bvneg u))");
  CHECK(toSmtLib(mk(Op::Ite, {b, mk(Op::ToReal, {x}), mk(Op::Neg, {r})})) == "(ite b (to_real x) (- r))");
  CHECK(toSmtLib(ctx.var("a b", Sort::boolean())) == "|a b|");
  CHECK(toSmtLib(ctx.var("and", Sort::boolean())) == "|and|");
  CHECK(toSmtLib(ctx.var("s.t", Sort::boolean())) == "s.t");
}

TEST_CASE("printer: SMT-LIB script declares what the assertions use, in creation order") {
  ExprContext ctx;
  const Expr y = ctx.var("y", Sort::integer());
  const Expr unused = ctx.var("unused", Sort::integer());
  const Expr x = ctx.var("x", Sort::bitVec(4));
  const FunctionDecl& f = ctx.declareFunction("f", {Sort::integer(), Sort::bitVec(4)}, Sort::boolean());
  (void)unused;
  const std::vector<Expr> assertions{ctx.apply(f, {y, x}), ctx.make(Op::Gt, {y, ctx.intVal(0)})};
  CHECK(toSmtLibScript(assertions) ==
        "(set-logic ALL)\n"
        "(declare-fun y () Int)\n"
        "(declare-fun x () (_ BitVec 4))\n"
        "(declare-fun f (Int (_ BitVec 4)) Bool)\n"
        "(assert (f y x))\n"
        "(assert (> y 0))\n"
        "(check-sat)\n");
}
