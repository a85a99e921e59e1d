#include "symseq/solver/BudgetLayer.h"

#include <algorithm>

namespace symseq {

BudgetLayer::BudgetLayer(PluginPtr<Solver> inner, std::uint64_t maxQueries, std::chrono::steady_clock::time_point deadline,
                         std::chrono::milliseconds queryLimit)
    : BudgetLayer(std::move(inner), std::make_shared<std::atomic<std::uint64_t>>(0), maxQueries, deadline, queryLimit) {}

BudgetLayer::BudgetLayer(PluginPtr<Solver> inner, QueryCount asked, std::uint64_t maxQueries,
                         std::chrono::steady_clock::time_point deadline, std::chrono::milliseconds queryLimit)
    : SolverLayer(std::move(inner)),
      maxQueries_(maxQueries),
      asked_(std::move(asked)),
      deadline_(deadline),
      queryLimit_(queryLimit) {}

CheckResult BudgetLayer::check(std::span<const Expr> assumptions) {
  using namespace std::chrono;
  refusal_.clear();
  const auto left = duration_cast<milliseconds>(deadline_ - steady_clock::now());
  if (asked_->load(std::memory_order_relaxed) >= maxQueries_) refusal_ = "query budget exhausted";
  else if (left <= milliseconds(0)) refusal_ = "time budget exhausted";
  // Take a query from the shared count; one taken past the budget is refused (threads racing
  // for the last query: exactly maxQueries are asked in all).
  else if (asked_->fetch_add(1, std::memory_order_relaxed) >= maxQueries_) refusal_ = "query budget exhausted";
  if (!refusal_.empty()) {
    exhausted_ = true;
    return CheckResult::Unknown;
  }
  // At least 1 ms: zero would mean "no limit" to the back end. Setting a limit costs a solver
  // option update (z3 parses its parameters under a global lock), so the limit set before is
  // kept while it overshoots the time left by no more than kSlack.
  constexpr milliseconds kSlack{20};
  const milliseconds limit = std::max(queryLimit_.count() == 0 ? left : std::min(queryLimit_, left), milliseconds(1));
  if (!limitSet_ || *limitSet_ > limit + kSlack) {
    inner().setQueryTimeLimit(limit);
    limitSet_ = limit;
  }
  const CheckResult r = inner().check(assumptions);
  // An unknown that ends at the deadline (within the slack, the limit being whole milliseconds)
  // is the time budget's doing, whatever the back end calls it ("timeout", "canceled"): said so,
  // a caller does not take it for a query the solver could not decide.
  if (r == CheckResult::Unknown && steady_clock::now() + kSlack >= deadline_) {
    exhausted_ = true;
    refusal_ = "time budget exhausted";
  }
  return r;
}

std::string BudgetLayer::reasonUnknown() const { return refusal_.empty() ? inner().reasonUnknown() : refusal_; }

}  // namespace symseq
