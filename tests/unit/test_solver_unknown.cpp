// A solver `unknown` answer within the budgets (the per-query limit, an incomplete theory) sets
// aside only the targets it was about (plugins/acyclic BoundedCoverage, which the `symtest` and
// `bounded-exhaustive` strategies ask first): the others are still found, the set-aside ones are
// `solver-unknown` with the query named, and an unknown after the budgets are spent still ends
// the work with `budget-exhausted`. A test-only layer answers unknown to chosen queries, so the
// answers do not depend on a real solver's limits (tests/unit/test_symtest.cpp has the real one).
#include <doctest/doctest.h>

#include <chrono>
#include <functional>
#include <string>
#include <string_view>

#include "GraphModel.h"
#include "ShippedSolver.h"
#include "symseq/acyclic/AcyclicCore.h"
#include "symseq/acyclic/BoundedCoverage.h"
#include "symseq/solver/BudgetLayer.h"
#include "symseq/solver/SolverLayer.h"

using namespace symseq;

namespace {

// Whether `e` mentions a variable whose name starts with `prefix`.
bool mentions(Expr e, std::string_view prefix) {
  if (e.isVar()) return e.name().starts_with(prefix);
  for (Expr c : e.children())
    if (mentions(c, prefix)) return true;
  return false;
}

// Answers Unknown ("timeout"), without asking, to every check whose assumptions mention a
// variable named with `prefix`: the unrolling's "#taken#hard..." symbols, which only the queries
// for a sequence taking `hard` assume.
class UnknownOn final : public SolverLayer {
 public:
  UnknownOn(PluginPtr<Solver> inner, std::string prefix) : SolverLayer(std::move(inner)), prefix_(std::move(prefix)) {}
  CheckResult check(std::span<const Expr> assumptions) override {
    forced_ = false;
    for (Expr a : assumptions)
      if (mentions(a, prefix_)) forced_ = true;
    if (forced_) {
      ++unknowns;
      return CheckResult::Unknown;
    }
    return inner().check(assumptions);
  }
  std::string reasonUnknown() const override { return forced_ ? "timeout" : inner().reasonUnknown(); }
  int unknowns = 0;

 private:
  std::string prefix_;
  bool forced_ = false;
};

// Each iteration reads `in` and counts itself in n; then `hard` (in = 7 from the third
// iteration on) or `soft`, then `easy`
// (from the second iteration on) or `early`.
struct TwoTargets : test::GraphModel {
  Expr n = ctx.var("n", Sort::integer());
  TwoTargets() {
    ts.variables.push_back({n, VariableRole::State, ctx.intVal(0), std::nullopt});
    ts.transitions[read("step", "head", "s0")].updates = {{n, ctx.make(Op::Add, {n, ctx.intVal(1)})}};
    // From the third iteration: no witness of the shorter sequences the search finds takes it.
    const Expr seven = ctx.mkAnd(std::vector<Expr>{ctx.mkEq(in, ctx.intVal(7)), ctx.make(Op::Ge, {n, ctx.intVal(3)})});
    ts.transitions[step("hard", "s0", "s1")].guard = seven;
    ts.transitions[step("soft", "s0", "s1")].guard = ctx.mkNot(seven);
    const Expr second = ctx.make(Op::Ge, {n, ctx.intVal(2)});
    ts.transitions[step("easy", "s1", "head")].guard = second;
    ts.transitions[step("early", "s1", "head")].guard = ctx.mkNot(second);
  }
  [[nodiscard]] std::vector<TransitionId> all() const { return ids({"step", "hard", "soft", "easy", "early"}); }
};

std::string reasonOf(const TargetFeasibility& f, TransitionId t) {
  const auto it = f.uncovered.find(t);
  return it == f.uncovered.end() ? "covered" : std::string(toString(it->second));
}

}  // namespace

TEST_CASE("bounded coverage: an unknown answer sets aside its target, and the search goes on with the others") {
  TwoTargets m;
  const AcyclicCore core = AcyclicCore::analyse(m.ts, "test");
  auto forcing = makePluginPtr<UnknownOn>(test::makeShippedSolver(m.ctx), "#taken#hard");
  UnknownOn* probe = forcing.get();
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::hours(1);
  BoundedCoverage coverage(core, *forcing, 4, deadline);
  const TargetFeasibility f = coverage.feasibility(m.all());

  // `easy` needs two iterations: it is found after the unknown answer at one.
  CHECK(reasonOf(f, m.id("easy")) == "covered");
  CHECK(reasonOf(f, m.id("step")) == "covered");
  CHECK(reasonOf(f, m.id("soft")) == "covered");
  CHECK(reasonOf(f, m.id("early")) == "covered");
  CHECK(f.feasible == m.ids({"step", "soft", "easy", "early"}));
  CHECK(reasonOf(f, m.id("hard")) == "solver-unknown");
  REQUIRE(f.detail.contains(m.id("hard")));
  CHECK(f.detail.at(m.id("hard")).starts_with("the solver answered unknown (timeout) on whether a sequence of 1 step takes it"));
  // The query for any target at one step, then `hard` alone; never asked again at two steps.
  CHECK(probe->unknowns == 2);
  // A witness for every target found.
  std::set<TransitionId> taken;
  for (const CoverageWitness& w : f.witnesses) taken.insert(w.covers.begin(), w.covers.end());
  CHECK(taken.contains(m.id("easy")));
  CHECK_FALSE(taken.contains(m.id("hard")));
}

TEST_CASE("bounded coverage: a target alone in an unknown query is set aside without asking it twice") {
  TwoTargets m;
  const AcyclicCore core = AcyclicCore::analyse(m.ts, "test");
  auto forcing = makePluginPtr<UnknownOn>(test::makeShippedSolver(m.ctx), "#taken#hard");
  UnknownOn* probe = forcing.get();
  BoundedCoverage coverage(core, *forcing, 4, std::chrono::steady_clock::now() + std::chrono::hours(1));
  const TargetFeasibility f = coverage.feasibility(m.ids({"hard"}));
  CHECK(reasonOf(f, m.id("hard")) == "solver-unknown");
  CHECK(f.feasible.empty());
  CHECK(probe->unknowns == 1);
}

TEST_CASE("bounded coverage: an unknown answer after the budgets are spent still ends the work, budget-exhausted") {
  TwoTargets m;
  const AcyclicCore core = AcyclicCore::analyse(m.ts, "test");
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::hours(1);
  SUBCASE("the budget layer refuses: the query budget is spent") {
    // One query: the one at zero steps (nothing is taken there but `step`'s start); the next is
    // refused, "query budget exhausted".
    auto budget = makePluginPtr<BudgetLayer>(makePluginPtr<UnknownOn>(test::makeShippedSolver(m.ctx), "#taken#hard"), 1,
                                             deadline, std::chrono::milliseconds(0));
    BoundedCoverage coverage(core, *budget, 4, deadline);
    const TargetFeasibility f = coverage.feasibility(m.all());
    for (TransitionId t : m.all()) CHECK(reasonOf(f, t) == "budget-exhausted");
    CHECK(f.detail.empty());
  }
  SUBCASE("the strategy says its budgets are spent") {
    auto forcing = makePluginPtr<UnknownOn>(test::makeShippedSolver(m.ctx), "#taken#hard");
    BoundedCoverage coverage(core, *forcing, 4, deadline, [] { return true; });
    const TargetFeasibility f = coverage.feasibility(m.all());
    // The query for any target at one step answered unknown: nothing more is asked.
    for (TransitionId t : m.all()) CHECK(reasonOf(f, t) == "budget-exhausted");
  }
}
