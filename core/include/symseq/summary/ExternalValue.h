#pragma once
// Values across the C convention of external functions (symseq/external.h): one conversion for
// in-process and isolated calls, so both give the same results.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <span>
#include <string>

#include "symseq/expr/FunctionDecl.h"
#include "symseq/expr/Value.h"
#include "symseq/external.h"
#include "symseq/support/Error.h"

#pragma GCC visibility push(default)

namespace symseq {

// Throws EvalError when `v` does not fit the convention (an int beyond int64_t, a bit-vector);
// `index` counts the function's arguments from 0, for the message.
symseq_value toExternalValue(const Value& v, const std::string& function, std::size_t index);
// Reals read as the shortest decimal that rounds to the double (0.97, not 0.9699999999999999734);
// throws EvalError on a real that is not finite or a bit-vector sort.
Value fromExternalValue(const symseq_value& v, Sort sort, const std::string& function);

// What running the C function answered: its return code and result. `run` throws EvalError when
// there was no answer (an isolated call whose process died or timed out).
using ExternalRun = std::function<std::int32_t(std::span<const symseq_value> in, symseq_value& out)>;
// A call of `f` with `args`: converted in, run, converted out; a non-zero code is an EvalError
// naming the call.
Value callExternal(const FunctionDecl& f, std::span<const Value> args, const ExternalRun& run);

// The error for a library that lacks the symbol bound to `f`.
[[nodiscard]] ConfigError missingExternalSymbol(const std::filesystem::path& library, const std::string& symbol,
                                                const FunctionDecl& f);

}  // namespace symseq

#pragma GCC visibility pop
