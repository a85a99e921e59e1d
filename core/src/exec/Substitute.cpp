#include "symseq/exec/Substitute.h"

#include <unordered_map>
#include <vector>

namespace symseq {

Expr substitute(ExprContext& ctx, Expr root, const Substitution& s) {
  if (s.empty()) return root;
  std::unordered_map<std::uint32_t, Expr> done;  // by node id
  // Iterative post-order: a node is rebuilt once all its children are done.
  std::vector<std::pair<Expr, bool>> stack{{root, false}};
  std::vector<Expr> kids;
  while (!stack.empty()) {
    auto [e, expanded] = stack.back();
    stack.pop_back();
    if (done.contains(e.id())) continue;
    if (e.isVar()) {
      auto it = s.find(e);
      done.emplace(e.id(), it == s.end() ? e : it->second);
      continue;
    }
    if (e.arity() == 0) {
      done.emplace(e.id(), e);
      continue;
    }
    if (!expanded) {
      stack.emplace_back(e, true);
      for (Expr c : e.children())
        if (!done.contains(c.id())) stack.emplace_back(c, false);
      continue;
    }
    kids.clear();
    bool changed = false;
    for (Expr c : e.children()) {
      kids.push_back(done.at(c.id()));
      changed = changed || kids.back() != c;
    }
    Expr rebuilt = !changed ? e : e.op() == Op::Apply ? ctx.apply(e.function(), kids) : ctx.make(e.op(), kids);
    done.emplace(e.id(), rebuilt);
  }
  return done.at(root.id());
}

}  // namespace symseq
