#pragma once
// The run's solver as [solver] composes it (docs/run-files.md): the back end, the kernel layers
// in the order written (the first is outermost, nearest the strategy) and the budget layer. It
// makes the run's solver and, for strategies on several threads, one more per thread, all with
// the run's budgets shared. It must outlive every solver it made.
#include <chrono>
#include <memory>
#include <string>

#include "symseq/exec/Budgets.h"
#include "symseq/expr/ExprContext.h"
#include "symseq/plugin/Registry.h"
#include "symseq/run/RunConfig.h"
#include "symseq/solver/SolverFactory.h"

namespace symseq {

class SolverChain final : public SolverFactory {
 public:
  SolverChain(const SolverConfig& config, const Budgets& budgets, std::chrono::steady_clock::time_point deadline,
              const Registry& registry, ExprContext& ctx);
  ~SolverChain() override;
  SolverChain(const SolverChain&) = delete;
  SolverChain& operator=(const SolverChain&) = delete;

  [[nodiscard]] PluginPtr<Solver> make() const override;

  // What the "log" layer wrote (SMT-LIB2), when [solver] log_smt2 is set; the run writes it to
  // the output directory once it has ended well.
  [[nodiscard]] std::string smtLog() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace symseq
