#pragma once
// Why a target has no test: the two answers a search may give (docs/results.md).
#include <cstdint>
#include <string_view>

#pragma GCC visibility push(default)

namespace symseq {

// ExcludedByAssumption: coverable, but only by tests the run file's [assume] constraints exclude.
// Interrupted: the user stopped the run (Ctrl-C) before the strategy was done with the target.
enum class UncoveredReason : std::uint8_t { InfeasibleWithinBound, BudgetExhausted, ExcludedByAssumption, Interrupted };
// "infeasible-within-bound", "budget-exhausted", "excluded-by-assumption", "interrupted"
[[nodiscard]] std::string_view toString(UncoveredReason r);

}  // namespace symseq

#pragma GCC visibility pop
