#pragma once
// And and Or without `true`/`false` operands or repeats. The context builds terms as given, so
// `true && x` would stay in the formulas and the SMT-LIB log; these keep both short.
#include <span>

#include "symseq/expr/ExprContext.h"

#pragma GCC visibility push(default)

namespace symseq {

// `true` for no operands; `false` when one is `false`.
[[nodiscard]] Expr conjunction(ExprContext& ctx, std::span<const Expr> parts);
// `false` for no operands; `true` when one is `true`.
[[nodiscard]] Expr disjunction(ExprContext& ctx, std::span<const Expr> parts);

}  // namespace symseq

#pragma GCC visibility pop
