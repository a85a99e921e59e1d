#pragma once
// [solver] portfolio (docs/parallel.md): whole runs raced, one thread each, the first to finish
// well wins and the others are cancelled. This header has the race and the layer that cancels a
// losing run's solvers; ExecuteRun.cpp runs the entrants (each in an ExprContext of its own, the
// model loaded for each) and writes the winner's results as soon as it has won.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "symseq/solver/SolverLayer.h"

namespace symseq {

// An entrant: runs to the end, or gives up early once `cancelled` is raised. Throws on failure.
using PortfolioEntrant = std::function<void(const std::atomic<bool>& cancelled)>;

// Every entrant on a thread of its own; the first to return (not throw) wins, and the others
// are cancelled at once. winner() returns as soon as there is one, so the run can write the
// winner's results while a loser still ends its query; the race joins every thread when it is
// destroyed (the entrants must outlive it).
//
// The entrants after the first start with a head start for the first: each waits `headStart`
// (or until the first ends) before it begins. A run shorter than that costs no second entrant
// (starting one, its solver library and its copy of the model, costs more than a 10 ms run);
// a longer one is raced as before.
class PortfolioRace {
 public:
  explicit PortfolioRace(std::vector<PortfolioEntrant> entrants,
                         std::chrono::milliseconds headStart = std::chrono::milliseconds(0));
  ~PortfolioRace();  // cancels every entrant still running and joins them all
  PortfolioRace(const PortfolioRace&) = delete;
  PortfolioRace& operator=(const PortfolioRace&) = delete;

  // The winner's index, once one has returned. When every entrant throws, rethrows the first
  // entrant's error.
  [[nodiscard]] std::size_t winner();

 private:
  std::vector<PortfolioEntrant> entrants_;
  std::vector<std::atomic<bool>> cancelled_;  // the winner's is never raised: it is not cut short
  std::vector<std::exception_ptr> errors_;
  std::mutex mutex_;
  std::condition_variable ended_;
  std::size_t finished_ = 0;  // entrants returned or thrown
  std::optional<std::size_t> winner_;
  bool firstEnded_ = false;  // the first entrant returned or threw: the others start at once
  std::vector<std::jthread> threads_;  // last: joined before the rest goes
};

// A whole race: returns the winner's index once every thread has ended.
[[nodiscard]] std::size_t racePortfolio(const std::vector<PortfolioEntrant>& entrants,
                                        std::chrono::milliseconds headStart = std::chrono::milliseconds(0));

// A solver whose budget ends when the flag is raised: every check from then on answers Unknown
// without asking the solver below (a query already under way ends by its own limits), and
// `reason` is its reasonUnknown(). A portfolio's loser is cancelled so; so is a run on Ctrl-C.
class CancellableSolver final : public SolverLayer {
 public:
  CancellableSolver(PluginPtr<Solver> inner, const std::atomic<bool>& cancelled,
                    std::string reason = "cancelled: another solver of the portfolio finished first")
      : SolverLayer(std::move(inner)), cancelled_(cancelled), reason_(std::move(reason)) {}
  CheckResult check(std::span<const Expr> assumptions) override;
  std::string reasonUnknown() const override;

 private:
  const std::atomic<bool>& cancelled_;
  std::string reason_;
  bool answeredCancelled_ = false;  // the last check was refused
};

}  // namespace symseq
