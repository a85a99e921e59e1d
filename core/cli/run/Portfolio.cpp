#include "symseq/run/Portfolio.h"

#include <exception>
#include <mutex>
#include <optional>
#include <thread>

namespace symseq {

PortfolioRace::PortfolioRace(std::vector<PortfolioEntrant> entrants, std::chrono::milliseconds headStart)
    : entrants_(std::move(entrants)), cancelled_(entrants_.size()), errors_(entrants_.size()) {
  threads_.reserve(entrants_.size());
  for (std::size_t i = 0; i < entrants_.size(); ++i)
    threads_.emplace_back([this, i, headStart] {
      if (i > 0 && headStart.count() > 0) {
        std::unique_lock lock(mutex_);
        ended_.wait_for(lock, headStart, [&] { return firstEnded_ || cancelled_[i].load(); });
        if (cancelled_[i].load()) {  // the first won within its head start: this one never runs
          ++finished_;
          ended_.notify_all();
          return;
        }
      }
      std::exception_ptr error;
      try {
        entrants_[i](cancelled_[i]);
      } catch (...) {
        error = std::current_exception();
      }
      const std::lock_guard lock(mutex_);
      ++finished_;
      if (i == 0) firstEnded_ = true;
      if (error) errors_[i] = error;
      else if (!winner_) {
        winner_ = i;
        for (std::size_t j = 0; j < cancelled_.size(); ++j)
          if (j != i) cancelled_[j] = true;
      }
      ended_.notify_all();
    });
}

PortfolioRace::~PortfolioRace() {
  {
    const std::lock_guard lock(mutex_);
    for (std::atomic<bool>& c : cancelled_) c = true;  // an entrant that ended no longer reads its flag
  }
  ended_.notify_all();  // an entrant still waiting out the head start gives up
  threads_.clear();     // joins
}

std::size_t PortfolioRace::winner() {
  std::unique_lock lock(mutex_);
  ended_.wait(lock, [&] { return winner_.has_value() || finished_ == entrants_.size(); });
  if (winner_) return *winner_;
  for (const std::exception_ptr& e : errors_)
    if (e) std::rethrow_exception(e);
  return 0;  // no entrant: not reached (a portfolio has at least two)
}

std::size_t racePortfolio(const std::vector<PortfolioEntrant>& entrants, std::chrono::milliseconds headStart) {
  std::size_t winner = 0;
  {
    PortfolioRace race(entrants, headStart);
    winner = race.winner();
  }  // every thread joined here
  return winner;
}

CheckResult CancellableSolver::check(std::span<const Expr> assumptions) {
  answeredCancelled_ = cancelled_.load();
  if (answeredCancelled_) return CheckResult::Unknown;
  return SolverLayer::check(assumptions);
}

std::string CancellableSolver::reasonUnknown() const {
  if (answeredCancelled_) return reason_;
  return SolverLayer::reasonUnknown();
}

}  // namespace symseq
