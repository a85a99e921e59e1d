#include "harness/Report.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <algorithm>
#include <map>
#include <optional>

#include "harness/CellRecord.h"
#include "harness/CellSeries.h"
#include "harness/DidYouMean.h"
#include "harness/Error.h"
#include "harness/Statistics.h"
#include "harness/Svg.h"
#include "harness/Table.h"

namespace symseq::bench {

namespace {

using json = nlohmann::ordered_json;

std::string rangeText(const std::optional<Summary>& s, int digits = 4) {
  if (!s) return "-";
  if (s->min == s->max) return number(s->median, digits);
  return number(s->median, digits) + " [" + number(s->min, digits) + "–" + number(s->max, digits) + "]";
}

// "never (infeasible-within-bound)", each uncovered target of the group once, in first-seen order.
std::string uncoveredText(const std::vector<json>& cells) {
  std::vector<std::string> seen;
  for (const json& c : cells) {
    const json uncovered = c.value("uncovered", json::array());
    for (const json& u : uncovered) {
      const std::string text = u.value("name", "") + " (" + u.value("reason", "") + ")";
      if (std::find(seen.begin(), seen.end(), text) == seen.end()) seen.push_back(text);
    }
  }
  return fmt::format("{}", fmt::join(seen, ", "));
}

// "11/11" when the group's cells share one target count; over several models the median share.
std::string coveredText(const std::vector<json>& cells, const std::optional<Summary>& covered,
                        const std::optional<Summary>& total) {
  if (!covered || !total) return "-";
  if (total->min == total->max) return number(covered->median) + "/" + number(total->max);
  std::vector<double> shares;
  for (const json& c : cells)
    if (c.value("targets_covered", json()).is_number() && c.value("targets_total", 0) > 0)
      shares.push_back(100.0 * c["targets_covered"].get<double>() / c["targets_total"].get<double>());
  return number(summarize(shares)->median, 3) + "%";
}

std::string medianText(const std::optional<Summary>& s) { return s ? number(s->median) : "-"; }

void checkGroupBy(const Results& results, const std::vector<std::string>& groupBy) {
  std::vector<std::string> keys{"run"};
  for (const json& c : results.cells) {
    const json axes = c.value("axes", json::object());
    for (const auto& [k, v] : axes.items())
      if (std::find(keys.begin(), keys.end(), k) == keys.end()) keys.push_back(k);
  }
  for (const std::string& g : groupBy)
    if (std::find(keys.begin(), keys.end(), g) == keys.end()) {
      throw ConfigError("cannot group by '" + g + "': no such axis" + didYouMean(g, keys),
                        SourceLocation{"<command line>", 0, 0}, fmt::format("group by one of: {}", fmt::join(keys, ", ")));
    }
}

// The number a growth-axis value names (its last run of digits) and the value without it, trimmed
// of the separators around it: "symtest-greedy-8" is 8 and "symtest-greedy".
std::optional<std::pair<double, std::string>> sizeIn(const std::string& value) {
  const auto last = value.find_last_of("0123456789");
  if (last == std::string::npos) return std::nullopt;
  auto first = last;
  while (first > 0 && value[first - 1] >= '0' && value[first - 1] <= '9') --first;
  std::string stem = value.substr(0, first) + value.substr(last + 1);
  const std::string separators = "-_./ =";
  const auto begin = stem.find_first_not_of(separators);
  const auto end = stem.find_last_not_of(separators);
  stem = begin == std::string::npos ? "" : stem.substr(begin, end - begin + 1);
  return std::pair{std::stod(value.substr(first, last - first + 1)), stem};
}

std::string keyValue(const json& cell, const std::string& key) {
  return key == "run" ? cell.value("run", "") : cell.value("axes", json::object()).value(key, "-");
}

struct GrowthGroup {
  std::string series;
  double size = 0;
  const CellGroup* group = nullptr;
};

// The report's groups as points of series: the growth key's size is x, the rest of the group's
// label (the key's value without its number, the other group-by keys) names the series.
std::vector<GrowthGroup> growthGroups(const std::vector<CellGroup>& groups, const ReportOptions& options) {
  const std::string& key = options.growth;
  if (std::find(options.groupBy.begin(), options.groupBy.end(), key) == options.groupBy.end())
    throw ConfigError("cannot plot growth against '" + key + "': the report is not grouped by it",
                      SourceLocation{"<command line>", 0, 0}, "add --by " + key);
  std::vector<GrowthGroup> out;
  for (const CellGroup& g : groups) {
    const json& cell = g.cells.front();
    const std::string value = keyValue(cell, key);
    const auto size = sizeIn(value);
    if (!size)
      throw ConfigError("cannot plot growth against '" + key + "': its value '" + value + "' names no size",
                        SourceLocation{"<command line>", 0, 0},
                        "name the runs or axis values with their size, as in acyclic-8");
    std::vector<std::string> parts;
    if (!size->second.empty()) parts.push_back(size->second);
    for (const std::string& other : options.groupBy)
      if (other != key) parts.push_back(other + "=" + keyValue(cell, other));
    out.push_back({parts.empty() ? key : fmt::format("{}", fmt::join(parts, ", ")), size->first, &g});
  }
  // Series in the order they first appear, each by increasing size (stable: equal sizes keep order).
  std::vector<std::string> order;
  for (const GrowthGroup& g : out)
    if (std::find(order.begin(), order.end(), g.series) == order.end()) order.push_back(g.series);
  std::stable_sort(out.begin(), out.end(), [&](const GrowthGroup& a, const GrowthGroup& b) {
    const auto ia = std::find(order.begin(), order.end(), a.series) - order.begin();
    const auto ib = std::find(order.begin(), order.end(), b.series) - order.begin();
    return ia != ib ? ia < ib : a.size < b.size;
  });
  return out;
}

// The growth section of report.md, growth.csv and one plot per metric: the solver queries, and
// when measured the time and the peak memory.
void addGrowth(const std::vector<CellGroup>& groups, const ReportOptions& options, std::string& markdown,
               ReportFiles& out) {
  const std::vector<GrowthGroup> points = growthGroups(groups, options);
  struct Metric {
    const char* field;
    const char* column;  // in growth.csv: the field in the unit
    const char* file;
    const char* title;
    const char* unit;
    double scale;  // the field in the unit
  };
  std::vector<Metric> metrics{{"solver_queries", "solver_queries", "growth-queries.svg", "Solver queries", "queries", 1}};
  if (options.measured) {
    metrics.push_back({"total_time_s", "total_time_s", "growth-time.svg", "Run time", "s", 1});
    metrics.push_back({"peak_memory_kb", "peak_memory_mb", "growth-memory.svg", "Peak memory", "MB", 1.0 / 1024});
  }
  Table md{{"series", "N", "cells"}, {}, {false, true, true}};
  Table csv{{"series", "N", "cells"}, {}, {}};
  for (const Metric& m : metrics) {
    md.header.push_back(std::string(m.title) + " (" + m.unit + ")");
    md.numeric.push_back(true);
    csv.header.insert(csv.header.end(), {std::string(m.column) + "_median", std::string(m.column) + "_min",
                                         std::string(m.column) + "_max"});
  }
  std::vector<std::vector<GrowthSeries>> charts(metrics.size());
  for (const GrowthGroup& p : points) {
    std::vector<std::string> mdRow{p.series, number(p.size), std::to_string(p.group->cells.size())};
    std::vector<std::string> csvRow{p.series, number(p.size, 9), std::to_string(p.group->cells.size())};
    for (std::size_t i = 0; i < metrics.size(); ++i) {
      std::vector<double> values = series(p.group->cells, metrics[i].field);
      for (double& v : values) v *= metrics[i].scale;
      const auto s = summarize(values);
      mdRow.push_back(rangeText(s, 3));
      for (double v : {s ? s->median : 0, s ? s->min : 0, s ? s->max : 0}) csvRow.push_back(s ? number(v, 9) : "");
      if (!s) continue;
      std::vector<GrowthSeries>& chart = charts[i];
      if (chart.empty() || chart.back().label != p.series) chart.push_back({p.series, {}});
      chart.back().points.push_back({p.size, s->median, s->min, s->max});
    }
    md.rows.push_back(std::move(mdRow));
    csv.rows.push_back(std::move(csvRow));
  }
  std::vector<std::string> plots;
  for (const Metric& m : metrics) plots.emplace_back(m.file);
  markdown += "\n## Growth against " + options.growth + "\n\nN is the number in each " + options.growth +
              " value; medians over the cells, [min–max] when they differ. Plots: " +
              fmt::format("{}", fmt::join(plots, ", ")) + ".\n\n" + md.markdown();
  out.files.emplace_back("growth.csv", csv.csv());
  for (std::size_t i = 0; i < metrics.size(); ++i)
    out.files.emplace_back(metrics[i].file, growthChart(std::string(metrics[i].title) + " against N",
                                                        "N: the number in each " + options.growth + " value",
                                                        metrics[i].unit, charts[i]));
}

std::string provenanceText(const json& p, bool measured) {
  std::string out = "symseq " + p.value("symseq_version", "?") + " (commit " + p.value("commit", "?") + ", " +
                    p.value("compiler", "?") + ")";
  const json solvers = p.value("solvers", json::object());
  for (const auto& [name, version] : solvers.items())
    out += ", " + name + " " + version.get<std::string>();
  out += "; matrix " + p["matrix"].value("file", "?") + " (sha256 " + p["matrix"].value("sha256", "?").substr(0, 12) + ")";
  if (measured)
    out += "; " + p.value("cpu_model", "?") + ", " + std::to_string(p.value("cores", 0)) + " cores; " + p.value("date", "?");
  return out + "\n";
}

}  // namespace

ReportFiles makeReport(const Results& results, const ReportOptions& options) {
  checkGroupBy(results, options.groupBy);
  const std::vector<CellGroup> groups = groupCells(results.cells, options.groupBy);

  Table md{{"configuration", "cells", "status", "covered", "length", "sequences", "queries", "backtracks",
            "heuristic successes/calls", "uncovered"},
           {},
           {false, true, false, true, true, true, true, true, true, false}};
  Table csv{{"configuration", "cells", "ok", "error", "crashed", "timeout", "out_of_memory", "covered_median",
             "targets_total", "length_median", "length_min", "length_max", "sequences_median", "queries_median",
             "queries_min", "queries_max", "backtracks_median", "heuristic_calls_median", "heuristic_successes_median"},
            {},
            {}};
  if (options.measured) {
    // Solver and framework (total less solver) time split the run's time: issue 11 asks the
    // framework's to stay below the solver's on rows with many queries.
    md.header.insert(md.header.end(), {"time (s)", "solver (s)", "framework (s)", "peak memory (MB)"});
    md.numeric.insert(md.numeric.end(), {true, true, true, true});
    csv.header.insert(csv.header.end(), {"total_time_s_median", "total_time_s_min", "total_time_s_max",
                                         "solver_time_s_median", "framework_time_s_median", "peak_memory_mb_median"});
  }
  std::vector<ChartRow> timeChart;
  std::vector<ChartRow> lengthChart;
  for (const CellGroup& g : groups) {
    const auto covered = summarize(series(g.cells, "targets_covered"));
    const auto total = summarize(series(g.cells, "targets_total"));
    const auto length = summarize(series(g.cells, "length"));
    const auto queries = summarize(series(g.cells, "solver_queries"));
    const auto calls = summarize(series(g.cells, "heuristic_calls"));
    const auto successes = summarize(series(g.cells, "heuristic_successes"));
    const auto time = summarize(series(g.cells, "total_time_s"));
    const auto memory = summarize(series(g.cells, "peak_memory_kb"));
    const auto solverTime = summarize(series(g.cells, "solver_time_s"));
    const auto framework = summarize(frameworkSeries(g.cells));
    const StatusCounts counts = countStatuses(g.cells);
    std::vector<std::string> mdRow{g.label,
                                   std::to_string(g.cells.size()),
                                   counts.text(),
                                   coveredText(g.cells, covered, total),
                                   rangeText(length),
                                   medianText(summarize(series(g.cells, "sequences"))),
                                   rangeText(queries),
                                   medianText(summarize(series(g.cells, "backtracks"))),
                                   successes ? number(successes->median) + "/" + number(calls->median) : "-",
                                   uncoveredText(g.cells)};
    std::vector<std::string> csvRow{g.label, std::to_string(g.cells.size())};
    for (CellStatus s : kAllStatuses) csvRow.push_back(std::to_string(counts.of(s)));
    auto add = [&](const std::optional<Summary>& s, bool withRange) {
      csvRow.push_back(s ? number(s->median, 9) : "");
      if (withRange) csvRow.insert(csvRow.end(), {s ? number(s->min, 9) : "", s ? number(s->max, 9) : ""});
    };
    add(covered, false);
    csvRow.push_back(total ? number(total->max, 9) : "");
    add(length, true);
    add(summarize(series(g.cells, "sequences")), false);
    add(queries, true);
    add(summarize(series(g.cells, "backtracks")), false);
    add(calls, false);
    add(successes, false);
    if (options.measured) {
      mdRow.push_back(rangeText(time, 3));
      mdRow.push_back(solverTime ? number(solverTime->median, 3) : "-");
      mdRow.push_back(framework ? number(framework->median, 3) : "-");
      mdRow.push_back(memory ? number(memory->median / 1024, 3) : "-");
      add(time, true);
      add(solverTime, false);
      add(framework, false);
      csvRow.push_back(memory ? number(memory->median / 1024, 6) : "");
      if (time) timeChart.push_back({g.label, time->median, time->min, time->max});
    }
    if (length) lengthChart.push_back({g.label, length->median, length->min, length->max});
    md.rows.push_back(std::move(mdRow));
    csv.rows.push_back(std::move(csvRow));
  }

  Table failures{{"cell", "status", "message"}, {}, {}};
  for (const json& c : results.cells)
    if (c.value("status", "") != "ok") failures.rows.push_back({c.value("id", ""), c.value("status", ""), c.value("message", "")});

  std::string markdown = "# Benchmark report\n\n";
  if (results.provenance) markdown += provenanceText(*results.provenance, options.measured) + "\n";
  markdown += "Medians over repetitions, [min–max] when they differ; covered, length, queries, backtracks and "
              "heuristic counts over the cells that produced a result.\n\n" +
              md.markdown();
  if (!failures.rows.empty()) markdown += "\n## Cells that did not finish ok\n\n" + failures.markdown();

  ReportFiles out;
  if (!options.growth.empty()) addGrowth(groups, options, markdown, out);
  out.files.emplace(out.files.begin(), "report.md", markdown);
  out.files.emplace_back("summary.csv", csv.csv());
  out.files.emplace_back("cells.csv", cellTable(results.cells, options.measured).csv());
  out.files.emplace_back("length.svg", rangeChart("Sequence length per configuration", "steps", lengthChart));
  if (options.measured) out.files.emplace_back("time.svg", rangeChart("Run time per configuration", "s", timeChart));
  return out;
}

}  // namespace symseq::bench
