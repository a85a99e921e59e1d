#include "symseq/summary/CallRecord.h"

#include <unordered_set>
#include <vector>

namespace symseq {

bool appliesFunction(Expr term, FunctionKind kind) {
  std::vector<Expr> stack{term};
  std::unordered_set<std::uint32_t> seen{term.id()};  // a DAG: visit shared sub-terms once
  while (!stack.empty()) {
    const Expr e = stack.back();
    stack.pop_back();
    if (e.op() == Op::Apply && e.function().kind() == kind) return true;
    for (Expr c : e.children())
      if (seen.insert(c.id()).second) stack.push_back(c);
  }
  return false;
}

Expr CallExtractor::rewrite(Expr root) {
  // Bottom-up, so that arguments are rewritten (innermost calls first) before the call.
  return rewriteBottomUp(
      root,
      [this](Expr e, std::span<const Expr> kids, bool changed) {
        if (e.op() != Op::Apply || e.function().kind() != FunctionKind::External)
          return changed ? withChildren(ctx_, e, kids) : e;
        // Equal calls share a result: the rewritten application is the key.
        const Expr key = changed ? withChildren(ctx_, e, kids) : e;
        if (auto it = results_.find(key.id()); it != results_.end()) return it->second;
        const FunctionDecl& f = e.function();
        const Expr result = ctx_.var(f.name() + "@" + std::to_string(depth_) + "." + std::to_string(calls_.size()), f.result());
        calls_.push_back({&f, std::vector<Expr>(kids.begin(), kids.end()), result});
        results_.emplace(key.id(), result);
        return result;
      },
      done_);
}

}  // namespace symseq
