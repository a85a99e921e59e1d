#pragma once
// Constant folding: sub-terms whose operands are all literals become literals, `ite` with a
// literal condition picks its branch, and `&&` / `||` drop neutral operands. Symbolic execution
// substitutes concrete values (a counter set to 0, an array index) into guards; folding them
// decides such guards without a solver query. External and uninterpreted applications are kept.
#include "symseq/expr/ExprContext.h"
#include "symseq/expr/Rewrite.h"

#pragma GCC visibility push(default)

namespace symseq {

[[nodiscard]] Expr foldConstants(ExprContext& ctx, Expr e);
// The same, remembering folded sub-terms in `memo` across calls: the terms of one step share
// most of their DAG (x2 = x1 + 1 holds x1), so folding each with a fresh memo is quadratic in a
// long block. `memo` is only valid for folding (it maps a term to its folded form).
[[nodiscard]] Expr foldConstants(ExprContext& ctx, Expr e, RewriteMemo& memo);

}  // namespace symseq

#pragma GCC visibility pop
