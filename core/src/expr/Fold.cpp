#include "symseq/expr/Fold.h"

#include <algorithm>
#include <vector>

#include "symseq/expr/Connectives.h"
#include "symseq/expr/Evaluator.h"
#include "symseq/expr/Rewrite.h"
#include "symseq/support/Error.h"

namespace symseq {

namespace {

Expr rebuild(ExprContext& ctx, Expr e, const std::vector<Expr>& kids) {
  switch (e.op()) {
    case Op::Apply: return withChildren(ctx, e, kids);
    case Op::Ite:
      if (kids[0].isConst()) return kids[0].value().asBool() ? kids[1] : kids[2];
      if (kids[1] == kids[2]) return kids[1];
      break;
    case Op::And: return conjunction(ctx, kids);
    case Op::Or: return disjunction(ctx, kids);
    default: break;
  }
  bool literals = true;
  for (Expr k : kids) literals = literals && k.isConst();
  if (literals) {
    try {
      return ctx.constant(evaluate(ctx.make(e.op(), kids), Valuation{}));
    } catch (const EvalError&) {
      // Division by zero and the like stay symbolic; the solver gives them SMT-LIB's meaning.
    }
  }
  if (e.op() == Op::Eq && kids[0] == kids[1]) return ctx.boolVal(true);
  if (e.op() == Op::Not && kids[0].op() == Op::Not) return kids[0].child(0);
  return ctx.make(e.op(), kids);
}

}  // namespace

Expr foldConstants(ExprContext& ctx, Expr root) {
  RewriteMemo memo;
  return foldConstants(ctx, root, memo);
}

Expr foldConstants(ExprContext& ctx, Expr root, RewriteMemo& memo) {
  return rewriteBottomUp(
      root,
      [&](Expr e, std::span<const Expr> kids, bool changed) {
        if (kids.empty()) return e;
        const bool foldable = changed || e.op() == Op::Ite || e.op() == Op::And || e.op() == Op::Or ||
                              std::all_of(kids.begin(), kids.end(), [](Expr k) { return k.isConst(); });
        return foldable ? rebuild(ctx, e, std::vector<Expr>(kids.begin(), kids.end())) : e;
      },
      memo);
}

}  // namespace symseq
