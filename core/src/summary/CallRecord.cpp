#include "symseq/summary/CallRecord.h"

#include <unordered_set>
#include <vector>

namespace symseq {

bool callsExternal(Expr term) {
  std::vector<Expr> stack{term};
  std::unordered_set<std::uint32_t> seen{term.id()};  // a DAG: visit shared sub-terms once
  while (!stack.empty()) {
    const Expr e = stack.back();
    stack.pop_back();
    if (e.op() == Op::Apply && e.function().kind() == FunctionKind::External) return true;
    for (Expr c : e.children())
      if (seen.insert(c.id()).second) stack.push_back(c);
  }
  return false;
}

Expr CallExtractor::rewrite(Expr root) {
  // Iterative post-order, so that arguments are rewritten (innermost calls first) before the call.
  std::vector<std::pair<Expr, bool>> stack{{root, false}};
  std::vector<Expr> kids;
  while (!stack.empty()) {
    auto [e, expanded] = stack.back();
    stack.pop_back();
    if (done_.contains(e)) continue;
    if (e.arity() == 0) {
      done_.emplace(e, e);
      continue;
    }
    if (!expanded) {
      stack.emplace_back(e, true);
      for (Expr c : e.children())
        if (!done_.contains(c)) stack.emplace_back(c, false);
      continue;
    }
    kids.clear();
    bool changed = false;
    for (Expr c : e.children()) {
      kids.push_back(done_.at(c));
      changed = changed || kids.back() != c;
    }
    if (e.op() == Op::Apply && e.function().kind() == FunctionKind::External) {
      const FunctionDecl& f = e.function();
      // Equal calls share a result: the rewritten application is the key.
      const Expr key = changed ? ctx_.apply(f, kids) : e;
      if (auto it = done_.find(key); it != done_.end() && key != e) {
        done_.emplace(e, it->second);
        continue;
      }
      const Expr result = ctx_.var(f.name() + "@" + std::to_string(depth_) + "." + std::to_string(calls_.size()), f.result());
      calls_.push_back({&f, kids, result});
      done_.emplace(e, result);
      if (key != e) done_.emplace(key, result);
      continue;
    }
    done_.emplace(e, !changed ? e : e.op() == Op::Apply ? ctx_.apply(e.function(), kids) : ctx_.make(e.op(), kids));
  }
  return done_.at(root);
}

}  // namespace symseq
