#include "symseq/tree/SolveTab.h"

#include <set>

#include "symseq/expr/Connectives.h"
#include "symseq/expr/Evaluator.h"
#include "symseq/expr/Rewrite.h"
#include "symseq/tree/Summaries.h"

namespace symseq {

namespace {

class SolveTabRun {
 public:
  explicit SolveTabRun(const SolveTabJob& job) : job_(job) {}

  SolveTabResult run() {
    job_.solver.push();
    for (Expr c : job_.pathCondition) job_.solver.add(c);
    result_.answer = checkSummaries();
    bool tablesModified = true;
    for (std::uint64_t m = job_.attempts; tablesModified && result_.answer == CheckResult::Unsat && m != 0 &&
                                          job_.functions && !job_.calls.empty();
         --m) {
      const std::optional<Valuation> inputs = newInputs();
      tablesModified = inputs && enrich(*inputs) > 0;
      if (tablesModified) result_.answer = checkSummaries();
    }
    job_.solver.pop();
    return std::move(result_);
  }

 private:
  CheckResult checkSummaries() {
    const Expr sums = summaries(job_.ctx, job_.calls, job_.tables);
    return job_.solver.check(std::span(&sums, 1));
  }

  // Lines 5-7 of Algorithm 1, generalised to a list of heuristics: all of them, then without the
  // last, down to the first alone.
  std::optional<Valuation> newInputs() {
    const TableSituation situation{job_.ctx, job_.calls, job_.tables};
    std::vector<Expr> constraints;
    for (const TableHeuristic* h : job_.heuristics) constraints.push_back(h->constrain(situation));
    for (std::size_t k = constraints.size(); ; --k) {
      const Expr steer = conjunction(job_.ctx, std::span(constraints.data(), k));
      ++result_.heuristicCalls;
      const CheckResult r = job_.solver.check(std::span(&steer, 1));
      if (r == CheckResult::Sat) return modelOfArguments();
      if (r == CheckResult::Unknown) return std::nullopt;  // out of budget: stop enriching
      if (k <= 1) return std::nullopt;
    }
  }

  Valuation modelOfArguments() {
    std::set<Expr, ExprIdLess> vars;
    for (const CallRecord& c : job_.calls)
      for (Expr a : c.args) collectVariables(a, vars);
    const std::vector<Expr> list(vars.begin(), vars.end());
    return job_.solver.model(list).toValuation();
  }

  // Lines 9-12: run each call's function on the inputs the solver found (Ins(In, cl)). A call whose
  // argument is another call's result takes the value the solver chose for it, as in the paper:
  // with Dep that value is one the other function's table already yields.
  std::uint64_t enrich(const Valuation& inputs) {
    std::uint64_t added = 0;
    for (const CallRecord& call : job_.calls) {
      std::vector<Value> args;
      try {
        for (Expr a : call.args) args.push_back(evaluate(a, inputs));
      } catch (const EvalError&) {
        continue;  // an argument has no value here (a division by zero in it, say)
      }
      const ExternalFunction* impl = job_.functions->find(*call.function);
      FunctionTable& table = job_.tables.table(*call.function);
      if (!impl || table.lookup(args)) continue;  // known inputs: nothing to run
      try {
        if (table.add(TableRow{args, (*impl)(args)})) ++added;
      } catch (const Error& e) {
        result_.failures.push_back({call.function->name(), args, e.message()});
      }
    }
    result_.rowsAdded += added;
    if (added > 0) ++result_.heuristicSuccesses;
    return added;
  }

  const SolveTabJob& job_;
  SolveTabResult result_;
};

}  // namespace

SolveTabResult solveTab(const SolveTabJob& job) { return SolveTabRun(job).run(); }

}  // namespace symseq
