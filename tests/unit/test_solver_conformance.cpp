// One conformance suite for every solver plugin the registry finds (and z3 in both modes): the
// same formulas, the same expected answers, the same error contract. A new back end passes this
// unchanged or it is not done.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <set>
#include <string>
#include <vector>

#include "symseq/expr/Evaluator.h"
#include "symseq/expr/ExprContext.h"
#include "symseq/expr/Printer.h"
#include "symseq/expr/Rewrite.h"
#include "symseq/plugin/Registry.h"
#include "symseq/run/PluginOptions.h"
#include "symseq/solver/Solver.h"

using namespace symseq;

namespace {

// Comparisons of CheckResult are double-parenthesised: doctest would print them with
// symseq::toString, which returns a string_view it cannot concatenate.

// A solver plugin with one option set: z3 runs twice, once per mode.
struct SolverConfig {
  std::string label;
  std::string plugin;
  Options options;
};

std::vector<SolverConfig> solverConfigs(const Registry& r) {
  std::vector<SolverConfig> out;
  for (const auto& name : r.names(PluginKind::Solver)) {
    Options o = defaultOptions(r.info(PluginKind::Solver, name));
    out.push_back({name, name, o});
    if (o.contains("mode")) {
      o.set("mode", std::string("fresh-per-query"));
      out.push_back({name + " fresh-per-query", name, o});
    }
  }
  return out;
}

struct Plugins {
  Registry registry;
  Plugins() { registry.loadDirectory(Registry::defaultPluginDir()); }
  PluginPtr<Solver> make(const SolverConfig& c, ExprContext& ctx) const {
    return registry.makeSolver(c.plugin, ctx, c.options);
  }
};

// Runs `body` once per solver configuration, each with a fresh context and solver.
template <class F>
void forEachSolver(F&& body) {
  const Plugins p;
  const auto configs = solverConfigs(p.registry);
  REQUIRE(!configs.empty());
  for (const auto& c : configs) {
    INFO("solver: " << c.label);
    ExprContext ctx;  // declared before the solver: it must outlive it
    auto solver = p.make(c, ctx);
    body(*solver, ctx);
  }
}

Expr I(ExprContext& c, long v) { return c.intVal(v); }
Expr R(ExprContext& c, long n, long d = 1) { return c.realVal(Rational(n, d)); }
Expr B(ExprContext& c, std::uint32_t w, const BigInt& v) { return c.bvVal(w, v); }

// Checks `f` alone in a scope; on Sat, the model must give every variable of `f` (and of `vars`)
// a value, and those values must satisfy `f` under the evaluator.
void expectAnswer(Solver& s, Expr f, CheckResult expected, std::vector<Expr> vars = {}) {
  INFO("formula: " << toString(f));
  s.push();
  s.add(f);
  const CheckResult r = s.check();
  CHECK((r == expected));
  if (r == CheckResult::Sat) {
    std::set<Expr, ExprIdLess> wanted(vars.begin(), vars.end());
    collectVariables(f, wanted);
    const Model m = s.model(std::vector<Expr>(wanted.begin(), wanted.end()));
    for (const Expr& x : wanted) {
      INFO("variable: " << toString(x));
      CHECK(m.find(x) != nullptr);  // a missing variable fails here; it never skips the check below
    }
    CHECK(evaluate(f, m.toValuation()) == Value::boolean(true));
  }
  s.pop();
}

// A ground term t and the evaluator's value c: t == c must be Sat and t != c Unsat. This pins
// every operator to the kernel's semantics (SMT-LIB) on each back end.
void expectGround(Solver& s, ExprContext& ctx, Expr t) {
  const Expr value = ctx.constant(evaluate(t, Valuation{}));
  expectAnswer(s, ctx.mkEq(t, value), CheckResult::Sat);
  expectAnswer(s, ctx.mkNot(ctx.mkEq(t, value)), CheckResult::Unsat);
}

}  // namespace

TEST_CASE("solver plugins: z3 and cvc5 are both installed") {
  const Plugins p;
  const auto names = p.registry.names(PluginKind::Solver);
  CHECK(std::find(names.begin(), names.end(), "z3") != names.end());
  CHECK(std::find(names.begin(), names.end(), "cvc5") != names.end());
  for (const auto& n : names) {
    INFO(n);
    CHECK(!p.registry.info(PluginKind::Solver, n).version.empty());
  }
}

