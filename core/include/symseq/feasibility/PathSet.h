#pragma once
// Feasibility of a set of paths (iosts-program-contracts.md, Definitions 8 and 9; seed
// requirements A4, A5): can programs be implemented, satisfying their contracts, so that every
// path of the set runs? Each path is executed symbolically on the (split) IR and its symbols are
// renamed apart (the distinguished renaming: every path has its own inputs and initial values;
// frozen variables stay shared). The programs' determinism across and within paths is enforced
// either by the solver's congruence on the shared uninterpreted program symbols (the default) or
// by the paper's explicit pairwise condition Φ over fresh call results; both give the same
// answers.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "symseq/exec/TestSequence.h"
#include "symseq/ir/TransitionSystem.h"
#include "symseq/solver/Solver.h"

#pragma GCC visibility push(default)

namespace symseq {

enum class Determinism : std::uint8_t { UninterpretedFunctions, Pairwise };

// One program call on a path, after renaming: (program, args, result). `result` is the call's
// application term in the UninterpretedFunctions encoding.
struct PathCall {
  const FunctionDecl* program = nullptr;
  std::vector<Expr> args;
  Expr result;
  std::uint32_t step = 0;  // index into DistinguishedPath::transitions of the calling transition
};

struct DistinguishedPath {
  std::vector<TransitionId> transitions;  // of the split IR
  std::vector<Expr> condition;            // the path condition's conjuncts, renamed (axioms first)
  std::vector<PathCall> calls;            // κ at the path's end, in call order
  // The path's own symbols: fresh inputs (per step, in the action's order) and the initial values
  // of unconstrained state variables, each renamed; `original` are the executor's names, which
  // tests use (exec/SymbolicExecutor.h).
  std::vector<Expr> renamed;
  std::vector<Expr> original;
  std::optional<std::string> infeasibleStep;  // a transition that does not leave the location reached
};

// A4: executes `path` from the initial state and renames its symbols apart with suffix `~index`.
// Throws Error when a transition does not leave the location the path has reached, and when it
// calls a program whose contract has behaviours without being split (Branching.h).
[[nodiscard]] DistinguishedPath distinguish(const TransitionSystem& system, std::span<const TransitionId> path,
                                            std::size_t index);

struct PathSetWitness {
  std::vector<Valuation> values;        // per path: its `original` symbols' values
  std::vector<ProgramResult> programs;  // one row per distinct call (arguments -> result)
  Valuation frozen;                     // the frozen variables' values
};

struct PathSetResult {
  std::vector<DistinguishedPath> paths;
  std::vector<CheckResult> alone;  // per path, checked alone (with determinism within the path)
  CheckResult set = CheckResult::Unknown;
  std::optional<PathSetWitness> witness;  // when set == Sat
  // When set == Unsat: a minimal subset of path indices that is already infeasible, and whether
  // that subset becomes feasible once determinism is dropped (each call free).
  std::vector<std::size_t> conflict;
  bool conflictNeedsDeterminism = false;
};

// A5 on the given paths, with `solver` (left as it was found: push/pop).
[[nodiscard]] PathSetResult checkPathSet(const TransitionSystem& system, Solver& solver,
                                         std::span<const std::vector<TransitionId>> paths,
                                         Determinism determinism = Determinism::UninterpretedFunctions);

// The pairwise encoding of determinism: every distinct application of a Program in `conjuncts` is
// replaced by a fresh variable and Φ (equal arguments imply equal results) is added for each pair
// of the same program. With `withDeterminism` false, Φ is left out (each call free). The result
// is `conjuncts` rewritten, in their order, then Φ; the fresh variables are named `PROGRAM!k`
// (k: the application's rank among the program's, bottom-up, first occurrence first), so two
// encodings in one solver scope would share them.
[[nodiscard]] std::vector<Expr> pairwiseEncoding(ExprContext& ctx, std::span<const Expr> conjuncts,
                                                 bool withDeterminism = true);

}  // namespace symseq

#pragma GCC visibility pop
