#include "ExportPlan.h"

#include <algorithm>
#include <boost/multiprecision/cpp_int.hpp>

#include "symseq/exec/Replay.h"
#include "symseq/support/Error.h"

namespace symseq::exporting {

namespace {

PlannedValue planned(const Value& v, const std::string* literal) {
  if (literal) return {ValueKind::Text, *literal};
  switch (v.sort().kind()) {
    case SortKind::Bool: return {ValueKind::Bool, v.asBool() ? "true" : "false"};
    case SortKind::Int: return {ValueKind::Int, v.asInt().str()};
    case SortKind::BitVec: return {ValueKind::Int, v.bits().str()};  // unsigned, as the protocol sends it
    case SortKind::Real: {
      const BigInt num = boost::multiprecision::numerator(v.asReal());
      const BigInt den = boost::multiprecision::denominator(v.asReal());  // > 0, reduced
      return {ValueKind::Real, den == 1 ? num.str() : num.str() + "/" + den.str()};
    }
  }
  return {};
}

std::string identifierOf(const std::string& name) {
  std::string id;
  for (const char c : name) id += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  if (id.empty() || std::isdigit(static_cast<unsigned char>(id[0]))) id = "m_" + id;
  return id;
}

PlannedEvent inputEvent(const TransitionSystem& system, const Transition& t, const TestStep& step, std::size_t stepNo) {
  PlannedEvent e{true, system.channels[t.action.channel].name, {}, true, {}, stepNo};
  for (Expr arg : t.action.args) {
    const Value* value = step.inputs.find(arg);
    if (!value)
      throw Error("step " + std::to_string(stepNo) + " leaves input '" + std::string(arg.name()) +
                  "' open: a test script needs every input's value");
    e.values.push_back(planned(*value, system.literalOf(arg, *value)));
  }
  return e;
}

PlannedEvent outputEvent(const TransitionSystem& system, const OutputEvent& o, std::size_t stepNo) {
  PlannedEvent e{false, system.channels[o.channel].name, {}, true, {}, stepNo};
  for (std::uint32_t i = 0; i < o.values.size(); ++i)
    e.values.push_back(planned(o.values[i], system.literalOf(o.channel, i, o.values[i])));
  return e;
}

// A sequence that names its transitions (the tree strategies' IOSTS tests): its trace, the
// outputs being those the result predicts (replay checked them with the run's functions).
PlannedTest fromTrace(const TestSequence& s, const TransitionSystem& system) {
  PlannedTest test;
  auto add = [&](const std::vector<TransitionId>& path, const TestStep* step,
                 const std::optional<std::vector<OutputEvent>>& outputs, std::size_t stepNo) {
    std::size_t nextOutput = 0;
    for (TransitionId id : path) {
      const Transition& t = system.transitions[id];
      if (t.action.kind == ActionKind::Input && step) test.events.push_back(inputEvent(system, t, *step, stepNo));
      if (t.action.kind != ActionKind::Output) continue;
      if (outputs && nextOutput < outputs->size()) {
        test.events.push_back(outputEvent(system, (*outputs)[nextOutput++], stepNo));
      } else {
        test.events.push_back({false, system.channels[t.action.channel].name, {}, false, {}, stepNo});
      }
    }
  };
  add(*s.prefix, nullptr, s.prefixOutputs, 0);
  for (std::size_t k = 0; k < s.steps.size(); ++k)
    add(s.steps[k].path, &s.steps[k], s.steps[k].expectedOutputs, k + 1);
  return test;
}

// Any other sequence: replayed on the model (with the programs' results it assumes) for the
// outputs of each step or, for a model without outputs, the state after it.
PlannedTest fromReplay(const TestSequence& s, const TransitionSystem& system, std::size_t index) {
  const FunctionInterpretations functions = withProgramResults(system, s.programResults);
  const ReplayResult r = replay(system, s, &functions);
  if (!r.completed)
    throw Error("sequence " + std::to_string(index + 1) + " cannot be exported: it does not replay on the model (" +
                r.failure + ")");
  PlannedTest test;
  for (const OutputEvent& o : r.prefixOutputs) test.events.push_back(outputEvent(system, o, 0));
  for (std::size_t k = 0; k < s.steps.size(); ++k) {
    const ReplayedStep& done = r.steps[k];
    if (done.fired.empty() || system.transitions[done.fired.front()].action.kind != ActionKind::Input)
      throw Error("step " + std::to_string(k + 1) + " of sequence " + std::to_string(index + 1) + " fired no input");
    test.events.push_back(inputEvent(system, system.transitions[done.fired.front()], s.steps[k], k + 1));
    for (const OutputEvent& o : done.outputs) test.events.push_back(outputEvent(system, o, k + 1));
    if (!observesState(system)) continue;
    // A model without outputs (CFG: its one input channel `step` carries the inputs in declaration
    // order): the state variables after the step, of which the test compares SYMSEQ_OBSERVE's.
    PlannedEvent state{false, "state", {}, true, {}, k + 1};
    for (const VariableDecl& v : system.variables)
      if (v.role == VariableRole::State)
        if (const Value* value = done.after.find(v.var)) {
          state.names.emplace_back(v.var.name());
          state.values.push_back(planned(*value, system.literalOf(v.var, *value)));
        }
    test.events.push_back(std::move(state));
  }
  return test;
}

}  // namespace

bool observesState(const TransitionSystem& system) {
  return std::none_of(system.channels.begin(), system.channels.end(),
                      [](const Channel& c) { return c.direction == ChannelDirection::Output; });
}

namespace {

std::string valuesText(const PlannedEvent& e) {
  std::string text;
  for (std::size_t i = 0; i < e.values.size(); ++i)
    text += (i ? ", " : "") + (e.names.empty() ? "" : e.names[i] + " = ") + e.values[i].text;
  return text;
}

}  // namespace

PlannedSuite plan(const WriterInput& run) {
  const TransitionSystem& system = run.system;
  PlannedSuite suite{system.name, identifierOf(system.name), observesState(system), {}};
  for (std::size_t i = 0; i < run.result.sequences.size(); ++i) {
    const TestSequence& s = run.result.sequences[i];
    if (!s.prefix) {
      suite.tests.push_back(fromReplay(s, system, i));
      continue;
    }
    // The outputs after the last input belong to the test, also when its target ended it earlier.
    const FunctionInterpretations functions = withProgramResults(system, s.programResults);
    suite.tests.push_back(fromTrace(withFinalReaction(system, s, &functions), system));
  }
  return suite;
}

std::string eventText(const PlannedEvent& e) {
  if (!e.names.empty()) return e.channel + "(" + valuesText(e) + ")";
  return e.channel + (e.input ? "?(" : "!(") + (e.valuesKnown ? valuesText(e) : "...") + ")";
}

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out + "\"";
}

}  // namespace symseq::exporting
