#pragma once
// A program's real implementation against its contract (iosts-program-contracts.md, Definition 3),
// on the calls the reported tests assume: each call is run, and a result that the behaviour whose
// precondition holds does not ensure is a violation by the implementation. Replay itself reads the
// tests' witness tables, so a violation is a finding about the implementation, not a replay failure.
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "symseq/exec/TestSequence.h"
#include "symseq/ir/TransitionSystem.h"

#pragma GCC visibility push(default)

namespace symseq {

struct ContractViolation {
  const Contract* contract = nullptr;
  std::vector<Value> args;
  std::optional<Value> returned;  // none when the implementation failed
  std::string message;            // one line: the call, the result and the behaviour violated
};

// One violation per distinct call at most, in the order the tests make the calls. Programs
// without an implementation in `implementations` are skipped.
[[nodiscard]] std::vector<ContractViolation> checkImplementations(const TransitionSystem& system,
                                                                  std::span<const TestSequence> tests,
                                                                  const FunctionInterpretations& implementations);

}  // namespace symseq

#pragma GCC visibility pop
