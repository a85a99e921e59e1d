#pragma once
// A solver's answer for a set of variables, in the order they were requested.
#include <utility>
#include <vector>

#include "symseq/expr/Valuation.h"

#pragma GCC visibility push(default)

namespace symseq {

class Model {
 public:
  void add(Expr var, Value value) { entries_.emplace_back(var, std::move(value)); }
  [[nodiscard]] const Value* find(Expr var) const;
  [[nodiscard]] const std::vector<std::pair<Expr, Value>>& entries() const { return entries_; }
  [[nodiscard]] Valuation toValuation() const;

 private:
  std::vector<std::pair<Expr, Value>> entries_;
};

}  // namespace symseq

#pragma GCC visibility pop
