#pragma once
// [solver] portfolio (docs/parallel.md): whole runs raced, one thread each, the first to finish
// well wins and the others are cancelled. This header has the race and the layer that cancels a
// losing run's solvers; ExecuteRun.cpp runs the entrants (each in an ExprContext of its own, the
// model loaded for each) and writes the winner's results.
#include <atomic>
#include <cstddef>
#include <functional>
#include <vector>

#include "symseq/solver/SolverLayer.h"

namespace symseq {

// An entrant: runs to the end, or gives up early once `cancelled` is raised. Throws on failure.
using PortfolioEntrant = std::function<void(const std::atomic<bool>& cancelled)>;

// Runs every entrant on a thread of its own; the first to return (not throw) wins, and the
// others are cancelled at once. Returns the winner's index once every thread has ended (a loser
// ends after the query it was in). When every entrant throws, rethrows the first entrant's error.
[[nodiscard]] std::size_t racePortfolio(const std::vector<PortfolioEntrant>& entrants);

// A solver whose budget ends when the flag is raised: every check from then on answers Unknown
// without asking the solver below (a query already under way ends by its own limits).
class CancellableSolver final : public SolverLayer {
 public:
  CancellableSolver(PluginPtr<Solver> inner, const std::atomic<bool>& cancelled)
      : SolverLayer(std::move(inner)), cancelled_(cancelled) {}
  CheckResult check(std::span<const Expr> assumptions) override;
  std::string reasonUnknown() const override;

 private:
  const std::atomic<bool>& cancelled_;
  bool answeredCancelled_ = false;  // the last check was refused
};

}  // namespace symseq
