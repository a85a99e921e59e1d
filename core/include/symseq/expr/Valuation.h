#pragma once
// A Valuation gives variables concrete values (a solver model, a test step, a replay state).
// Iteration is in variable creation order, so printing one is deterministic.
#include <functional>
#include <map>
#include <span>

#include "symseq/expr/Expr.h"
#include "symseq/expr/FunctionDecl.h"

#pragma GCC visibility push(default)

namespace symseq {

class Valuation {
 public:
  // Throws SortError when the value's sort is not the variable's.
  void set(Expr var, Value value);
  [[nodiscard]] const Value* find(Expr var) const;
  [[nodiscard]] bool contains(Expr var) const { return find(var) != nullptr; }
  [[nodiscard]] std::size_t size() const { return values_.size(); }
  [[nodiscard]] auto begin() const { return values_.begin(); }
  [[nodiscard]] auto end() const { return values_.end(); }

 private:
  std::map<Expr, Value, ExprIdLess> values_;
};

// Concrete implementations of external functions, for evaluation and replay.
// An implementation may throw EvalError (for example when the real function reports failure).
using ExternalFunction = std::function<Value(std::span<const Value> args)>;

class FunctionInterpretations {
 public:
  void set(const FunctionDecl& f, ExternalFunction impl);
  [[nodiscard]] const ExternalFunction* find(const FunctionDecl& f) const;

 private:
  std::map<std::uint32_t, ExternalFunction> byId_;  // FunctionDecl::id
};

}  // namespace symseq

#pragma GCC visibility pop
