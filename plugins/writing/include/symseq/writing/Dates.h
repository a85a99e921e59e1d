#pragma once
// The model's date (TransitionSystem::date: a design's `time0 + elapsed`) along a test, as
// replaying it shows: the writers' date column (result.txt) and `dates` (result.json).
#include <optional>
#include <vector>

#include "symseq/exec/TestSequence.h"
#include "symseq/expr/Value.h"
#include "symseq/ir/TransitionSystem.h"

#pragma GCC visibility push(default)

namespace symseq {

// The date at the start and after each step; none where replay did not get that far or the date
// cannot be evaluated.
struct SequenceDates {
  std::optional<Value> start;
  std::vector<std::optional<Value>> afterSteps;  // one per step of the sequence
};

// None when the model has no date.
[[nodiscard]] std::optional<SequenceDates> datesOf(const TestSequence& s, const TransitionSystem& system);

}  // namespace symseq

#pragma GCC visibility pop
