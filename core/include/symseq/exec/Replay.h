#pragma once
// Concrete replay of a test sequence on the IR: the kernel's check of every sequence a strategy
// proposes. Coverage is what replay saw.
//
// How a sequence runs:
//  1. The state starts at the initial location; state variables take their initial values, or
//     the sequence's `initial` values when the model leaves them unconstrained.
//  2. Internal closure: while an internal or output transition is enabled at the current
//     location, fire it (the one the step's `path` names, else the first enabled in declaration
//     order). Closure runs before the first step and after each step.
//  3. Each step fires one input transition: on the step's channel (any, when absent), binding the
//     step's values to the transition's input variables, with a guard that holds.
// Updates run in order, each seeing the previous ones; outputs are evaluated before the updates.
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "symseq/ir/TransitionSystem.h"
#include "symseq/plugin/Strategy.h"

namespace symseq {

struct ReplayLimits {
  // Internal transitions fired in a row without an input; more means a loop the test cannot leave.
  std::uint32_t maxInternalSteps = 10'000;
};

struct ObservedOutput {
  std::uint32_t channel = 0;
  std::vector<Value> values;
};

struct ReplayedStep {
  std::vector<TransitionId> fired;      // in firing order, the input transition first
  std::vector<ObservedOutput> outputs;  // outputs emitted during the step
};

struct ReplayResult {
  bool completed = false;    // every step ran as described
  std::string failure;       // when not: which step and why
  std::vector<TransitionId> prefix;     // transitions fired by the initial closure
  std::vector<ReplayedStep> steps;      // one per step that ran
  std::set<TransitionId> covered;       // every transition fired
  LocationId finalLocation = 0;
  Valuation finalState;
};

[[nodiscard]] ReplayResult replay(const TransitionSystem& system, const TestSequence& sequence,
                                  const FunctionInterpretations* functions = nullptr,
                                  const ReplayLimits& limits = {});

}  // namespace symseq
