#include "symseq/solver/VariableSets.h"

#include <algorithm>
#include <unordered_set>

namespace symseq {

const std::vector<Expr>& VariableSets::of(Expr e) {
  if (const auto it = memo_.find(e.id()); it != memo_.end()) return it->second;
  // Iterative walk over the DAG, each node once: path conditions are deep chains of sums.
  std::vector<Expr> vars;
  std::unordered_set<std::uint32_t> seen;
  std::vector<Expr> todo{e};
  while (!todo.empty()) {
    const Expr n = todo.back();
    todo.pop_back();
    if (!seen.insert(n.id()).second) continue;
    if (n.isVar() || n.op() == Op::Apply) vars.push_back(n);
    for (Expr c : n.children()) todo.push_back(c);
  }
  std::sort(vars.begin(), vars.end(), ExprIdLess{});
  return memo_.emplace(e.id(), std::move(vars)).first->second;
}

std::vector<Expr> VariableSets::of(std::span<const Expr> exprs) {
  std::vector<Expr> all;
  for (Expr e : exprs) {
    const std::vector<Expr>& v = of(e);
    all.insert(all.end(), v.begin(), v.end());
  }
  std::sort(all.begin(), all.end(), ExprIdLess{});
  all.erase(std::unique(all.begin(), all.end()), all.end());
  return all;
}

Value someValue(Sort sort) {
  switch (sort.kind()) {
    case SortKind::Bool: return Value::boolean(false);
    case SortKind::Int: return Value::integer(0);
    case SortKind::Real: return Value::real(0);
    case SortKind::BitVec: return Value::bitVec(sort.width(), 0);
  }
  return Value::boolean(false);
}

}  // namespace symseq
