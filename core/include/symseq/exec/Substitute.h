#pragma once
// Replacing variables by expressions throughout a DAG (the symbolic store's job).
#include <map>

#include "symseq/expr/ExprContext.h"

#pragma GCC visibility push(default)

namespace symseq {

using Substitution = std::map<Expr, Expr, ExprIdLess>;

// `e` with every variable in `s` replaced by its image. Shared sub-terms are rewritten once;
// deep expressions do not recurse on the call stack.
[[nodiscard]] Expr substitute(ExprContext& ctx, Expr e, const Substitution& s);

}  // namespace symseq

#pragma GCC visibility pop
