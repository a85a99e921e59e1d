#include "symseq/run/Portfolio.h"

#include <exception>
#include <mutex>
#include <optional>
#include <thread>

namespace symseq {

std::size_t racePortfolio(const std::vector<PortfolioEntrant>& entrants) {
  // One flag per entrant: the winner's is never raised, so it is not cut short while it ends.
  std::vector<std::atomic<bool>> cancelled(entrants.size());
  std::vector<std::exception_ptr> errors(entrants.size());
  std::mutex mutex;
  std::optional<std::size_t> winner;
  {
    std::vector<std::jthread> threads;
    threads.reserve(entrants.size());
    for (std::size_t i = 0; i < entrants.size(); ++i)
      threads.emplace_back([&, i] {
        try {
          entrants[i](cancelled[i]);
        } catch (...) {
          errors[i] = std::current_exception();
          return;
        }
        const std::lock_guard lock(mutex);
        if (winner) return;
        winner = i;
        for (std::size_t j = 0; j < cancelled.size(); ++j)
          if (j != i) cancelled[j] = true;
      });
  }  // joined here
  if (winner) return *winner;
  for (const std::exception_ptr& e : errors)
    if (e) std::rethrow_exception(e);
  return 0;  // no entrant: not reached (a portfolio has at least two)
}

CheckResult CancellableSolver::check(std::span<const Expr> assumptions) {
  answeredCancelled_ = cancelled_.load();
  if (answeredCancelled_) return CheckResult::Unknown;
  return SolverLayer::check(assumptions);
}

std::string CancellableSolver::reasonUnknown() const {
  if (answeredCancelled_) return "cancelled: another solver of the portfolio finished first";
  return SolverLayer::reasonUnknown();
}

}  // namespace symseq
