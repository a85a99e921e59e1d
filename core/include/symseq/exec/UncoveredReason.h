#pragma once
// Why a target has no test: the two answers a search may give (docs/results.md).
#include <cstdint>
#include <string_view>

#pragma GCC visibility push(default)

namespace symseq {

// ExcludedByAssumption: coverable, but only by tests the run file's [assume] constraints exclude.
enum class UncoveredReason : std::uint8_t { InfeasibleWithinBound, BudgetExhausted, ExcludedByAssumption };
// "infeasible-within-bound", "budget-exhausted", "excluded-by-assumption"
[[nodiscard]] std::string_view toString(UncoveredReason r);

}  // namespace symseq

#pragma GCC visibility pop
