#pragma once
// A strategy is a test-generation algorithm (SymTest, a symbolic-tree search, a random
// baseline): it reads the model, asks the solver, consults heuristics and proposes test
// sequences. The kernel, not the strategy, replays every proposed sequence on the model before
// anything is reported, so a strategy cannot overstate coverage.
#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "symseq/ir/TransitionSystem.h"
#include "symseq/solver/Solver.h"

namespace symseq {

struct HeuristicRef;

struct Budgets {
  std::chrono::milliseconds time{60'000};
  std::uint64_t solverQueries = 1'000'000;
  std::uint32_t depth = 64;  // steps per sequence (CFG: loop iterations)
};

// One step of a test: the input transition taken and the values it reads (see exec/Replay.h
// for how a step runs). `path`, when given, names the transitions the step is meant to fire
// (the input transition first, then the internal ones), for models with nondeterministic choices.
struct TestStep {
  std::optional<std::uint32_t> channel;  // index into TransitionSystem::channels; any when absent
  Valuation inputs;
  std::vector<TransitionId> path;
};

struct TestSequence {
  Valuation initial;  // values of state variables the model leaves unconstrained
  std::vector<TestStep> steps;
};

enum class UncoveredReason : std::uint8_t { InfeasibleWithinBound, BudgetExhausted };
[[nodiscard]] std::string_view toString(UncoveredReason r);  // "infeasible-within-bound", "budget-exhausted"

struct StrategyStats {
  std::uint64_t iterations = 0;  // of the strategy's main loop (SymTest: paths planned and checked)
  std::uint64_t backtracks = 0;
  std::uint64_t heuristicCalls = 0;
  std::uint64_t heuristicSuccesses = 0;
  // Sequences reported from a bounded model check (its witness) instead of the strategy's own
  // search, so a comparison of searches can tell which one did the work.
  std::uint64_t modelCheckSequences = 0;
};

struct GenerationJob {
  const TransitionSystem& system;
  Solver& solver;
  std::span<const HeuristicRef> heuristics;      // in the configured order
  std::vector<TransitionId> targets;             // sorted, unique
  Budgets budgets;
  std::uint64_t seed = 0;
  std::chrono::steady_clock::time_point deadline;
};

struct GenerationResult {
  std::vector<TestSequence> sequences;
  // Why a target is not covered by the proposed sequences (the kernel's replay decides coverage).
  std::map<TransitionId, UncoveredReason> uncovered;
  StrategyStats stats;
};

class Strategy {
 public:
  virtual ~Strategy() = default;
  [[nodiscard]] virtual GenerationResult generate(const GenerationJob& job) = 0;
};

}  // namespace symseq
