#pragma once
// What a run reports, after the kernel has replayed every proposed sequence on the model.
// Coverage is what replay saw; a proposed sequence that does not replay is not reported as a
// test but as a replay failure (a bug in the strategy), and `replayed` is then false.
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "symseq/exec/Replay.h"
#include "symseq/exec/GenerationResult.h"
#include "symseq/solver/SolverStats.h"

#pragma GCC visibility push(default)

namespace symseq {

struct TargetOutcome {
  TransitionId transition = 0;
  bool covered = false;
  std::optional<UncoveredReason> reason;  // when not covered
};

// What a run found about the model itself, beside its tests (a contract with a gap, a dead
// behaviour): information or warnings; errors stop the run before it starts.
struct ModelFinding {
  std::string kind;     // e.g. "contract-incomplete", "contract-dead-behavior"
  std::string message;  // one line, for users
  std::optional<SourceLocation> where;
};

struct RunResult {
  std::vector<TargetOutcome> targets;     // in target order
  std::vector<TestSequence> sequences;    // those that replayed
  std::vector<std::string> replayFailures;
  std::set<TransitionId> covered;         // every transition replay fired
  bool replayed = false;                  // every proposed sequence replayed
  Statistics strategy;  // the strategy's named counters
  std::vector<ExternalFailure> externalFailures;
  std::shared_ptr<const SymbolicTree> tree;  // when the strategy built one
  std::vector<ModelFinding> findings;
  SolverStats solver;
  double totalSeconds = 0;

  [[nodiscard]] std::size_t length() const;  // total steps
  [[nodiscard]] std::size_t coveredTargets() const;
};

// Replays `proposed` on the system and decides each target's outcome. A target the replays did
// not cover takes the strategy's reason; without one it is "budget-exhausted", since only the
// strategy can have proved it infeasible within the bound.
[[nodiscard]] RunResult checkByReplay(const TransitionSystem& system, const std::vector<TransitionId>& targets,
                                      const GenerationResult& proposed,
                                      const FunctionInterpretations* functions = nullptr);

}  // namespace symseq

#pragma GCC visibility pop
