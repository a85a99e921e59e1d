#pragma once
// Walking and rewriting expression DAGs without recursion on the call stack: shared sub-terms
// are visited once, so the cost is linear in the DAG, not in the tree it unfolds to. The basis of
// substitution, constant folding and the χ transformation.
#include <functional>
#include <set>
#include <span>
#include <unordered_map>

#include "symseq/expr/ExprContext.h"

#pragma GCC visibility push(default)

namespace symseq {

// Rewritten nodes by creation id; keep one across calls to share work between them.
using RewriteMemo = std::unordered_map<std::uint32_t, Expr>;

// `node` rebuilt from its rewritten children (none for leaves); return `node` to keep it.
using Rebuild = std::function<Expr(Expr node, std::span<const Expr> kids, bool changed)>;

// Post-order: every child is rewritten before its parent.
[[nodiscard]] Expr rewriteBottomUp(Expr root, const Rebuild& rebuild, RewriteMemo& memo);

// `node` with new children, the same operator (and function, for applications).
[[nodiscard]] Expr withChildren(ExprContext& ctx, Expr node, std::span<const Expr> kids);

// Adds the variables occurring in `term` to `out`.
void collectVariables(Expr term, std::set<Expr, ExprIdLess>& out);

}  // namespace symseq

#pragma GCC visibility pop
