#include "symseq/exec/Substitute.h"

#include "symseq/expr/Rewrite.h"

namespace symseq {

Expr substitute(ExprContext& ctx, Expr root, const Substitution& s) {
  if (s.empty()) return root;
  RewriteMemo memo;
  return rewriteBottomUp(
      root,
      [&](Expr e, std::span<const Expr> kids, bool changed) {
        if (e.isVar()) {
          const auto it = s.find(e);
          return it == s.end() ? e : it->second;
        }
        return changed ? withChildren(ctx, e, kids) : e;
      },
      memo);
}

}  // namespace symseq
