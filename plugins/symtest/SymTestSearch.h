#pragma once
// SymTest (symtest-framework.md, Algorithm 1): plan a path with FINDPATH, execute it
// symbolically, and when it is infeasible try the path heuristics, then backtrack from its
// longest satisfiable prefix, within the iteration bound and the run's budgets.
#include <cstdint>

#include "symseq/path/FindPath.h"
#include "symseq/plugin/Strategy.h"

namespace symseq::symtest {

enum class Backtracking : std::uint8_t {
  Chronological,     // the paper's Algorithm 3: flip the most recent open decision
  ConflictDirected,  // flip the latest decision in the unsat core first; defer the rest
};

struct SymTestOptions {
  FindPathMode findPath = FindPathMode::Greedy;
  Backtracking backtracking = Backtracking::Chronological;
};

[[nodiscard]] GenerationResult runSymTest(const GenerationJob& job, const SymTestOptions& options);

}  // namespace symseq::symtest
