#pragma once
// Contract inference (iosts-program-contracts.md, section 6.2 and Definition 10; seed
// requirements A6, A7): from feasible distinguished paths over programs without contracts, the
// frozen variables G, the axioms Ax and one behaviour per call (Pre: x_i = t_i, Post:
// \result = f). Rel_F(X) is a fixpoint (the connected components of the atom/variable graph that
// touch X, by union-find); Clean_X keeps the literals of a conjunction that mention X. Typing
// constraints (enumeration ranges of received values) are kept out of both.
#include <map>
#include <string>
#include <vector>

#include "symseq/feasibility/PathSet.h"

#pragma GCC visibility push(default)

namespace symseq {

// Rel_F(X) over the atoms of `formula` (conjuncts; ∧, ∨, ¬ only collect atoms).
[[nodiscard]] std::vector<Expr> related(std::span<const Expr> formula, std::span<const Expr> seeds);
// Clean_X(F) for a conjunction of literals: the conjuncts with a variable in X.
[[nodiscard]] std::vector<Expr> clean(std::span<const Expr> conjunction, std::span<const Expr> keep);

struct InferredBehavior {
  std::string name;                // `call1`, `call2`, ... in path order
  std::size_t path = 0;            // which distinguished path holds the call
  std::vector<Expr> frozen;        // G_f, in variable creation order
  std::vector<Expr> axioms;        // Ax_f, conjuncts
  Expr pre;                        // over the contract's parameters and G_f
  Expr post;                       // over the result and G_f
};

struct InferredContract {
  const FunctionDecl* program = nullptr;
  std::vector<Expr> params;  // x1 .. xn
  Expr result;               // `\result`
  std::vector<InferredBehavior> behaviors;
};

struct InferredContracts {
  std::vector<Expr> frozen;  // G: the union, renamed to plain identifiers (B_1, Price_2, ...)
  std::vector<Expr> axioms;  // Ax, deduplicated
  std::vector<InferredContract> contracts;  // per program called on the paths, in declaration order
};

// A6 on the distinguished paths (of a system whose programs have no contracts).
[[nodiscard]] InferredContracts inferContracts(const TransitionSystem& system, std::span<const DistinguishedPath> paths);

// A7 (Theorem 1): the system with the inferred contracts, frozen variables and axioms, split by
// behaviours; each path's transitions, with the behaviour of each call chosen as inferred, is
// checked feasible. Returns per path whether it is.
[[nodiscard]] std::vector<bool> checkRoundTrip(const TransitionSystem& system, const InferredContracts& inferred,
                                               std::span<const DistinguishedPath> paths, Solver& solver);

// The system with `inferred` installed (frozen variables, axioms, contracts), not yet split.
[[nodiscard]] TransitionSystem withInferredContracts(const TransitionSystem& system, const InferredContracts& inferred);

// Printers: ACSL (for Frama-C), symseq's own contract syntax (docs/models/iosts.md, loadable back
// with the model), both as text.
[[nodiscard]] std::string printAcsl(const InferredContracts& inferred);
[[nodiscard]] std::string printContractSyntax(const InferredContracts& inferred);

}  // namespace symseq

#pragma GCC visibility pop
