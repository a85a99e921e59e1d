// Known-answer formulas over every sort. Each case runs in its own push/pop scope so the solver
// is left as it was found; each Sat model is checked by the kernel's evaluator, so a back end
// that answers "sat" with a wrong model fails here rather than in a test run.
#include "symseq/solver/SelfCheck.h"

#include <functional>
#include <set>

#include "symseq/expr/Evaluator.h"
#include "symseq/support/Error.h"

namespace symseq {

namespace {

struct Case {
  const char* name;
  CheckResult expected;
  std::function<std::vector<Expr>(ExprContext&)> build;  // the assertions
};

// Variables of the formulas, in creation order (deterministic), to ask the model for.
std::vector<Expr> variablesOf(std::span<const Expr> roots) {
  std::set<Expr, ExprIdLess> vars;
  std::set<std::uint32_t> seen;
  std::vector<Expr> todo(roots.begin(), roots.end());
  while (!todo.empty()) {
    const Expr e = todo.back();
    todo.pop_back();
    if (!seen.insert(e.id()).second) continue;
    if (e.isVar()) vars.insert(e);
    for (Expr c : e.children()) todo.push_back(c);
  }
  return {vars.begin(), vars.end()};
}

// Names carry a prefix so they cannot clash with a caller's variables of another sort.
Expr var(ExprContext& c, const char* name, Sort s) { return c.var(std::string("selfcheck_") + name, s); }
Expr num(ExprContext& c, long v) { return c.intVal(v); }
Expr bv(ExprContext& c, std::uint32_t w, const BigInt& v) { return c.bvVal(w, v); }

std::vector<Case> cases() {
  using O = Op;
  const Sort I = Sort::integer(), R = Sort::real(), B = Sort::boolean();
  return {
      {"bool xor and implication", CheckResult::Sat,
       [=](ExprContext& c) {
         Expr a = var(c, "a", B), b = var(c, "b", B);
         return std::vector{c.make(O::Xor, {a, b}), c.make(O::Implies, {a, b})};
       }},
      {"bool contradiction", CheckResult::Unsat,
       [=](ExprContext& c) {
         Expr a = var(c, "a", B);
         return std::vector{a, c.mkNot(a)};
       }},
      {"int linear system", CheckResult::Sat,
       [=](ExprContext& c) {
         Expr x = var(c, "x", I), y = var(c, "y", I);
         return std::vector{c.mkEq(c.make(O::Add, {x, y}), num(c, 10)), c.mkEq(c.make(O::Sub, {x, y}), num(c, 4))};
       }},
      {"int div and mod are Euclidean", CheckResult::Sat,
       [=](ExprContext& c) {
         Expr x = var(c, "x", I);
         return std::vector{c.mkEq(x, num(c, -7)), c.mkEq(c.make(O::Div, {x, num(c, 2)}), num(c, -4)),
                            c.mkEq(c.make(O::Mod, {x, num(c, 2)}), num(c, 1))};
       }},
      {"int mod out of range", CheckResult::Unsat,
       [=](ExprContext& c) {
         Expr x = var(c, "x", I);
         return std::vector{c.mkEq(c.make(O::Mod, {x, num(c, -3)}), num(c, 3))};
       }},
      {"int beyond 64 bits", CheckResult::Sat,
       [=](ExprContext& c) {
         Expr x = var(c, "big", I);
         return std::vector{c.make(O::Gt, {x, c.intVal(BigInt(1) << 80)}), c.make(O::Lt, {x, c.intVal((BigInt(1) << 80) + 2)})};
       }},
      {"real one third", CheckResult::Sat,
       [=](ExprContext& c) {
         Expr r = var(c, "r", R);
         return std::vector{c.mkEq(c.make(O::Mul, {c.realVal(Rational(-3)), r}), c.realVal(Rational(1)))};
       }},
      {"real strict bounds", CheckResult::Unsat,
       [=](ExprContext& c) {
         Expr r = var(c, "r", R);
         return std::vector{c.make(O::Gt, {r, c.realVal(Rational(1, 2))}), c.make(O::Lt, {r, c.realVal(Rational(1, 2))})};
       }},
      {"int to real", CheckResult::Sat,
       [=](ExprContext& c) {
         Expr i = var(c, "i", I), r = var(c, "r", R);
         return std::vector{c.mkEq(c.make(O::ToReal, {i}), r), c.make(O::Gt, {r, c.realVal(Rational(5, 2))}),
                            c.make(O::Lt, {i, num(c, 4)})};
       }},
      {"bv8 unsigned vs signed order", CheckResult::Sat,
       [=](ExprContext& c) {
         Expr b = var(c, "b8", Sort::bitVec(8));
         return std::vector{c.make(O::Gt, {b, bv(c, 8, 127)}), c.make(O::BvSlt, {b, bv(c, 8, 0)}),
                            c.mkEq(c.make(O::Div, {b, bv(c, 8, 2)}), bv(c, 8, 100))};
       }},
      {"bv8 below 128 is not negative", CheckResult::Unsat,
       [=](ExprContext& c) {
         Expr b = var(c, "b8", Sort::bitVec(8));
         return std::vector{c.make(O::Lt, {b, bv(c, 8, 128)}), c.make(O::BvSlt, {b, bv(c, 8, 0)})};
       }},
      {"bv64 overflow and shifts", CheckResult::Sat,
       [=](ExprContext& c) {
         Expr b = var(c, "b64", Sort::bitVec(64));
         return std::vector{c.mkEq(c.make(O::Mul, {b, bv(c, 64, 2)}), bv(c, 64, 0)), c.mkNot(c.mkEq(b, bv(c, 64, 0))),
                            c.mkEq(c.make(O::BvLshr, {b, bv(c, 64, 63)}), bv(c, 64, 1))};
       }},
      {"uninterpreted function congruence", CheckResult::Unsat,
       [=](ExprContext& c) {
         const FunctionDecl& f = c.declareFunction("selfcheck_f", {I}, I);
         Expr x = var(c, "x", I), y = var(c, "y", I);
         return std::vector{c.mkEq(x, y), c.mkNot(c.mkEq(c.apply(f, {x}), c.apply(f, {y})))};
       }},
  };
}

void expect(bool ok, const std::string& what) {
  if (!ok) throw SolverError(what);
}

void runCase(Solver& solver, ExprContext& ctx, const Case& k) {
  const std::vector<Expr> assertions = k.build(ctx);
  solver.push();
  for (Expr a : assertions) solver.add(a);
  const CheckResult r = solver.check();
  expect(r == k.expected, "answered " + std::string(toString(r)) + ", expected " + std::string(toString(k.expected)) +
                              (r == CheckResult::Unknown ? " (" + solver.reasonUnknown() + ")" : ""));
  if (r == CheckResult::Sat) {
    const Valuation values = solver.model(variablesOf(assertions)).toValuation();
    for (Expr a : assertions)
      expect(evaluate(a, values) == Value::boolean(true), "the model does not satisfy an assertion");
  }
  solver.pop();
}

// Scopes: an assertion in a popped scope must be gone, one below it must remain.
void pushPopCase(Solver& solver, ExprContext& ctx) {
  Expr x = var(ctx, "x", Sort::integer());
  const unsigned base = solver.level();
  solver.push();
  solver.add(ctx.make(Op::Gt, {x, num(ctx, 0)}));
  solver.push();
  solver.add(ctx.make(Op::Lt, {x, num(ctx, 0)}));
  expect(solver.level() == base + 2, "level() does not count pushes");
  expect(solver.check() == CheckResult::Unsat, "x > 0 && x < 0 is not unsat");
  solver.pop();
  expect(solver.check() == CheckResult::Sat, "after pop, x > 0 alone is not sat");
  const Model m = solver.model(std::vector{x});
  expect(m.find(x) != nullptr && m.find(x)->asInt() > 0, "after pop, the model breaks x > 0");
  solver.pop();
  expect(solver.level() == base, "level() does not count pops");
}

// Assumptions: the core is a subset of them, in their order, and is itself unsatisfiable.
void unsatCoreCase(Solver& solver, ExprContext& ctx) {
  Expr x = var(ctx, "x", Sort::integer());
  Expr p = var(ctx, "p", Sort::boolean());
  const std::vector<Expr> assumptions{p, ctx.make(Op::Gt, {x, num(ctx, 5)}), ctx.mkNot(p),
                                      ctx.make(Op::Lt, {x, num(ctx, 3)})};
  solver.push();
  expect(solver.check(assumptions) == CheckResult::Unsat, "contradictory assumptions are not unsat");
  const std::vector<Expr> core = solver.unsatAssumptions();
  expect(!core.empty(), "the unsat core is empty");
  std::size_t next = 0;
  for (Expr c : core) {
    while (next < assumptions.size() && !(assumptions[next] == c)) ++next;
    expect(next < assumptions.size(), "the unsat core is not a subsequence of the assumptions");
    ++next;
  }
  expect(solver.check(core) == CheckResult::Unsat, "the unsat core alone is not unsat");
  expect(solver.check() == CheckResult::Sat, "assumptions outlived their check");
  solver.pop();
}

}  // namespace

SelfCheckReport runSelfCheck(Solver& solver, ExprContext& ctx) {
  SelfCheckReport report;
  report.solver = std::string(solver.name()) + " " + solver.version();
  auto run = [&](const std::string& name, const std::function<void()>& body) {
    const unsigned level = solver.level();
    try {
      body();
      ++report.passed;
    } catch (const std::exception& e) {
      report.failures.push_back(name + ": " + e.what());
    }
    if (solver.level() > level) solver.pop(solver.level() - level);  // leave the solver as found
  };
  for (const Case& k : cases()) run(k.name, [&] { runCase(solver, ctx, k); });
  run("push/pop scopes", [&] { pushPopCase(solver, ctx); });
  run("unsat core of assumptions", [&] { unsatCoreCase(solver, ctx); });
  return report;
}

}  // namespace symseq
