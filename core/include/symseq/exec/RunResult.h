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
  // When not covered, what else explains it (a deadlock every explored path runs into); empty
  // when the reason says all.
  std::string detail{};
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
  std::vector<ModelFinding> findings;  // the model's (contracts) and the strategy's (dead sequences)
  // The guard checks of analysis/GuardAnalysis.h (nondeterminism, incompleteness, dead
  // transitions), made on every run with a solver of their own (result.json `checks`).
  std::vector<ModelFinding> checks;
  std::vector<ResultTable> tables;  // the strategy's tables (AUTSEG's per-command table)
  // Symbolic states of the tree from which only the environment can move (time passes, inputs
  // arrive) and no system transition will ever be enabled (analysis/Deadlock.h), with the
  // constraints that cause it; made on every run whose model has an environment.
  std::vector<ModelFinding> deadlocks{};
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
