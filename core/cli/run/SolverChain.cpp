#include "symseq/run/SolverChain.h"

#include <mutex>
#include <sstream>

#include "symseq/solver/BudgetLayer.h"
#include "symseq/solver/SmtLibLog.h"

namespace symseq {

struct SolverChain::Impl {
  const SolverConfig& config;
  Budgets budgets;
  std::chrono::steady_clock::time_point deadline;
  const Registry& registry;
  ExprContext& ctx;
  std::ostringstream log;
  mutable std::mutex mutex;
  mutable bool logged = false;  // only the first solver made (the run's own) writes the log
};

SolverChain::SolverChain(const SolverConfig& config, const Budgets& budgets,
                         std::chrono::steady_clock::time_point deadline, const Registry& registry, ExprContext& ctx)
    : impl_(new Impl{config, budgets, deadline, registry, ctx, {}, {}, false}) {}

SolverChain::~SolverChain() = default;

PluginPtr<Solver> SolverChain::make() const {
  const std::lock_guard lock(impl_->mutex);
  PluginPtr<Solver> solver = makePluginPtr<BudgetLayer>(
      impl_->registry.makeSolver(impl_->config.plugin.name, impl_->ctx, impl_->config.plugin.options),
      impl_->budgets.solverQueries, impl_->deadline, impl_->config.queryTimeout);
  if (!impl_->config.logSmt2.empty() && !impl_->logged) {
    impl_->logged = true;
    solver = makePluginPtr<SmtLibLog>(std::move(solver), impl_->log);
  }
  return solver;
}

std::string SolverChain::smtLog() const { return impl_->log.str(); }

}  // namespace symseq
