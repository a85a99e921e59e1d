#include "symseq/plugin/PluginDescriptor.h"
#include "symseq/plugin/Strategy.h"

namespace symseq {

std::string_view toString(PluginKind k) {
  switch (k) {
    case PluginKind::Frontend: return "frontend";
    case PluginKind::Solver: return "solver";
    case PluginKind::Strategy: return "strategy";
    case PluginKind::Heuristic: return "heuristic";
  }
  return "?";
}

std::string_view toString(UncoveredReason r) {
  switch (r) {
    case UncoveredReason::InfeasibleWithinBound: return "infeasible-within-bound";
    case UncoveredReason::BudgetExhausted: return "budget-exhausted";
  }
  return "?";
}

}  // namespace symseq
