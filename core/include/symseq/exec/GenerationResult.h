#pragma once
// What a strategy proposes (plugin/Strategy.h): sequences, the reason for every target it could
// not cover, its statistics and, for tree strategies, the tree. The kernel replays it
// (exec/RunResult.h) before anything is reported.
#include <map>
#include <memory>
#include <vector>

#include "symseq/exec/Statistics.h"
#include "symseq/exec/TestSequence.h"
#include "symseq/exec/UncoveredReason.h"
#include "symseq/summary/ExternalFailure.h"

#pragma GCC visibility push(default)

namespace symseq {

struct SymbolicTree;

struct GenerationResult {
  std::vector<TestSequence> sequences;
  // Why a target is not covered by the proposed sequences (the kernel's replay decides coverage).
  std::map<TransitionId, UncoveredReason> uncovered;
  Statistics stats;  // named counters (exec/Statistics.h)
  std::vector<ExternalFailure> externalFailures;
  // The symbolic execution tree, for strategies that build one (written as tree.json / tree.dot).
  std::shared_ptr<const SymbolicTree> tree;
};

}  // namespace symseq

#pragma GCC visibility pop
