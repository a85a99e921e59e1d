// Kernel solver layers in isolation, over a scripted inner solver: the SMT-LIB2 log (exact
// text) and the budget layer (refusals once a budget is spent).
#include <doctest/doctest.h>

#include <sstream>

#include "symseq/expr/ExprContext.h"
#include "symseq/solver/BudgetLayer.h"
#include "symseq/solver/SmtLibLog.h"
#include "symseq/support/Error.h"

using namespace symseq;

namespace {

// Answers from a script; records nothing else. Enough to see what the layer forwards and writes.
class ScriptedSolver final : public Solver {
 public:
  explicit ScriptedSolver(std::vector<CheckResult> answers) : answers_(std::move(answers)) {}
  std::string_view name() const override { return "scripted"; }
  std::string version() const override { return "1"; }
  void push() override { ++level_; }
  void pop(unsigned levels) override {
    if (levels > level_) throw SolverError("pop below the base level");
    level_ -= levels;
  }
  unsigned level() const override { return level_; }
  void add(Expr e) override {
    if (!e.sort().isBool()) throw SortError("not bool");
  }
  CheckResult check(std::span<const Expr>) override { return answers_.at(next_++); }
  Model model(std::span<const Expr>) override { return {}; }
  std::vector<Expr> unsatAssumptions() override { return {}; }
  std::string reasonUnknown() const override { return "timeout"; }
  void setQueryTimeLimit(std::chrono::milliseconds) override {}
  SolverStats stats() const override { return {}; }

 private:
  std::vector<CheckResult> answers_;
  std::size_t next_ = 0;
  unsigned level_ = 0;
};

}  // namespace

TEST_CASE("the SMT-LIB2 log writes each command once, declarations first, and the answers") {
  ExprContext ctx;
  const Expr x = ctx.var("x", Sort::integer());
  const Expr b = ctx.var("b", Sort::boolean());
  std::ostringstream out;
  SmtLibLog log(makePluginPtr<ScriptedSolver>(std::vector{CheckResult::Sat, CheckResult::Unknown}), out);
  log.add(ctx.make(Op::Gt, {x, ctx.intVal(1)}));
  log.push();
  log.add(ctx.make(Op::Lt, {x, ctx.intVal(3)}));
  CHECK((log.check(std::vector{b}) == CheckResult::Sat));  // parenthesised: doctest cannot print CheckResult
  log.pop(1);
  CHECK((log.check({}) == CheckResult::Unknown));
  CHECK_THROWS_AS(log.pop(1), SolverError);       // refused by the inner solver: not logged
  CHECK_THROWS_AS(log.add(x), SortError);         // likewise
  CHECK(out.str() ==
        "; symseq solver log: scripted 1\n"
        "(set-option :global-declarations true)\n(set-option :produce-models true)\n"
        "(set-option :produce-unsat-assumptions true)\n(set-logic ALL)\n"
        "(declare-fun x () Int)\n"
        "(assert (> x 1))\n"
        "(push 1)\n"
        "(assert (< x 3))\n"
        "(declare-fun b () Bool)\n"
        "(check-sat-assuming (b))\n"
        "; sat\n"
        "(pop 1)\n"
        "(check-sat)\n"
        "; unknown (timeout)\n");
}

TEST_CASE("the budget layer refuses queries past the query budget or the deadline") {
  using namespace std::chrono;
  ExprContext ctx;
  const auto far = steady_clock::now() + hours(1);
  BudgetLayer byCount(makePluginPtr<ScriptedSolver>(std::vector{CheckResult::Sat, CheckResult::Unsat}), 2, far,
                      milliseconds(0));
  CHECK((byCount.check({}) == CheckResult::Sat));
  CHECK((byCount.check({}) == CheckResult::Unsat));
  CHECK_FALSE(byCount.exhausted());
  CHECK((byCount.check({}) == CheckResult::Unknown));  // the scripted solver would throw: not asked
  CHECK(byCount.reasonUnknown() == "query budget exhausted");
  CHECK(byCount.exhausted());

  BudgetLayer byTime(makePluginPtr<ScriptedSolver>(std::vector{CheckResult::Sat}), 100, steady_clock::now() - seconds(1),
                     milliseconds(0));
  CHECK((byTime.check({}) == CheckResult::Unknown));
  CHECK(byTime.reasonUnknown() == "time budget exhausted");
}
