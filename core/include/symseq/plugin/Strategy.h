#pragma once
// A strategy is a test-generation algorithm (SymTest, a symbolic-tree search, a random
// baseline): it reads the model, asks the solver, consults heuristics and proposes test
// sequences. The kernel, not the strategy, replays every proposed sequence on the model before
// anything is reported, so a strategy cannot overstate coverage.
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "symseq/ir/TransitionSystem.h"
#include "symseq/solver/Solver.h"

namespace symseq {

struct HeuristicRef;
class FunctionTables;
class FunctionInterpretations;
struct SymbolicTree;

struct Budgets {
  std::chrono::milliseconds time{60'000};
  std::uint64_t solverQueries = 1'000'000;
  std::uint32_t depth = 64;  // steps per sequence (CFG: loop iterations)
};

// A value emitted on an output channel (an IOSTS `c!(t1, ..., tn)`), observed or expected.
struct OutputEvent {
  std::uint32_t channel = 0;  // index into TransitionSystem::channels
  std::vector<Value> values;
  friend bool operator==(const OutputEvent&, const OutputEvent&) = default;
};

// One step of a test: the input transition taken and the values it reads (see exec/Replay.h
// for how a step runs). `path`, when given, names the transitions the step is meant to fire
// (the input transition first, then the internal ones), for models with nondeterministic choices.
// `expectedOutputs`, when given, are the outputs the step must emit (replay checks them).
struct TestStep {
  std::optional<std::uint32_t> channel;  // index into TransitionSystem::channels; any when absent
  Valuation inputs;
  std::vector<TransitionId> path;
  std::optional<std::vector<OutputEvent>> expectedOutputs;
};

struct TestSequence {
  Valuation initial;  // values of state variables the model leaves unconstrained
  std::vector<TestStep> steps;
  // Internal and output transitions to fire before the first step, exactly (possibly none);
  // when absent, the first enabled ones fire (exec/Replay.h).
  std::optional<std::vector<TransitionId>> prefix;
  std::optional<std::vector<OutputEvent>> prefixOutputs;  // expected from the prefix, when given
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
  // Symbolic-tree strategies: states kept, children pruned as infeasible, rows added to tables.
  std::uint64_t states = 0;
  std::uint64_t prunedStates = 0;
  std::uint64_t tableRowsAdded = 0;
};

// A call of an external function's implementation that failed (an error code, an exception);
// the table is left unchanged and the run reports it.
struct ExternalFailure {
  std::string function;
  std::vector<Value> args;
  std::string message;
};

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
};

struct GenerationResult {
  std::vector<TestSequence> sequences;
  // Why a target is not covered by the proposed sequences (the kernel's replay decides coverage).
  std::map<TransitionId, UncoveredReason> uncovered;
  StrategyStats stats;
  std::vector<ExternalFailure> externalFailures;
  // The symbolic execution tree, for strategies that build one (written as tree.json / tree.dot).
  std::shared_ptr<const SymbolicTree> tree;
};

class Strategy {
 public:
  virtual ~Strategy() = default;
  [[nodiscard]] virtual GenerationResult generate(const GenerationJob& job) = 0;
};

}  // namespace symseq
