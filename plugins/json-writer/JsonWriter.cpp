// The `json` writer: result.json, the machine-readable result (schema in docs/results.md).
#include <boost/dll/alias.hpp>
#include <algorithm>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>

#include "symseq/plugin/PluginDescriptor.h"
#include "symseq/plugin/Writer.h"
#include "symseq/writing/Dates.h"
#include "symseq/writing/Trace.h"

namespace {

using namespace symseq;

nlohmann::ordered_json toJson(const Value& v) {
  switch (v.sort().kind()) {
    case SortKind::Bool: return v.asBool();
    case SortKind::Int:
      if (v.asInt() >= std::numeric_limits<std::int64_t>::min() && v.asInt() <= std::numeric_limits<std::int64_t>::max())
        return static_cast<std::int64_t>(v.asInt());
      return v.asInt().str();  // exact, as text, beyond 64 bits
    case SortKind::Real:
    case SortKind::BitVec: return v.toString();  // the model syntax's literal: 2.5, real(1, 3), 255bv8
  }
  return nullptr;
}

// An enumeration's literal as a JSON string, any other value as toJson does.
nlohmann::ordered_json toJson(const Value& v, const std::string* literal) {
  return literal ? nlohmann::ordered_json(*literal) : toJson(v);
}

// What a sequence that names its transitions does, step by step (IOSTS tests): the
// transitions in order, each with the input it reads or the output it emits (checked by replay).
nlohmann::ordered_json trace(const TestSequence& s, const TransitionSystem& system) {
  using json = nlohmann::ordered_json;
  json events = json::array();
  for (const TraceEvent& event : traceOf(s, system)) {
    const Transition& t = system.transitions[event.transition];
    json e{{"transition", t.name}};
    if (event.input) {
      json values = json::object();
      for (Expr v : t.action.args)
        if (const Value* value = event.input->inputs.find(v))
          values[std::string(v.name())] = toJson(*value, system.literalOf(v, *value));
      e["input"] = {{"channel", system.channels[t.action.channel].name}, {"values", std::move(values)}};
    }
    if (const OutputEvent* o = event.output) {
      json values = json::array();
      for (std::uint32_t i = 0; i < o->values.size(); ++i)
        values.push_back(toJson(o->values[i], system.literalOf(o->channel, i, o->values[i])));
      e["output"] = {{"channel", system.channels[o->channel].name}, {"values", std::move(values)}};
    }
    events.push_back(std::move(e));
  }
  return events;
}

nlohmann::ordered_json externalFailures(const RunResult& result) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const ExternalFailure& f : result.externalFailures) {
    nlohmann::ordered_json args = nlohmann::ordered_json::array();
    for (const Value& v : f.args) args.push_back(toJson(v));
    out.push_back({{"function", f.function}, {"args", std::move(args)}, {"message", f.message}});
  }
  return out;
}

// The results a test assumes of programs known by their contracts (its witness table).
nlohmann::ordered_json programResults(const TestSequence& s, const TransitionSystem& system) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const ProgramResult& row : s.programResults) {
    const Contract* c = system.findContract(*row.program);
    nlohmann::ordered_json args = nlohmann::ordered_json::array();
    for (std::size_t i = 0; i < row.args.size(); ++i)
      args.push_back(toJson(row.args[i], c && i < c->params.size() ? system.literalOf(c->params[i], row.args[i]) : nullptr));
    out.push_back({{"program", row.program->name()},
                   {"args", std::move(args)},
                   {"result", toJson(row.result, c ? system.literalOf(c->result, row.result) : nullptr)}});
  }
  return out;
}

// Coverage of the model's own transitions and of the behaviours of their program calls, when
// lowering split transitions by behaviours: a model transition is covered when one of its
// variants is.
nlohmann::ordered_json modelCoverage(const RunResult& result, const TransitionSystem& system) {
  std::map<std::string, bool> transitions;  // by model transition
  std::size_t behaviours = 0, coveredBehaviours = 0;
  for (const TargetOutcome& t : result.targets) {
    const Transition& tr = system.transitions[t.transition];
    bool& covered = transitions[tr.modelTransition()];
    covered = covered || t.covered;
    if (!tr.variant.empty()) {
      ++behaviours;
      coveredBehaviours += t.covered ? 1 : 0;
    }
  }
  nlohmann::ordered_json uncovered = nlohmann::ordered_json::array();
  std::size_t covered = 0;
  for (const auto& [name, c] : transitions) {
    covered += c ? 1 : 0;
    if (!c) uncovered.push_back(name);
  }
  return {{"transitions", {{"targets", transitions.size()}, {"covered", covered}, {"uncovered", std::move(uncovered)}}},
          {"behaviours", {{"targets", behaviours}, {"covered", coveredBehaviours}}}};
}

nlohmann::ordered_json findings(const std::vector<ModelFinding>& list) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const ModelFinding& f : list) {
    nlohmann::ordered_json o{{"kind", f.kind}, {"message", f.message}};
    if (f.where) o["where"] = f.where->toString();
    if (!f.witness.empty()) o["witness"] = f.witness;
    if (!f.core.empty()) o["core"] = f.core;
    out.push_back(std::move(o));
  }
  return out;
}

