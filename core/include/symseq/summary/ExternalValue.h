#pragma once
// Values across the C convention of external functions (symseq/external.h): one conversion for
// in-process and isolated calls, so both give the same results.
#include <cstddef>
#include <string>

#include "symseq/expr/Value.h"
#include "symseq/external.h"

#pragma GCC visibility push(default)

namespace symseq {

// Throws EvalError when `v` does not fit the convention (an int beyond int64_t, a bit-vector);
// `index` counts the function's arguments from 0, for the message.
symseq_value toExternalValue(const Value& v, const std::string& function, std::size_t index);
// Reals read as the shortest decimal that rounds to the double (0.97, not 0.9699999999999999734);
// throws EvalError on a real that is not finite or a bit-vector sort.
Value fromExternalValue(const symseq_value& v, Sort sort, const std::string& function);

}  // namespace symseq

#pragma GCC visibility pop
