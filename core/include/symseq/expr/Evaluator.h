#pragma once
// Concrete evaluation of any expression: checks solver models and replays generated tests.
// Semantics follow SMT-LIB: Int / and % are Euclidean; bit-vector division by zero gives all
// ones and remainder by zero gives the dividend. Int or Real division by zero, a variable
// without a value, or a function without an interpretation throws EvalError.
#include "symseq/expr/Valuation.h"

#pragma GCC visibility push(default)

namespace symseq {

[[nodiscard]] Value evaluate(Expr e, const Valuation& values, const FunctionInterpretations* functions = nullptr);

}  // namespace symseq

#pragma GCC visibility pop
