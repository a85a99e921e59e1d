#pragma once
// Readable sets of linear integer constraints, the operations AUTSEG performs on SupLDDs
// (autseg-test-set-generator.md §III.C; seed-requirements 2.5): projection by Fourier-Motzkin,
// redundancy removal, implication-based simplification and reduction. The SMT solver decides
// (emptiness, implication); this utility only keeps the constraints small enough to print.
//
// Normal form: Σ a_i·x_i ≤ c with integer coefficients, variables in creation order, the
// coefficients' gcd divided out (c rounded down: exact over Z). `≥` is negated, `<` over Z is
// `≤ c − 1`, `=` is two constraints. Fourier-Motzkin is exact over Q and may over-approximate
// over Z; every projection is checked against the solver (`projectChecked`) when one is given.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "symseq/expr/Expr.h"

#pragma GCC visibility push(default)

namespace symseq {

class Solver;

struct LinearConstraint {
  std::map<Expr, std::int64_t, ExprIdLess> coefficients;  // variable -> a_i (no zeros)
  std::int64_t bound = 0;                                  // c
  friend bool operator==(const LinearConstraint&, const LinearConstraint&) = default;
};

// A conjunction of constraints, deduplicated, in a canonical order.
class LinearSet {
 public:
  LinearSet() = default;
  // Reads a conjunction of linear (in)equalities over Int variables; nothing when `e` is not one
  // (a disjunction, a product of variables, a Bool atom).
  [[nodiscard]] static std::optional<LinearSet> fromExpr(Expr e);
  [[nodiscard]] Expr toExpr(ExprContext& ctx) const;  // `true` when empty
  // Printed as a user reads it: `x - z <= 9, x - k >= 10` (a constraint whose first coefficient
  // is negative is shown as `≥`).
  [[nodiscard]] std::string toString() const;

  void add(LinearConstraint c);
  [[nodiscard]] const std::vector<LinearConstraint>& constraints() const { return constraints_; }
  [[nodiscard]] bool empty() const { return constraints_.empty(); }

  // ∃ vars. this, by Fourier-Motzkin (QELIM in the paper).
  [[nodiscard]] LinearSet eliminate(const std::vector<Expr>& vars) const;
  // Among constraints with the same left-hand side keeps the strongest (high implication: exact)
  // or the weakest (low implication: an over-approximation).
  [[nodiscard]] LinearSet highImplication() const;
  [[nodiscard]] LinearSet lowImplication() const;
  // Drops every constraint the others imply (decided by `solver`), in a deterministic order.
  [[nodiscard]] LinearSet withoutRedundancy(Solver& solver) const;
  friend bool operator==(const LinearSet&, const LinearSet&) = default;

 private:
  std::vector<LinearConstraint> constraints_;
};

// Reduction of `a` with respect to `b` (seed-requirements 2.5): ∃ vars(b). a, after checking with
// `solver` that a implies b; nothing when it does not.
[[nodiscard]] std::optional<LinearSet> reduce(const LinearSet& a, const LinearSet& b, Solver& solver);

// `eliminate`, then checks with `solver` that the result is exact over Z (∃ vars. set ⇔ result);
// when it is not, returns nothing, and the caller keeps the unprojected formula.
[[nodiscard]] std::optional<LinearSet> projectChecked(const LinearSet& set, const std::vector<Expr>& vars, Solver& solver);

}  // namespace symseq

#pragma GCC visibility pop
