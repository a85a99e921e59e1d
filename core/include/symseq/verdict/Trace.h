#pragma once
// An observed trace (a recorded run of a system under test): a sequence of events, each an input
// the tester sent on a channel with its values, an output the system emitted with its values, or
// quiescence (δ: the tester waited and the system emitted nothing).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "symseq/expr/Value.h"
#include "symseq/ir/TransitionSystem.h"
#include "symseq/support/Error.h"

#pragma GCC visibility push(default)

namespace symseq {

enum class EventKind : std::uint8_t { Input, Output, Quiescence };

struct TraceEvent {
  EventKind kind = EventKind::Quiescence;
  std::uint32_t channel = 0;        // index into TransitionSystem::channels; unused for Quiescence
  std::vector<Value> values;        // one per channel parameter, of its sort
  std::optional<SourceLocation> where;  // in the trace file, for messages
};

struct Trace {
  std::vector<TraceEvent> events;
};

// Throws Error at the event when its channel is out of range or of the other direction, or its
// values do not match the channel's parameters in number and sort.
void checkTrace(const TransitionSystem& system, const Trace& trace);

// `coin?(100)`, `screen!(Add)` (enumeration literals by name), `δ`.
[[nodiscard]] std::string describe(const TransitionSystem& system, const TraceEvent& event);

}  // namespace symseq

#pragma GCC visibility pop
