#pragma once
// A strategy is a test-generation algorithm (SymTest, a symbolic-tree search, a random
// baseline): it reads the model, asks the solver, consults heuristics and proposes test
// sequences. The kernel, not the strategy, replays every proposed sequence on the model before
// anything is reported, so a strategy cannot overstate coverage.
#include <chrono>
#include <cstdint>
#include <span>
#include <vector>

#include "symseq/exec/Budgets.h"
#include "symseq/exec/GenerationResult.h"
#include "symseq/ir/TransitionSystem.h"
#include "symseq/solver/Solver.h"

namespace symseq {

struct HeuristicRef;
class FunctionTables;
class FunctionInterpretations;

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

class Strategy {
 public:
  virtual ~Strategy() = default;
  [[nodiscard]] virtual GenerationResult generate(const GenerationJob& job) = 0;
};

}  // namespace symseq
