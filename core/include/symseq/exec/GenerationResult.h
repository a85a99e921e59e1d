#pragma once
// What a strategy proposes (plugin/Strategy.h): sequences, the reason for every target it could
// not cover, its statistics and, for tree strategies, the tree. The kernel replays it
// (exec/RunResult.h) before anything is reported.
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "symseq/exec/ModelFinding.h"
#include "symseq/exec/Statistics.h"
#include "symseq/exec/TestSequence.h"
#include "symseq/exec/UncoveredReason.h"
#include "symseq/summary/ExternalFailure.h"

#pragma GCC visibility push(default)

namespace symseq {

struct SymbolicTree;

// A table a strategy reports beside its sequences (AUTSEG's per-command table of complete, dead
// and truncated sequences): written to result.json under `tables` and to result.txt.
struct ResultTable {
  std::string name;
  std::vector<std::string> columns;
  std::vector<std::vector<std::string>> rows;  // each as long as `columns`
};

struct GenerationResult {
  std::vector<TestSequence> sequences;
  // Why a target is not covered by the proposed sequences (the kernel's replay decides coverage).
  std::map<TransitionId, UncoveredReason> uncovered;
  // What else explains a reason, by target (which query the solver answered unknown on); the
  // kernel passes it to TargetOutcome::detail.
  std::map<TransitionId, std::string> uncoveredDetail{};
  Statistics stats;  // named counters (exec/Statistics.h)
  std::vector<ExternalFailure> externalFailures;
  // The symbolic execution tree, for strategies that build one (written as tree.json / tree.dot).
  std::shared_ptr<const SymbolicTree> tree;
  // What the strategy found about the model (dead sequences with their cores, gaps under a path
  // condition); the kernel passes them to RunResult::findings.
  std::vector<ModelFinding> findings{};
  std::vector<ResultTable> tables{};
};

}  // namespace symseq

#pragma GCC visibility pop
