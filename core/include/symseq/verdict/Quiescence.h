#pragma once
// Quiescence (δ) enrichment at the level of the τ-reduced symbolic execution
// (iosts-program-contracts.md §6.1; seed-requirements 4.1): from a symbolic state, δ is possible
// when none of the output transitions leaving its location can fire, i.e. when the negation of the
// disjunction of their instantiated guards is satisfiable with the path condition. After
// τ-reduction the internal moves are folded into the visible transitions, so an output reachable
// only through internal transitions counts, and a state whose internal moves all end in inputs (or
// nowhere) is quiescent.
#include "symseq/exec/SymbolicExecutor.h"
#include "symseq/solver/Solver.h"

#pragma GCC visibility push(default)

namespace symseq {

// δ's guard at `state` of an execution of a τ-reduced system: ¬(g1 ∨ ... ∨ gn) over the guards of
// the output transitions leaving the state's location, instantiated in its store (`true` when
// there is none).
[[nodiscard]] Expr quiescenceCondition(const SymbolicExecutor& reduced, const SymbolicState& state);

// Whether δ is possible from `state`: its path condition with quiescenceCondition, checked by
// `solver` (left as it was found).
[[nodiscard]] CheckResult quiescencePossible(const SymbolicExecutor& reduced, const SymbolicState& state,
                                             Solver& solver);

}  // namespace symseq

#pragma GCC visibility pop
