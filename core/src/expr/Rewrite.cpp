#include "symseq/expr/Rewrite.h"

#include <unordered_set>
#include <vector>

namespace symseq {

Expr rewriteBottomUp(Expr root, const Rebuild& rebuild, RewriteMemo& memo) {
  std::vector<std::pair<Expr, bool>> stack{{root, false}};
  std::vector<Expr> kids;
  while (!stack.empty()) {
    auto [e, expanded] = stack.back();
    stack.pop_back();
    if (memo.contains(e.id())) continue;
    if (e.arity() == 0) {
      memo.emplace(e.id(), rebuild(e, {}, false));
      continue;
    }
    if (!expanded) {
      stack.emplace_back(e, true);
      for (Expr c : e.children())
        if (!memo.contains(c.id())) stack.emplace_back(c, false);
      continue;
    }
    kids.clear();
    bool changed = false;
    for (Expr c : e.children()) {
      kids.push_back(memo.at(c.id()));
      changed = changed || kids.back() != c;
    }
    memo.emplace(e.id(), rebuild(e, kids, changed));
  }
  return memo.at(root.id());
}

Expr withChildren(ExprContext& ctx, Expr node, std::span<const Expr> kids) {
  return node.op() == Op::Apply ? ctx.apply(node.function(), kids) : ctx.make(node.op(), kids);
}

void collectVariables(Expr term, std::set<Expr, ExprIdLess>& out) {
  std::vector<Expr> stack{term};
  std::unordered_set<std::uint32_t> seen{term.id()};
  while (!stack.empty()) {
    const Expr e = stack.back();
    stack.pop_back();
    if (e.isVar()) out.insert(e);
    for (Expr c : e.children())
      if (seen.insert(c.id()).second) stack.push_back(c);
  }
}

}  // namespace symseq