TEST_CASE("solver conformance: every operator on ground terms agrees with the evaluator" * doctest::test_suite("slow")) {
  forEachSolver([](Solver& s, ExprContext& c) {
    const Expr t = c.boolVal(true), f = c.boolVal(false);
    for (Expr g : {c.mkNot(f), c.make(Op::And, {t, f, t}), c.make(Op::Or, {f, f, t}), c.make(Op::Implies, {t, f}),
                   c.make(Op::Xor, {t, t}), c.mkIte(f, t, f), c.mkEq(t, f)})
      expectGround(s, c, g);
    // Int: Euclidean division and remainder on every sign combination.
    for (long a : {7L, -7L})
      for (long b : {2L, -2L}) {
        expectGround(s, c, c.make(Op::Div, {I(c, a), I(c, b)}));
        expectGround(s, c, c.make(Op::Mod, {I(c, a), I(c, b)}));
      }
    for (Expr g : {c.make(Op::Neg, {I(c, 5)}), c.make(Op::Add, {I(c, 1), I(c, -2), I(c, 3)}),
                   c.make(Op::Sub, {I(c, 1), I(c, 9)}), c.make(Op::Mul, {I(c, -3), I(c, 4), I(c, 2)}),
                   c.make(Op::Lt, {I(c, -1), I(c, 0)}), c.make(Op::Le, {I(c, 2), I(c, 2)}),
                   c.make(Op::Gt, {I(c, 2), I(c, 3)}), c.make(Op::Ge, {I(c, -5), I(c, -6)}),
                   c.mkIte(c.boolVal(true), I(c, 4), I(c, 5))})
      expectGround(s, c, g);
    // Real.
    for (Expr g : {c.make(Op::Div, {R(c, 1), R(c, 3)}), c.make(Op::Div, {R(c, -7, 2), R(c, 3, 5)}),
                   c.make(Op::Add, {R(c, 1, 3), R(c, 1, 6)}), c.make(Op::Mul, {R(c, -2, 3), R(c, 3, 4)}),
                   c.make(Op::Neg, {R(c, 1, 3)}), c.make(Op::Sub, {R(c, 0), R(c, 5, 7)}),
                   c.make(Op::Lt, {R(c, 1, 3), R(c, 1, 2)}), c.make(Op::ToReal, {I(c, -4)})})
      expectGround(s, c, g);
    // Bit-vectors at widths 1, 8, 64 and 100: / % < are unsigned, the Bv* ones signed.
    for (std::uint32_t w : {1U, 8U, 64U, 100U}) {
      INFO("width " << w);
      const BigInt top = (BigInt(1) << w) - 1;  // all ones: -1 signed
      const Expr x = B(c, w, top), y = B(c, w, w == 1 ? BigInt(1) : BigInt(3)), z = B(c, w, 0);
      for (Op op : {Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Mod, Op::BvAnd, Op::BvOr, Op::BvXor, Op::BvShl,
                    Op::BvLshr, Op::BvSdiv, Op::BvSrem, Op::Lt, Op::Le, Op::Gt, Op::Ge, Op::BvSlt, Op::BvSle,
                    Op::BvSgt, Op::BvSge}) {
        INFO("op " << opName(op));
        expectGround(s, c, c.make(op, {x, y}));
        expectGround(s, c, c.make(op, {y, x}));
      }
      // Division by zero: all ones, remainder the dividend (SMT-LIB).
      expectGround(s, c, c.make(Op::Div, {y, z}));
      expectGround(s, c, c.make(Op::Mod, {y, z}));
      expectGround(s, c, c.make(Op::Neg, {y}));
      expectGround(s, c, c.make(Op::BvNot, {y}));
    }
  });
}

