#include "harness/Compare.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "harness/CellRecord.h"
#include "harness/CellSeries.h"
#include "harness/Statistics.h"
#include "harness/Table.h"

namespace symseq::bench {

namespace {

using json = nlohmann::ordered_json;

// A cell without its measured fields: what must be equal for two cells to have done the same work.
json outcome(json cell) {
  for (std::string_view f : kMeasuredFields) cell.erase(std::string(f));
  return cell;
}

std::map<std::string, const json*> byId(const Results& r) {
  std::map<std::string, const json*> out;
  for (const json& c : r.cells) out.emplace(c.value("id", ""), &c);
  return out;
}

// The same cells on both sides (a repetition on one side only is a difference), with equal outcomes.
bool sameOutcomes(const std::vector<json>& cellsA, const std::vector<json>& cellsB,
                  const std::map<std::string, const json*>& idsB) {
  if (cellsA.size() != cellsB.size()) return false;
  return std::all_of(cellsA.begin(), cellsA.end(), [&](const json& c) {
    const auto it = idsB.find(c.value("id", ""));
    return it != idsB.end() && outcome(c) == outcome(*it->second);
  });
}

}  // namespace

std::string compareResults(const Results& a, const Results& b, const CompareOptions& options) {
  const auto groupsA = groupCells(a.cells, {});
  std::map<std::string, std::vector<json>> groupsB;
  for (const CellGroup& g : groupCells(b.cells, {})) groupsB[g.label] = g.cells;
  const auto cellsB = byId(b);

  Table t{{"configuration", "n A", "n B", "time A (s)", "time B (s)", "B/A", "verdict", "results"},
          {},
          {false, true, true, true, true, true, false, false}};
  double logSum = 0;
  std::size_t ratios = 0, faster = 0, slower = 0, differing = 0;
  for (const CellGroup& g : groupsA) {
    const auto other = groupsB.find(g.label);
    if (other == groupsB.end()) {
      t.rows.push_back({g.label, std::to_string(g.cells.size()), "0", "", "", "", "only in A", "differ"});
      ++differing;
      continue;
    }
    const std::vector<double> ta = series(g.cells, "total_time_s");
    const std::vector<double> tb = series(other->second, "total_time_s");
    const auto sa = summarize(ta);
    const auto sb = summarize(tb);
    std::string ratio, verdict;
    if (sa && sb && sa->median > 0) {
      const double r = sb->median / sa->median;
      ratio = number(r, 3);
      logSum += std::log(r);
      ++ratios;
      if (ta.size() >= options.minRepetitions && tb.size() >= options.minRepetitions) {
        const MannWhitney test = mannWhitneyU(ta, tb);
        if (test.pValue < options.alpha) {
          verdict = (r < 1 ? "B faster" : "B slower") + std::string(" (p=") + number(test.pValue, 2) + ")";
          ++(r < 1 ? faster : slower);
        } else {
          verdict = "within noise (p=" + number(test.pValue, 2) + ")";
        }
      } else {
        verdict = "too few repetitions for a test (need " + std::to_string(options.minRepetitions) + ")";
      }
    } else {
      verdict = "no times on one side";
    }
    const bool same = sameOutcomes(g.cells, other->second, cellsB);
    differing += same ? 0 : 1;
    t.rows.push_back({g.label, std::to_string(ta.size()), std::to_string(tb.size()), sa ? number(sa->median, 3) : "-",
                      sb ? number(sb->median, 3) : "-", ratio, verdict, same ? "identical" : "differ"});
  }
  for (const auto& [label, cells] : groupsB)
    if (std::none_of(groupsA.begin(), groupsA.end(), [&wanted = label](const CellGroup& g) { return g.label == wanted; })) {
      t.rows.push_back({label, "0", std::to_string(cells.size()), "", "", "", "only in B", "differ"});
      ++differing;
    }

  std::string out = "# Benchmark comparison\n\nA: " + a.file.string() + "\nB: " + b.file.string() + "\n\n" + t.markdown();
  out += "\n" + std::to_string(faster) + " configurations faster in B, " + std::to_string(slower) + " slower (" +
         "Mann-Whitney U, alpha " + number(options.alpha) + "); ";
  out += ratios ? "geometric mean of B/A " + number(std::exp(logSum / static_cast<double>(ratios)), 3) : "no ratios";
  out += "; " + std::to_string(differing) + " configurations whose results (not times) differ.\n";
  return out;
}

std::vector<std::string> differingConfigurations(const Results& a, const Results& b) {
  std::map<std::string, std::vector<json>> groupsA, groupsB;
  for (const CellGroup& g : groupCells(a.cells, {})) groupsA[g.label] = g.cells;
  for (const CellGroup& g : groupCells(b.cells, {})) groupsB[g.label] = g.cells;
  const auto cellsB = byId(b);
  std::vector<std::string> out;
  for (const auto& [label, cells] : groupsA) {
    const auto other = groupsB.find(label);
    if (other == groupsB.end() || !sameOutcomes(cells, other->second, cellsB)) out.push_back(label);
  }
  for (const auto& [label, cells] : groupsB)
    if (!groupsA.contains(label)) out.push_back(label);
  return out;
}

}  // namespace symseq::bench
