#include "harness/CellSeries.h"

#include <map>

#include "harness/CellRecord.h"

namespace symseq::bench {

using json = nlohmann::ordered_json;

std::vector<CellGroup> groupCells(const std::vector<json>& cells, const std::vector<std::string>& groupBy) {
  std::vector<CellGroup> groups;
  std::map<std::string, std::size_t> position;
  for (const json& c : cells) {
    std::string label;
    if (groupBy.empty()) label = c.value("configuration", "");
    for (const std::string& key : groupBy) {
      const std::string value = key == "run" ? c.value("run", "") : c.value("axes", json::object()).value(key, "-");
      label += (label.empty() ? "" : ", ") + key + "=" + value;
    }
    const auto [it, added] = position.emplace(label, groups.size());
    if (added) groups.push_back({label, {}});
    groups[it->second].cells.push_back(c);
  }
  return groups;
}

std::vector<double> series(const std::vector<json>& cells, const char* field) {
  std::vector<double> out;
  for (const json& c : cells)
    if (c.contains(field) && c[field].is_number()) out.push_back(c[field].get<double>());
  return out;
}

std::vector<double> frameworkSeries(const std::vector<json>& cells) {
  std::vector<double> out;
  for (const json& c : cells)
    if (c.contains("total_time_s") && c["total_time_s"].is_number() && c.contains("solver_time_s") &&
        c["solver_time_s"].is_number())
      out.push_back(c["total_time_s"].get<double>() - c["solver_time_s"].get<double>());
  return out;
}

std::string StatusCounts::text() const {
  std::string out;
  for (CellStatus s : kAllStatuses)
    if (of(s) > 0) out += (out.empty() ? "" : ", ") + std::to_string(of(s)) + " " + toString(s);
  return out;
}

StatusCounts countStatuses(const std::vector<json>& cells) {
  StatusCounts counts;
  for (const json& c : cells)
    if (const auto s = cellStatusFromString(c.value("status", ""))) ++counts.counts[static_cast<std::size_t>(*s)];
  return counts;
}

Table cellTable(const std::vector<json>& cells, bool measured) {
  const std::vector<std::string> counted{"targets_covered", "targets_total", "length", "sequences", "solver_queries",
                                         "solver_sat", "solver_unsat", "solver_unknown", "iterations", "backtracks",
                                         "heuristic_calls", "heuristic_successes", "model_check_sequences"};
  Table t{{"index", "id", "run", "repetition", "status", "message"}, {}, {}};
  t.header.insert(t.header.end(), counted.begin(), counted.end());
  t.header.push_back("uncovered");
  if (measured) t.header.insert(t.header.end(), kMeasuredFields.begin(), kMeasuredFields.end());
  auto text = [](const json& v) { return v.is_null() ? std::string() : v.is_string() ? v.get<std::string>() : v.dump(); };
  for (const json& c : cells) {
    auto field = [&](const char* key) { return c.contains(key) ? text(c[key]) : std::string(); };
    std::vector<std::string> row{field("index"), field("id"), field("run"), field("repetition"), field("status"),
                                 c.value("message", "")};
    for (const std::string& f : counted) row.push_back(field(f.c_str()));
    std::string uncovered;
    for (const json& u : c.value("uncovered", json::array()))
      uncovered += (uncovered.empty() ? "" : " ") + u.value("name", "") + ":" + u.value("reason", "");
    row.push_back(uncovered);
    if (measured)
      for (std::string_view f : kMeasuredFields) row.push_back(field(std::string(f).c_str()));
    t.rows.push_back(std::move(row));
  }
  return t;
}

}  // namespace symseq::bench
