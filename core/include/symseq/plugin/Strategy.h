#pragma once
// A strategy is a test-generation algorithm (SymTest, a symbolic-tree search, a random
// baseline): it reads the model, asks the solver, consults heuristics and proposes test
// sequences. The kernel, not the strategy, replays every proposed sequence on the model before
// anything is reported, so a strategy cannot overstate coverage.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <span>
#include <vector>

#include "symseq/exec/Budgets.h"
#include "symseq/exec/GenerationResult.h"
#include "symseq/exec/RunProgress.h"
#include "symseq/ir/TransitionSystem.h"
#include "symseq/solver/Solver.h"

#pragma GCC visibility push(default)

namespace symseq {

struct HeuristicRef;
class FunctionTables;
class FunctionInterpretations;
class Searcher;
class SolverFactory;

struct GenerationJob {
  const TransitionSystem& system;
  Solver& solver;
  std::span<const HeuristicRef> heuristics;      // in the configured order
  std::vector<TransitionId> targets;             // sorted, unique
  Budgets budgets;
  std::uint64_t seed = 0;
  std::chrono::steady_clock::time_point deadline;
  // Models with external functions: their tables (which a strategy may enrich) and the real
  // implementations. Null when the model declares no external function.
  FunctionTables* tables = nullptr;
  const FunctionInterpretations* functions = nullptr;
  // Strategies that take a searcher (PluginDescriptor::defaultSearcher): the run's, fresh for
  // this run; null for the others.
  Searcher* searcher = nullptr;
  // The run file's [assume] constraints over system parameters. They are also among
  // `system.axioms`, so every path and every replay honours them; a strategy that generates
  // without them first (AUTSEG filters its test sets at the end) reads them here to report the
  // targets they exclude (UncoveredReason::ExcludedByAssumption).
  std::vector<Expr> assumptions{};
  // More solvers like `solver` (the same back end and layers, bound to the same context, the
  // run's budgets shared), for strategies that search on several threads: one per thread.
  const SolverFactory* solvers = nullptr;
  // What the search has done so far, for the command line's progress line (read on another
  // thread); null when nobody watches. Strategies store their covered-so-far there.
  RunProgress* progress = nullptr;
  // Raised (from a signal handler: Ctrl-C) to stop the search early: a strategy that checks its
  // deadline checks this too and returns what it has. Every solver the run gives it answers
  // Unknown from then on, so one that asks its solver stops without looking.
  const std::atomic<bool>* stop = nullptr;

  [[nodiscard]] bool stopRequested() const { return stop != nullptr && stop->load(std::memory_order_relaxed); }
  // Tells a watcher how many targets are covered so far (a no-op when none watches).
  void reportCovered(std::uint64_t covered) const {
    if (progress == nullptr) return;
    progress->covered.store(covered, std::memory_order_relaxed);
    progress->reported.store(true, std::memory_order_relaxed);
  }
};

class Strategy {
 public:
  virtual ~Strategy() = default;
  // Why this strategy cannot work on `system` (e.g. "needs an acyclic-core model, but ..."), or
  // nothing when it can. Asked after the model is loaded and before any output exists, so a
  // model the strategy cannot handle is refused at the run file's [strategy] name; generate()
  // is called only on a model the strategy accepted.
  [[nodiscard]] virtual std::optional<std::string> refusal(const TransitionSystem& system) const;
  [[nodiscard]] virtual GenerationResult generate(const GenerationJob& job) = 0;
};

}  // namespace symseq

#pragma GCC visibility pop
