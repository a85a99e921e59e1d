#pragma once
// What a strategy counts while it searches, reported under `stats` in result.json.
#include <cstdint>

#pragma GCC visibility push(default)

namespace symseq {

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

}  // namespace symseq

#pragma GCC visibility pop
