#pragma once
// A strategy is a test-generation algorithm (SymTest, a symbolic-tree search, a random
// baseline): it reads the model, asks the solver, consults heuristics and proposes test
// sequences. The kernel, not the strategy, replays every proposed sequence on the model before
// anything is reported, so a strategy cannot overstate coverage.
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <vector>

#include "symseq/exec/Budgets.h"
#include "symseq/exec/StrategyStats.h"
#include "symseq/exec/TestSequence.h"
#include "symseq/exec/UncoveredReason.h"
#include "symseq/ir/TransitionSystem.h"
#include "symseq/solver/Solver.h"
#include "symseq/summary/ExternalFailure.h"

#pragma GCC visibility push(default)

namespace symseq {

struct HeuristicRef;
class FunctionTables;
class FunctionInterpretations;
struct SymbolicTree;

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

#pragma GCC visibility pop
