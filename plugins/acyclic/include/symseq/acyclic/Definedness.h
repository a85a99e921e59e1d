#pragma once
// When concrete evaluation of a model expression succeeds. SMT-LIB makes x / 0 a value, but the
// kernel's evaluator (and so replay) stops with an error on an Int or Real division or remainder
// by zero, so a sequence the solver finds through one would not replay. The encoding asks for
// this condition wherever replay evaluates an expression.
#include <map>

#include "symseq/expr/ExprContext.h"

#pragma GCC visibility push(default)

namespace symseq {

class Definedness {
 public:
  explicit Definedness(ExprContext& ctx) : ctx_(ctx) {}

  // A Bool over the variables of `e` that holds exactly when evaluating `e` raises no division
  // error, following the evaluator's order: ?:, &&, || and => evaluate only the operands they
  // need. `true` (the literal) for the common expression without such a division.
  [[nodiscard]] Expr of(Expr e);

 private:
  ExprContext& ctx_;
  std::map<std::uint32_t, Expr> memo_;  // by expression id
};

}  // namespace symseq

#pragma GCC visibility pop
