#include "symseq/writing/Trace.h"

namespace symseq {

std::vector<TraceEvent> traceOf(const TestSequence& s, const TransitionSystem& system) {
  std::vector<TraceEvent> events;
  if (!s.prefix) return events;
  auto add = [&](const std::vector<TransitionId>& path, const TestStep* step,
                 const std::optional<std::vector<OutputEvent>>& outputs) {
    std::size_t nextOutput = 0;
    for (TransitionId id : path) {
      const ActionKind kind = system.transitions[id].action.kind;
      TraceEvent e{id};
      if (kind == ActionKind::Input) e.input = step;
      if (kind == ActionKind::Output && outputs && nextOutput < outputs->size()) e.output = &(*outputs)[nextOutput++];
      events.push_back(e);
    }
  };
  add(*s.prefix, nullptr, s.prefixOutputs);
  for (const TestStep& step : s.steps) add(step.path, &step, step.expectedOutputs);
  return events;
}

}  // namespace symseq
