#include "symseq/expr/Connectives.h"

#include <optional>
#include <set>
#include <vector>

namespace symseq {

namespace {

// The operands of an And (neutral: true) or Or (neutral: false) that matter; nullopt when one
// decides the result on its own.
std::optional<std::vector<Expr>> operands(std::span<const Expr> parts, bool neutral) {
  std::vector<Expr> kept;
  std::set<std::uint32_t> seen;  // expression ids
  for (Expr e : parts) {
    if (e.isConst()) {
      if (e.value() == Value::boolean(neutral)) continue;
      return std::nullopt;
    }
    if (seen.insert(e.id()).second) kept.push_back(e);
  }
  return kept;
}

}  // namespace

Expr conjunction(ExprContext& ctx, std::span<const Expr> parts) {
  const auto kept = operands(parts, true);
  return kept ? ctx.mkAnd(*kept) : ctx.boolVal(false);
}

Expr disjunction(ExprContext& ctx, std::span<const Expr> parts) {
  const auto kept = operands(parts, false);
  return kept ? ctx.mkOr(*kept) : ctx.boolVal(true);
}

}  // namespace symseq
