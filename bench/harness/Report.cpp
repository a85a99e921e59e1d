#include "harness/Report.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <algorithm>
#include <map>

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
    md.header.insert(md.header.end(), {"time (s)", "peak memory (MB)"});
    md.numeric.insert(md.numeric.end(), {true, true});
    csv.header.insert(csv.header.end(), {"total_time_s_median", "total_time_s_min", "total_time_s_max",
                                         "peak_memory_mb_median"});
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
      mdRow.push_back(memory ? number(memory->median / 1024, 3) : "-");
      add(time, true);
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
  out.files.emplace_back("report.md", markdown);
  out.files.emplace_back("summary.csv", csv.csv());
  out.files.emplace_back("cells.csv", cellTable(results.cells, options.measured).csv());
  out.files.emplace_back("length.svg", rangeChart("Sequence length per configuration", "steps", lengthChart));
  if (options.measured) out.files.emplace_back("time.svg", rangeChart("Run time per configuration", "s", timeChart));
  return out;
}

}  // namespace symseq::bench
