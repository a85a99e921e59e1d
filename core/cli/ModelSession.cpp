#include "ModelSession.h"

#include "symseq/plugin/Frontend.h"
#include "symseq/run/Assume.h"
#include "symseq/run/DataCoverage.h"
#include "symseq/run/LoadRunConfig.h"
#include "symseq/run/OutputFolder.h"

namespace symseq::cli {

ModelSession::ModelSession(const std::filesystem::path& runFile, const std::vector<std::string>& overrides,
                           const PluginDirOptions& dirs) {
  loadPlugins(registry_, dirs);
  config_.emplace(loadRunConfig(runFile, overrides, registry_, dirs.dirs));
  auto frontend = registry_.makeFrontend(config_->model.frontend.name, config_->model.frontend.options);
  system_.emplace(frontend->load(config_->model.file, ctx_));
  (void)applyAssumptions(config_->assume, *system_);  // the axioms carry them from here on
  applyDataCoverage(config_->targets, *system_);  // the transitions the run's results name
  system_->validate();
}

BudgetLayer ModelSession::solver() { return solverFrom(started_); }

BudgetLayer ModelSession::solverFrom(std::chrono::steady_clock::time_point start) {
  const auto deadline = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(config_->budgets.time);
  return BudgetLayer(registry_.makeSolver(config_->solver.plugin.name, ctx_, config_->solver.plugin.options),
                     config_->budgets.solverQueries, deadline, config_->solver.queryTimeout);
}

void ModelSession::write(const std::vector<std::pair<std::string, std::string>>& files) const {
  // Into the run's folder, beside its results: all files or none (run/OutputFolder.h).
  writeFilesTogether(config_->output.dir, files, config_->output.dirWhere);
}

}  // namespace symseq::cli
