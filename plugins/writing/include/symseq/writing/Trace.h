#pragma once
// A sequence that names its transitions (tree strategies), as the writers show it: one event per
// transition, with the step whose inputs it reads or the output it must emit.
#include <vector>

#include "symseq/ir/TransitionSystem.h"
#include "symseq/exec/TestSequence.h"

#pragma GCC visibility push(default)

namespace symseq {

struct TraceEvent {
  TransitionId transition = 0;
  const TestStep* input = nullptr;      // input transitions: the step holding the values
  const OutputEvent* output = nullptr;  // output transitions: the expected output, when known
};

// The prefix, then every step's path; empty when the sequence names no prefix.
[[nodiscard]] std::vector<TraceEvent> traceOf(const TestSequence& s, const TransitionSystem& system);

}  // namespace symseq

#pragma GCC visibility pop
