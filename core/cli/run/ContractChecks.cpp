#include "symseq/run/ContractChecks.h"

#include "symseq/contracts/Check.h"

namespace symseq {

std::vector<ModelFinding> checkModelContracts(const TransitionSystem& system, Solver& solver) {
  std::vector<ModelFinding> findings;
  for (const ContractCheck& check : checkContracts(system, solver)) {
    for (const ContractFinding& f : check.findings) {
      const std::string message = f.describe(system, *check.contract);
      if (f.isError())
        throw Error(message, check.contract->where,
                    "the paper's contracts are disjoint: strengthen an assumes clause so that at most one behaviour "
                    "applies to any input");
      const char* kind = f.kind == ContractFindingKind::Incomplete     ? "contract-incomplete"
                         : f.kind == ContractFindingKind::DeadBehavior ? "contract-dead-behavior"
                                                                       : "contract-unknown";
      findings.push_back({kind, message, check.contract->where});
    }
  }
  return findings;
}

}  // namespace symseq
