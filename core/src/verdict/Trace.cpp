#include "symseq/verdict/Trace.h"

namespace symseq {

void checkTrace(const TransitionSystem& system, const Trace& trace) {
  for (std::size_t i = 0; i < trace.events.size(); ++i) {
    const TraceEvent& e = trace.events[i];
    const std::string which = "event " + std::to_string(i + 1);
    if (e.kind == EventKind::Quiescence) {
      if (!e.values.empty()) throw Error(which + ": quiescence carries no values", e.where, "drop its values");
      continue;
    }
    if (e.channel >= system.channels.size())
      throw Error(which + ": channel " + std::to_string(e.channel) + " is out of range", e.where);
    const Channel& c = system.channels[e.channel];
    const bool input = e.kind == EventKind::Input;
    if ((c.direction == ChannelDirection::Input) != input)
      throw Error(which + ": '" + c.name + "' is an " + (input ? "output" : "input") + " channel", e.where,
                  input ? "an input is sent on an input channel; write {\"output\": \"" + c.name + "\", ...}"
                        : "an output is observed on an output channel; write {\"input\": \"" + c.name + "\", ...}");
    if (e.values.size() != c.params.size())
      throw Error(which + ": '" + c.name + "' carries " + std::to_string(c.params.size()) + " value(s), the event gives " +
                      std::to_string(e.values.size()),
                  e.where, "give one value per parameter of the channel");
    for (std::size_t k = 0; k < e.values.size(); ++k)
      if (e.values[k].sort() != c.params[k])
        throw Error(which + ": value " + std::to_string(k + 1) + " of '" + c.name + "' has sort " +
                        e.values[k].sort().toString() + ", expected " + c.params[k].toString(),
                    e.where);
  }
}

std::string describe(const TransitionSystem& system, const TraceEvent& event) {
  if (event.kind == EventKind::Quiescence) return "δ";
  const Channel& c = system.channels.at(event.channel);
  std::string out = c.name + (event.kind == EventKind::Input ? "?" : "!") + "(";
  for (std::size_t k = 0; k < event.values.size(); ++k)
    out += (k ? ", " : "") + system.valueText(event.channel, static_cast<std::uint32_t>(k), event.values[k]);
  return out + ")";
}

}  // namespace symseq
