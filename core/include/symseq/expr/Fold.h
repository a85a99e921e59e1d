#pragma once
// Constant folding: sub-terms whose operands are all literals become literals, `ite` with a
// literal condition picks its branch, and `&&` / `||` drop neutral operands. Symbolic execution
// substitutes concrete values (a counter set to 0, an array index) into guards; folding them
// decides such guards without a solver query. External and uninterpreted applications are kept.
#include "symseq/expr/ExprContext.h"

#pragma GCC visibility push(default)

namespace symseq {

[[nodiscard]] Expr foldConstants(ExprContext& ctx, Expr e);

}  // namespace symseq

#pragma GCC visibility pop
