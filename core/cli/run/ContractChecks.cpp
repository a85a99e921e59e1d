#include "symseq/run/ContractChecks.h"

#include "symseq/contracts/Check.h"

namespace symseq {

std::vector<ModelFinding> checkModelContracts(const TransitionSystem& system, Solver& solver) {
  std::vector<ModelFinding> findings;
  for (const ContractCheck& check : checkContracts(system, solver)) {
    for (const ContractFinding& f : check.findings) {
      const std::string message = f.describe(system, *check.contract);
      // The paper's contracts are disjoint, and one that says so must be. Inferred contracts are
      // generally not (two calls may take equal arguments) and do not say so: there an overlap is
      // a finding, and a call whose arguments meet both preconditions gets both children.
      if (f.isError() && check.contract->declaredDisjoint)
        throw Error(message + ", although the contract declares 'disjoint behaviors'", check.contract->where,
                    "strengthen an assumes clause so that at most one behaviour applies to any input");
      const char* kind = f.kind == ContractFindingKind::Overlap        ? "contract-overlap"
                         : f.kind == ContractFindingKind::Incomplete   ? "contract-incomplete"
                         : f.kind == ContractFindingKind::DeadBehavior ? "contract-dead-behavior"
                                                                       : "contract-unknown";
      findings.push_back({kind, message, check.contract->where});
    }
  }
  return findings;
}

}  // namespace symseq
