#include "harness/CellRecord.h"

namespace symseq::bench {

namespace {

using json = nlohmann::ordered_json;

void addMetrics(json& r, const nlohmann::json& result) {
  const nlohmann::json& stats = result.at("stats");
  json lengths = json::array();
  for (const auto& s : result.at("sequences")) lengths.push_back(s.at("steps").size());
  json uncovered = json::array();
  for (const auto& t : result.at("targets"))
    if (!t.at("covered").get<bool>()) uncovered.push_back({{"name", t.at("name")}, {"reason", t.value("reason", "")}});
  r["sequences"] = lengths.size();
  r["lengths"] = std::move(lengths);
  r["length"] = result.at("length");
  r["targets_covered"] = result.at("covered");
  r["targets_total"] = result.at("targets").size();
  r["uncovered"] = std::move(uncovered);
  r["replayed"] = result.at("replayed");
  for (const char* key : {"solver_queries", "solver_sat", "solver_unsat", "solver_unknown", "iterations", "backtracks",
                          "heuristic_calls", "heuristic_successes", "model_check_sequences"})
    r[key] = stats.at(key);
  // Models a frontend flattened (sync, scxml): the IR's size and the flattening's own counts, so a
  // matrix can compare quasi-flattening with full flattening. Absent for other models, so their
  // committed records keep their columns.
  if (result.contains("lowering")) {
    r["locations"] = result.at("model").at("locations");
    r["transitions"] = result.at("model").at("transitions");
    r["lowering"] = result.at("lowering");
  }
  r["solver_time_s"] = stats.at("solver_time_s");
  r["total_time_s"] = stats.at("total_time_s");
}

}  // namespace

json cellRecord(const Cell& cell, const CellOutcome& outcome) {
  json axes = json::object();
  for (const auto& [key, label] : cell.axes) axes[key] = label;
  json r{{"type", "cell"},
         {"index", cell.index},
         {"id", cell.id},
         {"configuration", cell.configuration},
         {"run", cell.run},
         {"axes", std::move(axes)},
         {"repetition", cell.repetition},
         {"status", toString(outcome.status)}};
  if (!outcome.message.empty()) r["message"] = outcome.message;
  r["exit_code"] = outcome.exitCode ? json(*outcome.exitCode) : json(nullptr);
  if (outcome.result) {
    try {
      addMetrics(r, *outcome.result);
    } catch (const nlohmann::json::exception& e) {
      r["status"] = toString(CellStatus::Error);
      r["message"] = std::string("result.json lacks a field: ") + e.what();
    }
  }
  r["wall_time_s"] = outcome.wallSeconds;
  r["peak_memory_kb"] = outcome.peakKilobytes;
  return r;
}

}  // namespace symseq::bench
