#pragma once
// Checks of a model's guards, on every model kind (seed-requirements 2.8, 4.4): nondeterminism
// (two transitions of one location and action channel whose guards overlap), incompleteness
// (a gap no guard covers) and dead transitions (a guard no store satisfies), each with a
// witness or an unsat core. Statically (state variables free, over any store) or in context
// (under a symbolic state's path condition, as AUTSEG's SSG checks a state it reached).
// Transitions marked `synthetic` are skipped. What a finding means depends on the model kind:
// for synchronous machines an overlap is an error, for IOSTS it is legitimate nondeterminism
// (information); the caller decides.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "symseq/exec/SymbolicExecutor.h"
#include "symseq/expr/Valuation.h"
#include "symseq/ir/TransitionSystem.h"

#pragma GCC visibility push(default)

namespace symseq {

class Solver;

struct GuardOverlap {
  LocationId location = 0;
  std::optional<std::uint32_t> channel;  // the input channel; none for internal transitions
  TransitionId first = 0;
  TransitionId second = 0;
  Valuation witness;  // state and input values under which both guards hold
};

struct GuardGap {
  LocationId location = 0;
  std::optional<std::uint32_t> channel;
  Expr gap;           // ¬(g1 ∨ ... ∨ gn), simplified
  Valuation witness;  // values under which no guard holds
};

struct DeadTransition {
  TransitionId transition = 0;
  std::vector<Expr> core;  // a minimal set of guard atoms (and axioms) that cannot hold together
};

struct GuardReport {
  std::vector<GuardOverlap> overlaps;
  std::vector<GuardGap> gaps;
  std::vector<DeadTransition> dead;
  std::uint32_t unknown = 0;  // checks the solver could not decide (budget); never reported as findings
};

// Every location and input channel (and the internal transitions of each location as one group).
// A location with a single transition on a channel has no overlap; a group whose disjunction is
// valid has no gap. Gaps are only checked for groups that read inputs (an Input action), because
// internal transitions and outputs are not the environment's choice.
[[nodiscard]] GuardReport analyzeGuards(const TransitionSystem& system, Solver& solver);

// The same checks at `state.location`, with the guards instantiated over `state.store` (fresh
// inputs for the next step) and under `state.pathCondition`: what AUTSEG's SSG checks at each
// state it reaches. Dead transitions here are those whose instantiated guard clashes with the
// path condition; their core may name path-condition conjuncts.
[[nodiscard]] GuardReport analyzeGuardsAt(const SymbolicExecutor& executor, const SymbolicState& state, Solver& solver);

// Splits a conjunction into its atoms (nested `and`, `a <= x <= b` read as two atoms).
[[nodiscard]] std::vector<Expr> conjuncts(Expr e);

// A minimal subset of `atoms` that is unsatisfiable together with `background` (deletion-based:
// each atom is dropped when the rest stays unsat; order-preserving, so deterministic). Assumes the
// whole set is unsat; returns all of `atoms` when the solver answers unknown.
[[nodiscard]] std::vector<Expr> minimalUnsatCore(Solver& solver, const std::vector<Expr>& atoms,
                                                 const std::vector<Expr>& background = {});

}  // namespace symseq

#pragma GCC visibility pop
