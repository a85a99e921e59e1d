#pragma once
// Bit-vector operators on concrete values, per SMT-LIB's QF_BV definitions. Internal to the
// evaluator.
#include <vector>

#include "symseq/expr/Op.h"
#include "symseq/expr/Value.h"

namespace symseq::bv {

// `width` is the operands' width; predicates return a Bool value. Throws EvalError for an
// operator that is not a bit-vector one.
[[nodiscard]] Value apply(Op op, std::uint32_t width, const std::vector<const Value*>& args);

}  // namespace symseq::bv
