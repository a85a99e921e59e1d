#pragma once
// Contract validation at load (seed-requirements A1): disjointness (an overlap of two behaviours
// is an error), completeness (a gap is a warning: such inputs make the call impossible) and dead
// behaviours (a precondition and postcondition that cannot hold together: a warning), each with
// a witness, relative to the axioms and the parameters' domains (enumeration ranges).
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
  std::vector<std::string> behaviors;  // Overlap: the two; DeadBehavior: the one; else none
  Valuation witness;                   // parameter (and frozen) values showing it; empty for dead ones
  [[nodiscard]] bool isError() const { return kind == ContractFindingKind::Overlap; }
  [[nodiscard]] std::string describe(const Contract& contract) const;  // one line, for users
};

struct ContractCheck {
  const Contract* contract = nullptr;
  bool disjoint = true;
  bool complete = true;
  std::vector<ContractFinding> findings;
};

// One check per contract with behaviours, in declaration order. Queries: k(k-1)/2 + k + 1 each.
[[nodiscard]] std::vector<ContractCheck> checkContracts(const TransitionSystem& system, Solver& solver);

}  // namespace symseq

#pragma GCC visibility pop
