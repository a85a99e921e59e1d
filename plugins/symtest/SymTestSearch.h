#pragma once
// SymTest (symtest-framework.md, Algorithm 1): plan a path with FINDPATH, execute it
// symbolically, and when it is infeasible try the path heuristics, then backtrack from its
// longest satisfiable prefix, within the iteration bound and the run's budgets.
//
// Beyond the paper, a bounded model check of coverage (unroll/BoundedCoverage.h) first proves
// which targets no sequence within the depth takes, so the search never hunts for them, and,
// in exact mode, proves the fewest steps of one sequence taking the rest. The path search then
// runs at that bound, pruning the branches whose start no completion within the bound takes the
// goal from (CompletionCheck.h; a query per branch, its cores learned). When it checks `maxPaths` paths at a bound without success (its
// backtracking is exponential in the worst case), the model check's own witness is reported,
// so the run still ends with the proved answer.
#include <cstdint>

#include "symseq/acyclic/FindPath.h"
#include "symseq/plugin/Strategy.h"

namespace symseq::symtest {

enum class Backtracking : std::uint8_t {
  Chronological,     // the paper's Algorithm 3: flip the most recent open decision
  ConflictDirected,  // flip the latest decision in the unsat core first; defer the rest
};

struct SymTestOptions {
  FindPathMode findPath = FindPathMode::Greedy;
  Backtracking backtracking = Backtracking::Chronological;
  std::uint64_t maxPaths = 500;  // paths checked at one bound before the witness is taken
  bool completionCheck = true;   // prune starts no completion within the bound takes the goal from (CompletionCheck.h)
};

[[nodiscard]] GenerationResult runSymTest(const GenerationJob& job, const SymTestOptions& options);

}  // namespace symseq::symtest
