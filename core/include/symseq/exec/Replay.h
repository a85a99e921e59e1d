#pragma once
// Concrete replay of a test sequence on the IR: the kernel's check of every sequence a strategy
// proposes. Coverage is what replay saw.
//
// How a sequence runs:
//  1. The state starts at the initial location; state variables take their initial values, or
//     the sequence's `initial` values when the model leaves them unconstrained.
//  2. Internal closure: while an internal or output transition is enabled at the current
//     location, fire the first enabled in declaration order. Closure runs before the first step
//     (unless the sequence names its `prefix`, which then fires exactly) and after each step
//     that names no `path`.
//  3. Each step fires one input transition: on the step's channel (any, when absent), binding the
//     step's values to the transition's input variables, with a guard that holds. A step with a
//     `path` fires exactly those transitions, each of which must be enabled.
//  4. Where a step (or the prefix) gives expected outputs, the emitted ones must equal them.
//  5. The model's components (TransitionSystem::components, designs) keep their invariants on
//     every path (seed-requirements 3.3): no port holds a value at the start; a transition that
//     sets a port's `available` to false (a consumption) needs it true before; one that assigns
//     its `buffer` needs it false before (a one-place buffer is never overwritten); and a
//     component's date after each of its observations that is a system step (internal or output:
//     its basic programs, deliveries into its ports) is strictly greater than at its previous
//     one, the initial state counting as the first; after an input observation (time passing,
//     an environment input, which the paper's stuttering step joins with a date increase but the
//     IR splits off) it is not smaller. A violation fails replay naming the component, the port
//     or transition, and the step.
// Updates run in order, each seeing the previous ones; outputs are evaluated before the updates.
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "symseq/ir/TransitionSystem.h"
#include "symseq/exec/TestSequence.h"

#pragma GCC visibility push(default)

namespace symseq {

struct ReplayLimits {
  // Internal transitions fired in a row without an input; more means a loop the test cannot leave.
  std::uint32_t maxInternalSteps = 10'000;
};

struct ReplayedStep {
  std::vector<TransitionId> fired;      // in firing order, the input transition first
  std::vector<OutputEvent> outputs;  // outputs emitted during the step
  Valuation after{};                 // the state once the step ran (a date column reads it)
};

struct ReplayResult {
  bool completed = false;    // every step ran as described
  std::string failure;       // when not: which step and why
  std::vector<TransitionId> prefix;     // transitions fired before the first step
  std::vector<OutputEvent> prefixOutputs;
  std::vector<ReplayedStep> steps;      // one per step that ran
  std::set<TransitionId> covered;       // every transition fired
  LocationId finalLocation = 0;
  Valuation finalState;
};

// `base` (when given) plus every program of `system`, whose calls read `rows` (a test's witness
// table): a call without a row throws EvalError naming it.
[[nodiscard]] FunctionInterpretations withProgramResults(const TransitionSystem& system, std::vector<ProgramResult> rows,
                                                         const FunctionInterpretations* base = nullptr);

[[nodiscard]] ReplayResult replay(const TransitionSystem& system, const TestSequence& sequence,
                                  const FunctionInterpretations* functions = nullptr,
                                  const ReplayLimits& limits = {});

// `sequence` with its last step's `path` (when it names one) extended by the closure replay runs
// after a step that names none: the internal and output transitions that fire after the test's
// last input, so a test run on the real system also observes the outputs the model predicts
// there (a target covered by an input transition ends a tree test before its reaction). The
// sequence is returned unchanged when that closure fires nothing, does not replay, or would take
// another input transition than the planned one.
[[nodiscard]] TestSequence withFinalReaction(const TransitionSystem& system, TestSequence sequence,
                                             const FunctionInterpretations* functions = nullptr,
                                             const ReplayLimits& limits = {});

}  // namespace symseq

#pragma GCC visibility pop
