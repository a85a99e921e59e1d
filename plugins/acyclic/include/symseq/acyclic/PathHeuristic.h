#pragma once
// The heuristic family of SymTest (symtest-framework.md, sections 4.2 and 4.3): when a planned
// path turns out infeasible, a path heuristic rewrites it into other plans that take the same
// transitions (permuting edges or iterations, breaking the sequence into several). It is a pure
// rewriting function: the strategy checks each plan with the solver, in the order given, and
// the first plan whose every sequence is satisfiable wins. A heuristic never solves or searches.
#include <cstdint>
#include <span>
#include <vector>

#include "symseq/acyclic/SyntacticPath.h"
#include "symseq/plugin/Heuristic.h"

#pragma GCC visibility push(default)

namespace symseq {

// What went wrong with a plan.
struct PathFailure {
  const AcyclicCore& core;
  const SyntacticPath& path;             // the infeasible plan
  std::size_t feasibleLength = 0;        // leading transitions of path.flatten() that are satisfiable
  std::span<const TransitionId> targets; // what the plan must cover, sorted
  std::uint64_t seed = 0;                // the run's seed, for heuristics that sample
};

// A candidate: one sequence, or several (a test suite, each run from the initial state).
struct PathPlan {
  std::vector<SyntacticPath> sequences;
};

class SYMSEQ_VISIBLE PathHeuristic : public Heuristic {
 public:
  ~PathHeuristic() override;
  // Plans to try instead of `failure.path`, best first; none when the heuristic does not apply.
  [[nodiscard]] virtual std::vector<PathPlan> rewrite(const PathFailure& failure) const = 0;
};

}  // namespace symseq

#pragma GCC visibility pop