TEST_CASE("solver conformance: known answers independent of the evaluator") {
  forEachSolver([](Solver& s, ExprContext& c) {
    const Expr x = c.var("x", Sort::integer());
    // -7 div 2 = -4 and -7 mod 2 = 1 (Euclidean), -7 div -2 = 4, 7 mod -2 = 1.
    expectAnswer(s, c.mkEq(c.make(Op::Div, {I(c, -7), I(c, 2)}), I(c, -4)), CheckResult::Sat);
    expectAnswer(s, c.mkEq(c.make(Op::Mod, {I(c, -7), I(c, 2)}), I(c, 1)), CheckResult::Sat);
    expectAnswer(s, c.mkEq(c.make(Op::Div, {I(c, -7), I(c, -2)}), I(c, 4)), CheckResult::Sat);
    expectAnswer(s, c.mkEq(c.make(Op::Mod, {I(c, 7), I(c, -2)}), I(c, 1)), CheckResult::Sat);
    expectAnswer(s, c.make(Op::Lt, {c.make(Op::Mod, {x, I(c, -3)}), I(c, 0)}), CheckResult::Unsat);
    // 200 is > 127 unsigned but negative signed; 200 / 3 = 66 unsigned, -56 sdiv 3 = -18.
    const Expr b = c.var("b", Sort::bitVec(8));
    expectAnswer(s, c.make(Op::And, {c.make(Op::Gt, {b, B(c, 8, 127)}), c.make(Op::BvSlt, {b, B(c, 8, 0)})}),
                 CheckResult::Sat, {b});
    expectAnswer(s, c.make(Op::And, {c.make(Op::Lt, {b, B(c, 8, 128)}), c.make(Op::BvSlt, {b, B(c, 8, 0)})}),
                 CheckResult::Unsat);
    expectAnswer(s, c.mkEq(c.make(Op::Div, {B(c, 8, 200), B(c, 8, 3)}), B(c, 8, 66)), CheckResult::Sat);
    expectAnswer(s, c.mkEq(c.make(Op::BvSdiv, {B(c, 8, 200), B(c, 8, 3)}), B(c, 8, 256 - 18)), CheckResult::Sat);
    expectAnswer(s, c.mkEq(c.make(Op::BvLshr, {B(c, 8, 128), B(c, 8, 7)}), B(c, 8, 1)), CheckResult::Sat);
    expectAnswer(s, c.mkEq(c.make(Op::BvShl, {B(c, 8, 129), B(c, 8, 1)}), B(c, 8, 2)), CheckResult::Sat);
  });
}

TEST_CASE("solver conformance: models are exact") {
  forEachSolver([](Solver& s, ExprContext& c) {
    const Expr big = c.var("big", Sort::integer()), neg = c.var("neg", Sort::integer());
    const Expr third = c.var("third", Sort::real()), r = c.var("r", Sort::real());
    const Expr b1 = c.var("b1", Sort::bitVec(1)), b8 = c.var("b8", Sort::bitVec(8));
    const Expr b64 = c.var("b64", Sort::bitVec(64)), b100 = c.var("b100", Sort::bitVec(100));
    const BigInt huge = (BigInt(1) << 70) + 3;
    const BigInt wide = (BigInt(1) << 99) + 5;
    s.add(c.mkEq(big, c.intVal(huge)));
    s.add(c.mkEq(neg, c.intVal(-5)));
    s.add(c.mkEq(c.make(Op::Mul, {R(c, 3), third}), R(c, 1)));
    s.add(c.mkEq(c.make(Op::Mul, {R(c, -3), r}), R(c, 7)));
    s.add(c.mkEq(b1, B(c, 1, 1)));
    s.add(c.mkEq(b8, B(c, 8, 255)));
    s.add(c.mkEq(b64, B(c, 64, (BigInt(1) << 64) - 2)));
    s.add(c.mkEq(b100, B(c, 100, wide)));
    REQUIRE((s.check() == CheckResult::Sat));
    const Model m = s.model(std::vector{big, neg, third, r, b1, b8, b64, b100});
    REQUIRE(m.entries().size() == 8);
    CHECK(m.find(big)->asInt() == huge);
    CHECK(m.find(neg)->asInt() == -5);
    CHECK(m.find(third)->asReal() == Rational(1, 3));
    CHECK(m.find(r)->asReal() == Rational(-7, 3));
    CHECK(m.find(b1)->bits() == 1);
    CHECK(m.find(b8)->bits() == 255);
    CHECK(m.find(b8)->signedBits() == -1);
    CHECK(m.find(b64)->bits() == (BigInt(1) << 64) - 2);
    CHECK(m.find(b100)->bits() == wide);
    CHECK((m.entries()[0].first == big));  // in the requested order
    // A variable the solver never saw still gets a value of its sort (model completion).
    const Expr unseen = c.var("unseen", Sort::bitVec(16));
    CHECK(s.model(std::vector{unseen}).find(unseen)->sort() == Sort::bitVec(16));
  });
}

TEST_CASE("solver conformance: below -2^64 and above 2^64") {
  forEachSolver([](Solver& s, ExprContext& c) {
    const Expr x = c.var("x", Sort::integer());
    const BigInt limit = -(BigInt(1) << 65);
    s.add(c.make(Op::Lt, {x, c.intVal(limit)}));
    s.add(c.make(Op::Gt, {x, c.intVal(limit - 3)}));
    REQUIRE((s.check() == CheckResult::Sat));
    const BigInt v = s.model(std::vector{x}).find(x)->asInt();
    CHECK(v < limit);
    CHECK(v > limit - 3);
  });
}

