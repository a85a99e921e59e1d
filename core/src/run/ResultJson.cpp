#include <limits>
#include <nlohmann/json.hpp>

#include "symseq/run/ResultWriters.h"

namespace symseq {

namespace {

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

}  // namespace

std::string resultJson(const RunResult& result, const TransitionSystem& system, const ResultHeader& header) {
  using json = nlohmann::ordered_json;
  json targets = json::array();
  for (const TargetOutcome& t : result.targets) {
    json o{{"name", system.transitions[t.transition].name}, {"covered", t.covered}};
    if (t.reason) o["reason"] = std::string(toString(*t.reason));
    targets.push_back(std::move(o));
  }
  json sequences = json::array();
  for (const TestSequence& s : result.sequences) {
    json steps = json::array();
    for (const TestStep& step : s.steps) {
      json values = json::object();
      for (const auto& [var, value] : step.inputs) values[std::string(var.name())] = toJson(value);
      steps.push_back(std::move(values));
    }
    json initial = json::object();
    for (const auto& [var, value] : s.initial) initial[std::string(var.name())] = toJson(value);
    json seq{{"steps", std::move(steps)}};
    if (!initial.empty()) seq["initial"] = std::move(initial);
    sequences.push_back(std::move(seq));
  }
  const json doc{
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
      {"stats",
       {{"solver_queries", result.solver.queries},
        {"solver_sat", result.solver.sat},
        {"solver_unsat", result.solver.unsat},
        {"solver_unknown", result.solver.unknown},
        {"solver_time_s", result.solver.time.count()},
        {"total_time_s", result.totalSeconds},
        {"iterations", result.strategy.iterations},
        {"backtracks", result.strategy.backtracks},
        {"heuristic_calls", result.strategy.heuristicCalls},
        {"heuristic_successes", result.strategy.heuristicSuccesses},
        {"model_check_sequences", result.strategy.modelCheckSequences}}},
  };
  return doc.dump(2) + "\n";
}

}  // namespace symseq