// The strategy's tables by name: {"commands": {"columns": [...], "rows": [[...], ...]}}.
nlohmann::ordered_json tables(const RunResult& result) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (const ResultTable& t : result.tables) out[t.name] = {{"columns", t.columns}, {"rows", t.rows}};
  return out;
}

std::string resultJson(const RunResult& result, const TransitionSystem& system, const ResultHeader& header) {
  using json = nlohmann::ordered_json;
  const bool split = std::any_of(system.transitions.begin(), system.transitions.end(),
                                 [](const Transition& t) { return !t.origin.empty(); });
  json targets = json::array();
  for (const TargetOutcome& t : result.targets) {
    const Transition& tr = system.transitions[t.transition];
    json o{{"name", tr.name}, {"covered", t.covered}};
    if (!tr.origin.empty()) o["model_transition"] = tr.origin;
    if (t.reason) o["reason"] = std::string(toString(*t.reason));
    if (!t.detail.empty()) o["detail"] = t.detail;
    targets.push_back(std::move(o));
  }
  json sequences = json::array();
  for (const TestSequence& s : result.sequences) {
    json steps = json::array();
    for (const TestStep& step : s.steps) {
      json values = json::object();
      for (const auto& [var, value] : step.inputs) values[std::string(var.name())] = toJson(value, system.literalOf(var, value));
      steps.push_back(std::move(values));
    }
    json initial = json::object();
    for (const auto& [var, value] : s.initial) initial[std::string(var.name())] = toJson(value, system.literalOf(var, value));
    json seq{{"steps", std::move(steps)}, {"found_by", s.foundBy}, {"length_proven_minimal", s.lengthProvenMinimal}};
    if (s.lengthLowerBound) seq["length_lower_bound"] = *s.lengthLowerBound;
    if (!initial.empty()) seq["initial"] = std::move(initial);
    if (s.prefix) seq["trace"] = trace(s, system);
    if (const std::optional<SequenceDates> dates = datesOf(s, system)) {
      const auto date = [](const std::optional<Value>& v) { return v ? toJson(*v) : json(nullptr); };
      json after = json::array();
      for (const std::optional<Value>& d : dates->afterSteps) after.push_back(date(d));
      seq["dates"] = {{"start", date(dates->start)}, {"after_steps", std::move(after)}};
    }
    if (!system.contracts.empty()) {
      seq["programs"] = programResults(s, system);
      seq["group"] = s.group + 1;
    }
    sequences.push_back(std::move(seq));
  }
  json doc{
      // The format and its version (schemas/README.md): schemas/result-1.schema.json.
      {"format", "symseq-result"},
      {"version", 1},
      {"model", {{"file", header.model}, {"frontend", header.frontend}, {"name", system.name}}},
      {"solver", header.solver},
      {"strategy", header.strategy},
      {"seed", header.seed},
      {"targets", std::move(targets)},
      {"covered", result.coveredTargets()},
      {"test_suite", result.sequences.size() > 1},  // several runs, each from the initial state
      {"sequences", std::move(sequences)},
      {"length", result.length()},
      {"replayed", result.replayed},
      {"replay_failures", result.replayFailures},
      {"external_failures", externalFailures(result)},
      {"stats",
       {{"solver_queries", result.solver.queries},
        {"solver_sat", result.solver.sat},
        {"solver_unsat", result.solver.unsat},
        {"solver_unknown", result.solver.unknown},
        {"solver_time_s", result.solver.time.count()},
        {"total_time_s", result.totalSeconds}}},
  };
  // The solver layers' counters ([solver] layers), outermost first; none without layers.
  if (!result.solver.layers.empty()) {
    json layers = json::object();
    for (const auto& [name, value] : result.solver.layers) layers[name] = value;
    doc["stats"]["solver_layers"] = std::move(layers);
  }
  // The strategy's named counters follow: the well-known ones in a fixed order, then its own.
  for (const auto& [name, value] : result.strategy.entries()) doc["stats"][name] = value;
  if (split) doc["model_coverage"] = modelCoverage(result, system);
  if (!result.findings.empty()) doc["findings"] = findings(result.findings);
  // The guard checks are made on every run: an empty array says none found anything.
  doc["checks"] = findings(result.checks);
  // Deadlocks are looked for on every run of a model with an environment (designs): an empty
  // array says none was found.
  if (!system.environment.empty()) doc["deadlocks"] = findings(result.deadlocks);
  if (!result.tables.empty()) doc["tables"] = tables(result);
  // A model its frontend flattened: the IR's size and the flattening's counts (docs/results.md).
  if (!system.metrics.empty()) {
    doc["model"]["locations"] = system.locations.size();
    doc["model"]["transitions"] = system.transitions.size();
    json lowering = json::object();
    for (const LoweringMetric& m : system.metrics) lowering[m.name] = m.value;
    doc["lowering"] = std::move(lowering);
  }
  return doc.dump(2) + "\n";
}

class JsonWriter final : public Writer {
 public:
  std::vector<OutputFile> write(const WriterInput& run) const override {
    return {{"result.json", resultJson(run.result, run.system, run.header)}};
  }
};

PluginPtr<Writer> make(const Options&) { return makePluginPtr<JsonWriter>(); }

const PluginDescriptor descriptor{
    .kind = PluginKind::Writer,
    .name = "json",
    .version = "1.0.0",
    .summary = "result.json: targets, sequences, replay and statistics (docs/results.md)",
    .makeWriter = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
