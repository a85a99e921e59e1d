#pragma once
// FINDPATH (symtest-framework.md, Algorithm 2): a syntactic path from the initial location that
// covers a set of target transitions in few loop iterations, continuing a forced start (the
// decisions a search has fixed so far).
//
// - Greedy is the paper's algorithm: each iteration takes the acyclic path through the body with
//   the most uncovered targets. It is a dynamic program over the body DAG, O(V + E) per
//   iteration, not the paper's exponential recursion. Ties go to the transition declared first.
// - Exact minimises the number of iterations: a minimum flow with lower bound 1 on every
//   uncovered target of the body (Dilworth; the paper's reference [9]), solved as a feasible flow
//   reduced by a max flow (Dinic), then decomposed into iterations.
// Both cover every target the syntax allows (an uncovered target of the initial part off the
// chosen initial path, or a target no path reaches, is left out) and stop at `maxIterations`.
//
// Semantic FINDPATH: a search that has learned that a transition cannot be taken in some
// iteration (its condition is unsatisfiable from the state the plan reaches there) passes it in
// `excluded`, and both modes plan around it: greedy's richest path skips it (and any location
// whose every way on is excluded); exact reorders its cover so that no iteration takes what is
// excluded at its index, and when no order does, completes the plan greedily instead. An
// exclusion is a planning hint for one request, not a proof: the search stays complete through
// its backtracking.
#include <compare>
#include <cstdint>
#include <span>

#include "symseq/acyclic/SyntacticPath.h"

#pragma GCC visibility push(default)

namespace symseq {

enum class FindPathMode : std::uint8_t { Greedy, Exact };

// Transition `transition` must not be taken in iteration `iteration` (counted from 1, as the
// elements of SyntacticPath::iterations; 0 is the initial part). Ignored on the forced start.
struct PathExclusion {
  std::uint32_t iteration = 0;
  TransitionId transition = 0;
  friend auto operator<=>(const PathExclusion&, const PathExclusion&) = default;
};

struct FindPathRequest {
  std::span<const TransitionId> forced;   // a path from the initial location the result starts with
  std::span<const TransitionId> targets;  // to cover (any order); those on `forced` count as covered
  std::uint32_t maxIterations = 64;       // iterations in all, the forced ones included
  FindPathMode mode = FindPathMode::Greedy;
  std::span<const PathExclusion> excluded{};  // semantic FINDPATH: learned, per iteration
};

// `forced` continued to the loop head and then by whole iterations. Throws Error when `forced`
// is not a path from the initial location of the core's system.
[[nodiscard]] SyntacticPath findPath(const AcyclicCore& core, const FindPathRequest& request);

// The fewest iterations that cover `targets` syntactically from the loop head (the exact
// FINDPATH's count), ignoring targets no iteration can reach: a lower bound on any test.
[[nodiscard]] std::uint32_t minimumIterations(const AcyclicCore& core, std::span<const TransitionId> targets);

}  // namespace symseq

#pragma GCC visibility pop
