#include "symseq/exec/UncoveredReason.h"

namespace symseq {

std::string_view toString(UncoveredReason r) {
  switch (r) {
    case UncoveredReason::InfeasibleWithinBound: return "infeasible-within-bound";
    case UncoveredReason::BudgetExhausted: return "budget-exhausted";
    case UncoveredReason::ExcludedByAssumption: return "excluded-by-assumption";
    case UncoveredReason::Interrupted: return "interrupted";
    case UncoveredReason::SolverUnknown: return "solver-unknown";
  }
  return "?";
}

}  // namespace symseq
