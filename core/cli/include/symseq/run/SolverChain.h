#pragma once
// The run's solver as [solver] composes it (docs/run-files.md): the back end, the kernel layers
// in the order written (the first is outermost, nearest the strategy) and the budget layer. It
// makes the run's solver and, for strategies on several threads, one more per thread, all with
// the run's budgets shared. It must outlive every solver it made. A solver's time counts all the
// back end does (being made, push, pop, add, check, model, core): all of it is the SMT solver's.
#include <chrono>
#include <memory>
#include <string>

#include "symseq/exec/Budgets.h"
#include "symseq/expr/ExprContext.h"
#include "symseq/plugin/Registry.h"
#include "symseq/run/RunConfig.h"
#include "symseq/solver/BudgetLayer.h"
#include "symseq/solver/SolverFactory.h"

namespace symseq {

class SolverChain final : public SolverFactory {
 public:
  // `asked` counts the queries of every solver made (the query budget's count); given, a watcher
  // may read it while the run goes on (the progress line).
  SolverChain(const SolverConfig& config, const Budgets& budgets, std::chrono::steady_clock::time_point deadline,
              const Registry& registry, ExprContext& ctx, QueryCount asked = {});
  ~SolverChain() override;
  SolverChain(const SolverChain&) = delete;
  SolverChain& operator=(const SolverChain&) = delete;

  [[nodiscard]] PluginPtr<Solver> make() const override;

  // The run's own solver, and its back end below every layer and the budget layer. The run's
  // guard checks borrow the back end (with a budget layer of their own), so that a run needs one
  // solver context, not two; the layers above never see those queries.
  struct RunSolver {
    PluginPtr<Solver> solver;
    Solver* backend = nullptr;  // owned by `solver`
  };
  [[nodiscard]] RunSolver makeRunSolver() const;

  // What the "log" layer wrote (SMT-LIB2), when [solver] log_smt2 is set; the run writes it to
  // the output directory once it has ended well.
  [[nodiscard]] std::string smtLog() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace symseq
