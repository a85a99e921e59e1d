#pragma once
// Contract validation at load (seed-requirements A1): disjointness (an overlap of two behaviours
// is an error), completeness (a gap is a warning: such inputs make the call impossible) and dead
// behaviours (a precondition and postcondition that cannot hold together: a warning), each with
// a witness, relative to the axioms and the parameters' domains (enumeration ranges: a parameter
// or frozen variable in TransitionSystem::variableEnumerations ranges over 0..k-1).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "symseq/expr/Valuation.h"
#include "symseq/ir/TransitionSystem.h"
#include "symseq/solver/Solver.h"

#pragma GCC visibility push(default)

namespace symseq {

enum class ContractFindingKind : std::uint8_t { Overlap, Incomplete, DeadBehavior, Unknown };

struct ContractFinding {
  ContractFindingKind kind = ContractFindingKind::Overlap;
  // Overlap: the two; DeadBehavior: the one; Incomplete: none. Unknown: those of the query the
  // solver did not decide (two: an overlap query, one: a dead-behaviour query, none: completeness).
  std::vector<std::string> behaviors;
  Valuation witness;   // parameter (and frozen) values showing it; empty for dead and unknown ones
  std::string reason;  // Unknown only: the solver's reason ("timeout", ...)
  [[nodiscard]] bool isError() const { return kind == ContractFindingKind::Overlap; }
  // One line, for users; enumeration values print as their literals, so it needs the system.
  // "behaviours tea and coffee of Price overlap, e.g. at x1 = tea"
  [[nodiscard]] std::string describe(const TransitionSystem& system, const Contract& contract) const;
};

// `disjoint` and `complete` hold only when proved (the queries answered Unsat): an Unknown answer
// leaves them false, with an Unknown finding saying which query was not decided.
struct ContractCheck {
  const Contract* contract = nullptr;
  bool disjoint = true;
  bool complete = true;
  std::vector<ContractFinding> findings;
};

// One check per contract with behaviours, in declaration order. Queries: k(k-1)/2 + k + 1 each,
// each in its own push/pop scope; the solver is left at the level it was found (also on a throw).
[[nodiscard]] std::vector<ContractCheck> checkContracts(const TransitionSystem& system, Solver& solver);

}  // namespace symseq

#pragma GCC visibility pop
