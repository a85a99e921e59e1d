#pragma once
// Enforces a run's budgets at the solver, where every strategy must pass: once the query budget
// is spent or the deadline has passed, check() answers Unknown ("query budget exhausted",
// "time budget exhausted") without asking the solver, and no query runs past the deadline
// (each gets at most the time left; one that answers unknown as the deadline comes is reported
// "time budget exhausted" too). Strategies therefore end within budget by construction.
// Solvers made for worker threads share one query count (QueryCount), so the run's query budget
// holds for all of them together.
#include <atomic>
#include <chrono>
#include <memory>
#include <cstdint>
#include <optional>
#include <string_view>

#include "symseq/solver/SolverLayer.h"

#pragma GCC visibility push(default)

namespace symseq {

// Queries asked so far by every budget layer that holds it.
using QueryCount = std::shared_ptr<std::atomic<std::uint64_t>>;

class BudgetLayer final : public SolverLayer {
 public:
  BudgetLayer(PluginPtr<Solver> inner, std::uint64_t maxQueries, std::chrono::steady_clock::time_point deadline,
              std::chrono::milliseconds queryLimit);
  // Counting into `asked`, shared with other budget layers.
  BudgetLayer(PluginPtr<Solver> inner, QueryCount asked, std::uint64_t maxQueries,
              std::chrono::steady_clock::time_point deadline, std::chrono::milliseconds queryLimit);

  CheckResult check(std::span<const Expr> assumptions) override;
  std::string reasonUnknown() const override;
  // Whether an unknown answer's reason is this layer's (a budget spent), however many layers lie
  // between the caller and it.
  [[nodiscard]] static bool isBudgetRefusal(std::string_view reason) { return reason.ends_with("budget exhausted"); }
  void setQueryTimeLimit(std::chrono::milliseconds limit) override {
    queryLimit_ = limit;
    limitSet_.reset();
  }

  // True once a check was refused or cut short by a budget: uncovered targets are then
  // "budget-exhausted", not "infeasible-within-bound".
  [[nodiscard]] bool exhausted() const { return exhausted_; }

 private:
  std::uint64_t maxQueries_;
  QueryCount asked_;
  std::chrono::steady_clock::time_point deadline_;
  std::chrono::milliseconds queryLimit_;
  std::optional<std::chrono::milliseconds> limitSet_;  // what the inner solver was last given
  bool exhausted_ = false;
  std::string refusal_;  // non-empty when the last check was refused
};

}  // namespace symseq

#pragma GCC visibility pop