TEST_CASE("solver conformance: push/pop nesting and level") {
  forEachSolver([](Solver& s, ExprContext& c) {
    const Expr x = c.var("x", Sort::integer());
    CHECK(s.level() == 0);
    s.add(c.make(Op::Ge, {x, I(c, 0)}));
    s.push();
    s.add(c.make(Op::Le, {x, I(c, 10)}));
    s.push();
    s.push();
    CHECK(s.level() == 3);
    s.add(c.make(Op::Gt, {x, I(c, 10)}));
    CHECK((s.check() == CheckResult::Unsat));
    s.pop(2);
    CHECK(s.level() == 1);
    CHECK((s.check() == CheckResult::Sat));
    const BigInt v = s.model(std::vector{x}).find(x)->asInt();
    CHECK((v >= 0 && v <= 10));
    s.add(c.make(Op::Lt, {x, I(c, 0)}));
    CHECK((s.check() == CheckResult::Unsat));
    s.pop();
    CHECK(s.level() == 0);
    CHECK((s.check() == CheckResult::Sat));
    CHECK_THROWS_AS(s.pop(), SolverError);
    s.push();
    CHECK_THROWS_AS(s.pop(2), SolverError);
    CHECK(s.level() == 1);
    s.pop();
  });
}

TEST_CASE("solver conformance: assumptions and unsat cores") {
  forEachSolver([](Solver& s, ExprContext& c) {
    const Expr x = c.var("x", Sort::integer());
    const Expr p = c.var("p", Sort::boolean()), q = c.var("q", Sort::boolean());
    s.add(c.make(Op::Implies, {p, c.make(Op::Gt, {x, I(c, 5)})}));
    // Non-literal assumptions, a literal, a negated literal; the conflict is x<3 against p.
    const std::vector<Expr> as{q, c.make(Op::Lt, {x, I(c, 3)}), c.make(Op::Ge, {x, I(c, -100)}), p};
    REQUIRE((s.check(as) == CheckResult::Unsat));
    const auto core = s.unsatAssumptions();
    REQUIRE(!core.empty());
    // A subset of the assumptions in their given order, and unsatisfiable on its own.
    std::size_t next = 0;
    for (Expr e : core) {
      while (next < as.size() && !(as[next] == e)) ++next;
      CHECK(next < as.size());
      ++next;
    }
    CHECK(std::find(core.begin(), core.end(), p) != core.end());
    CHECK(std::find(core.begin(), core.end(), as[1]) != core.end());
    CHECK((s.check(core) == CheckResult::Unsat));
    // Assumptions hold for one query only.
    CHECK((s.check() == CheckResult::Sat));
    CHECK((s.check(std::vector{c.mkNot(p), as[1]}) == CheckResult::Sat));
    const Model m = s.model(std::vector{x, p});
    CHECK(m.find(p)->asBool() == false);
    CHECK(m.find(x)->asInt() < 3);
    // An unsat core without assumptions is empty.
    s.push();
    s.add(c.boolVal(false));
    CHECK((s.check() == CheckResult::Unsat));
    CHECK(s.unsatAssumptions().empty());
    s.pop();
  });
}

TEST_CASE("solver conformance: uninterpreted functions") {
  forEachSolver([](Solver& s, ExprContext& c) {
    const FunctionDecl& f = c.declareFunction("f", {Sort::integer()}, Sort::integer());
    const FunctionDecl& g = c.declareFunction("g", {Sort::bitVec(8), Sort::boolean()}, Sort::real());
    const Expr x = c.var("x", Sort::integer()), y = c.var("y", Sort::integer());
    const Expr b = c.var("b", Sort::bitVec(8));
    s.add(c.mkEq(c.apply(f, {x}), I(c, 3)));
    s.add(c.mkEq(c.apply(f, {y}), I(c, 4)));
    s.add(c.make(Op::Gt, {c.apply(g, {b, c.boolVal(true)}), R(c, 1, 2)}));
    REQUIRE((s.check() == CheckResult::Sat));
    const Model m = s.model(std::vector{x, y, b});
    CHECK(m.find(x)->asInt() != m.find(y)->asInt());
    s.add(c.mkEq(x, y));
    CHECK((s.check() == CheckResult::Unsat));
  });
}

