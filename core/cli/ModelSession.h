#pragma once
// What `feasibility` and `verdict` share with a run: the plugins, the run file with its --set
// overrides, the model loaded by its frontend, a solver under the run's budgets, and the output
// folder. Members are declared in destruction order: the registry outlives what its plugins made.
#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "Commands.h"
#include "symseq/run/RunConfig.h"
#include "symseq/solver/BudgetLayer.h"

namespace symseq::cli {

class ModelSession {
 public:
  ModelSession(const std::filesystem::path& runFile, const std::vector<std::string>& overrides,
               const PluginDirOptions& dirs);

  // The run's solver (its plugin and options) under its budgets, counted from the session's start.
  [[nodiscard]] BudgetLayer solver();
  // The same with the time budget counted from `start` (exec: one budget per test).
  [[nodiscard]] BudgetLayer solverFrom(std::chrono::steady_clock::time_point start);
  // Creates the run's output folder and writes `files` (name, contents) into it, each atomically.
  void write(const std::vector<std::pair<std::string, std::string>>& files) const;

  [[nodiscard]] const RunConfig& config() const { return *config_; }
  [[nodiscard]] const TransitionSystem& system() const { return *system_; }

 private:
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
  Registry registry_;
  std::optional<RunConfig> config_;
  ExprContext ctx_;
  std::optional<TransitionSystem> system_;
};

}  // namespace symseq::cli
