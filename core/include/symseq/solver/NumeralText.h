#pragma once
// Exact numbers from the decimal text SMT solvers print ("-42", "7/3"). Both z3 and cvc5 give
// model values as text because they may exceed 64 bits; going through a machine integer or a
// double would silently lose them.
#include <string_view>

#include "symseq/expr/Value.h"

#pragma GCC visibility push(default)

namespace symseq {

// "[-]digits"; throws SolverError for anything else.
[[nodiscard]] BigInt parseIntegerText(std::string_view text);
// "[-]digits" or "[-]digits/digits" with a non-zero denominator; throws SolverError otherwise.
[[nodiscard]] Rational parseRationalText(std::string_view text);

}  // namespace symseq

#pragma GCC visibility pop
