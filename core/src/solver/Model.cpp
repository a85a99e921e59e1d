#include "symseq/solver/Model.h"

#include "symseq/solver/Solver.h"

namespace symseq {

const Value* Model::find(Expr var) const {
  for (const auto& [v, value] : entries_)
    if (v == var) return &value;
  return nullptr;
}

Valuation Model::toValuation() const {
  Valuation out;
  for (const auto& [v, value] : entries_) out.set(v, value);
  return out;
}

std::string_view toString(CheckResult r) {
  switch (r) {
    case CheckResult::Sat: return "sat";
    case CheckResult::Unsat: return "unsat";
    case CheckResult::Unknown: return "unknown";
  }
  return "?";
}

}  // namespace symseq
