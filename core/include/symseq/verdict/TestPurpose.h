#pragma once
// A test purpose (iosts-program-contracts.md §6.1; seed-requirements 4.1): a finite sub-tree of
// the symbolic execution, given as a set of transition sequences of the model (behaviour variants
// such as `price#tea` are transitions of the split IR) from the initial state. The end of each
// sequence is a leaf: a trace covers the purpose when a symbolic path it belongs to runs through
// one. Whether the purpose's paths can run together, with programs that satisfy their contracts,
// is a testing hypothesis (A5): an infeasible purpose makes every verdict meaningless.
#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "symseq/feasibility/PathSet.h"
#include "symseq/ir/TransitionSystem.h"
#include "symseq/solver/Solver.h"
#include "symseq/support/Error.h"

#pragma GCC visibility push(default)

namespace symseq {

struct TestPurpose {
  std::vector<std::vector<TransitionId>> paths;  // each from the initial location, not empty
  // Where each path was written (a path file's line), for messages; may be shorter than `paths`.
  std::vector<std::optional<SourceLocation>> where;

  // The first path that is a prefix of `sequence` (its leaf is reached), if any.
  [[nodiscard]] std::optional<std::size_t> leafReached(std::span<const TransitionId> sequence) const;
  [[nodiscard]] std::optional<SourceLocation> locationOf(std::size_t path) const;
};

// Throws Error, located at the path, when a path is empty, names a transition out of range, or
// does not connect (a transition that does not leave the location reached).
void checkConnected(const TransitionSystem& system, const TestPurpose& purpose);

// checkConnected, then A5 (checkPathSet) on the purpose's paths: returns the result when the set
// is feasible; throws Error otherwise, a testing-hypothesis failure: Unsat names a minimal
// conflicting subset of the paths and whether the programs' determinism is needed for the
// conflict, located at the first of them; Unknown gives the solver's reason.
PathSetResult requireFeasible(const TransitionSystem& system, Solver& solver, const TestPurpose& purpose);

}  // namespace symseq

#pragma GCC visibility pop