TEST_CASE("solver conformance: a timeout answers unknown and the solver stays usable") {
  forEachSolver([](Solver& s, ExprContext& c) {
    // Factoring a 64-bit semiprime by bit-blasting: far beyond the limit.
    const Sort w = Sort::bitVec(64);
    const Expr a = c.var("a", w), b = c.var("b", w);
    s.push();
    s.add(c.mkEq(c.make(Op::Mul, {a, b}), B(c, 64, BigInt("13169900635715571493"))));
    s.add(c.make(Op::Gt, {a, B(c, 64, 1)}));
    s.add(c.make(Op::Gt, {b, B(c, 64, 1)}));
    s.add(c.make(Op::Lt, {a, B(c, 64, BigInt(1) << 32)}));
    s.add(c.make(Op::Lt, {b, B(c, 64, BigInt(1) << 32)}));
    // 100 ms, not 1: z3 4.8.12's timer can fire before its check starts and be lost (the check
    // then runs to the end, minutes here), a race a loaded machine made real in CI.
    s.setQueryTimeLimit(std::chrono::milliseconds(100));
    CHECK((s.check() == CheckResult::Unknown));
    CHECK(!s.reasonUnknown().empty());
    CHECK_THROWS_AS((void)s.model(std::vector{a}), SolverError);
    s.pop();
    s.setQueryTimeLimit(std::chrono::milliseconds(0));
    s.add(c.mkEq(a, B(c, 64, 12)));
    CHECK((s.check() == CheckResult::Sat));
    CHECK(s.model(std::vector{a}).find(a)->bits() == 12);
    CHECK(s.reasonUnknown().empty());
  });
}

TEST_CASE("solver conformance: misuse is refused with an error") {
  forEachSolver([](Solver& s, ExprContext& c) {
    ExprContext other;
    const Expr foreign = other.var("x", Sort::boolean());
    CHECK_THROWS_AS(s.add(foreign), SolverError);
    CHECK_THROWS_AS((void)s.check(std::vector{foreign}), SolverError);
    CHECK_THROWS_AS(s.add(c.intVal(1)), SortError);
    CHECK_THROWS_AS(s.add(Expr()), SolverError);
    const Expr x = c.var("x", Sort::integer());
    // Nothing checked yet.
    CHECK_THROWS_AS((void)s.model(std::vector{x}), SolverError);
    CHECK_THROWS_AS((void)s.unsatAssumptions(), SolverError);
    s.push();
    s.add(c.boolVal(false));
    REQUIRE((s.check() == CheckResult::Unsat));
    CHECK_THROWS_AS((void)s.model(std::vector{x}), SolverError);
    s.pop();
    REQUIRE((s.check() == CheckResult::Sat));
    CHECK_THROWS_AS((void)s.unsatAssumptions(), SolverError);
    CHECK_THROWS_AS((void)s.model(std::vector{other.var("y", Sort::integer())}), SolverError);
    // The model belongs to the last check: a change to the assertions makes it stale.
    s.add(c.make(Op::Gt, {x, I(c, 1)}));
    CHECK_THROWS_AS((void)s.model(std::vector{x}), SolverError);
    CHECK((s.check() == CheckResult::Sat));
  });
}

TEST_CASE("solver conformance: stats count queries and answers") {
  forEachSolver([](Solver& s, ExprContext& c) {
    const Expr p = c.var("p", Sort::boolean());
    CHECK(s.stats().queries == 0);
    (void)s.check();
    (void)s.check(std::vector{p, c.mkNot(p)});
    s.add(p);
    (void)s.check();
    const SolverStats st = s.stats();
    CHECK(st.queries == 3);
    CHECK(st.sat == 2);
    CHECK(st.unsat == 1);
    CHECK(st.unknown == 0);
    CHECK(st.time.count() > 0.0);
  });
}

TEST_CASE("solver conformance: options are validated") {
  const Plugins p;
  ExprContext ctx;
  Options o = defaultOptions(p.registry.info(PluginKind::Solver, "z3"));
  o.set("mode", std::string("fastest"));
  CHECK_THROWS_WITH_AS((void)p.registry.makeSolver("z3", ctx, o), doctest::Contains("fastest"), Error);
  for (const auto& name : p.registry.names(PluginKind::Solver)) {
    INFO(name);
    Options seeded = defaultOptions(p.registry.info(PluginKind::Solver, name));
    seeded.set("random_seed", std::int64_t{7});
    auto s = p.registry.makeSolver(name, ctx, seeded);
    CHECK((s->check() == CheckResult::Sat));
    CHECK(s->name() == name);
  }
}
