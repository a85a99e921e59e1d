#include "symseq/writing/Dates.h"

#include "symseq/exec/Replay.h"
#include "symseq/expr/Evaluator.h"

namespace symseq {

namespace {

std::optional<Value> dateIn(const TransitionSystem& system, const Valuation& state) {
  try {
    return evaluate(*system.date, state);
  } catch (const Error&) {
    return std::nullopt;
  }
}

// The state before the first step: initial values, or the test's own for the free ones.
Valuation startOf(const TestSequence& s, const TransitionSystem& system) {
  Valuation start;
  for (const VariableDecl& v : system.variables) {
    if (v.role != VariableRole::State) continue;
    if (v.initial) {
      try {
        start.set(v.var, evaluate(*v.initial, Valuation{}));
      } catch (const Error&) {
      }
    } else if (const Value* given = s.initial.find(v.var)) {
      start.set(v.var, *given);
    }
  }
  return start;
}

}  // namespace

std::optional<SequenceDates> datesOf(const TestSequence& s, const TransitionSystem& system) {
  if (!system.date) return std::nullopt;
  SequenceDates dates{dateIn(system, startOf(s, system)), {}};
  const ReplayResult replayed = replay(system, s);
  for (std::size_t k = 0; k < s.steps.size(); ++k)
    dates.afterSteps.push_back(k < replayed.steps.size() ? dateIn(system, replayed.steps[k].after) : std::nullopt);
  return dates;
}

}  // namespace symseq
