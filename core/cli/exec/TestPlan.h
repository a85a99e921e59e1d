#pragma once
// What a test expects of the system under test, step by step: the sequence replayed on the model
// (exec/Replay.h) with the programs' results it assumes, giving the inputs to send (values in the
// channel's parameter order), the outputs the model emits along the planned path, that path's
// transitions (the test purpose a verdict is given against) and the state after each step (what
// a CFG test observes).
#include <cstddef>
#include <vector>

#include "symseq/exec/Replay.h"
#include "symseq/verdict/Trace.h"

namespace symseq::exec {

struct PlannedEvent {
  TraceEvent event{};     // an input to send or an output to observe
  std::size_t step = 0;   // the test step it belongs to, 1-based; 0 before the first
};

struct TestPlan {
  std::vector<PlannedEvent> events{};
  std::vector<TransitionId> path{};        // every transition the plan fires, in order
  std::vector<Valuation> stateAfter{};     // per step
  std::vector<TraceEvent> stepInputs{};    // per step: its input event
};

// Throws Error when the sequence does not replay on the model (a result of another model or
// version), naming the step.
[[nodiscard]] TestPlan planTest(const TransitionSystem& system, const TestSequence& sequence,
                                const FunctionInterpretations* externals);

}  // namespace symseq::exec
