#pragma once
// Enforces a run's budgets at the solver, where every strategy must pass: once the query budget
// is spent or the deadline has passed, check() answers Unknown ("query budget exhausted",
// "time budget exhausted") without asking the solver, and no query runs past the deadline
// (each gets at most the time left). Strategies therefore end within budget by construction.
#include <chrono>
#include <cstdint>
#include <optional>

#include "symseq/solver/SolverLayer.h"

#pragma GCC visibility push(default)

namespace symseq {

class BudgetLayer final : public SolverLayer {
 public:
  BudgetLayer(PluginPtr<Solver> inner, std::uint64_t maxQueries, std::chrono::steady_clock::time_point deadline,
              std::chrono::milliseconds queryLimit);

  CheckResult check(std::span<const Expr> assumptions) override;
  std::string reasonUnknown() const override;
  void setQueryTimeLimit(std::chrono::milliseconds limit) override {
    queryLimit_ = limit;
    limitSet_.reset();
  }

  // True once a check was refused or cut short by a budget: uncovered targets are then
  // "budget-exhausted", not "infeasible-within-bound".
  [[nodiscard]] bool exhausted() const { return exhausted_; }

 private:
  std::uint64_t maxQueries_;
  std::uint64_t asked_ = 0;
  std::chrono::steady_clock::time_point deadline_;
  std::chrono::milliseconds queryLimit_;
  std::optional<std::chrono::milliseconds> limitSet_;  // what the inner solver was last given
  bool exhausted_ = false;
  std::string refusal_;  // non-empty when the last check was refused
};

}  // namespace symseq

#pragma GCC visibility pop
