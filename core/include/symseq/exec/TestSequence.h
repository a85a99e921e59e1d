#pragma once
// A concrete test: the values a tester feeds the system, step by step, and what it must observe.
// exec/Replay.h says how a sequence runs on the model.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "symseq/expr/Valuation.h"
#include "symseq/ir/TransitionSystem.h"

#pragma GCC visibility push(default)

namespace symseq {

// A value emitted on an output channel (an IOSTS `c!(t1, ..., tn)`), observed or expected.
struct OutputEvent {
  std::uint32_t channel = 0;  // index into TransitionSystem::channels
  std::vector<Value> values;
  friend bool operator==(const OutputEvent&, const OutputEvent&) = default;
};

// One step of a test: the input transition taken and the values it reads. `path`, when given,
// names the transitions the step is meant to fire (the input transition first, then the internal
// ones), for models with nondeterministic choices. `expectedOutputs`, when given, are the outputs
// the step must emit (replay checks them).
struct TestStep {
  std::optional<std::uint32_t> channel;  // index into TransitionSystem::channels; any when absent
  Valuation inputs;
  std::vector<TransitionId> path;
  std::optional<std::vector<OutputEvent>> expectedOutputs;
};

// A result a test assumes of a program known by its contract (a row of the test's witness
// table): replay evaluates the program's calls through these rows.
struct ProgramResult {
  const FunctionDecl* program = nullptr;
  std::vector<Value> args;
  Value result;
  friend bool operator==(const ProgramResult&, const ProgramResult&) = default;
};

struct TestSequence {
  Valuation initial;  // values of state variables the model leaves unconstrained
  std::vector<TestStep> steps;
  // Internal and output transitions to fire before the first step, exactly (possibly none);
  // when absent, the first enabled ones fire (exec/Replay.h).
  std::optional<std::vector<TransitionId>> prefix;
  std::optional<std::vector<OutputEvent>> prefixOutputs;  // expected from the prefix, when given
  // The programs' results the test assumes (its witness table); a call without a row fails replay.
  std::vector<ProgramResult> programResults;
  // Tests of one group assume the same result for equal arguments, so one implementation of the
  // programs can pass them all; tests of different groups conflict (iosts-program-contracts.md, Def 9).
  std::uint32_t group = 0;
  // Who found it (e.g. "symtest path search", "symtest heuristic 'permute-edges'", "bounded model
  // check", "tree search"; the kernel writes the strategy's name when a strategy leaves it empty)
  // and what is proven of its length in steps: `lengthLowerBound` is a proven lower bound on the
  // steps of any single sequence taking the targets this one is reported for, and
  // `lengthProvenMinimal` says the sequence reaches it (no shorter one takes those targets).
  std::string foundBy{};
  bool lengthProvenMinimal = false;
  std::optional<std::uint32_t> lengthLowerBound{};
};

}  // namespace symseq

#pragma GCC visibility pop
