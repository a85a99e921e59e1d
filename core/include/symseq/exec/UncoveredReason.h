#pragma once
// Why a target has no test (docs/results.md).
#include <cstdint>
#include <string_view>

#pragma GCC visibility push(default)

namespace symseq {

// ExcludedByAssumption: coverable, but only by tests the run file's [assume] constraints exclude.
// Interrupted: the user stopped the run (Ctrl-C, SIGTERM) before the strategy was done with the target.
// SolverUnknown: the solver answered unknown (e.g. at its per-query limit) on the queries that
// would have taken or refuted the target, within the budgets; the search went on without it.
enum class UncoveredReason : std::uint8_t { InfeasibleWithinBound, BudgetExhausted, ExcludedByAssumption, Interrupted, SolverUnknown };
// "infeasible-within-bound", "budget-exhausted", "excluded-by-assumption", "interrupted", "solver-unknown"
[[nodiscard]] std::string_view toString(UncoveredReason r);

}  // namespace symseq

#pragma GCC visibility pop
