#pragma once
// Why a target has no test: the two answers a search may give (docs/results.md).
#include <cstdint>
#include <string_view>

#pragma GCC visibility push(default)

namespace symseq {

enum class UncoveredReason : std::uint8_t { InfeasibleWithinBound, BudgetExhausted };
[[nodiscard]] std::string_view toString(UncoveredReason r);  // "infeasible-within-bound", "budget-exhausted"

}  // namespace symseq

#pragma GCC visibility pop
