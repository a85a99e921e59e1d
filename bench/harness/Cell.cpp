#include "harness/Cell.h"

#include <algorithm>

namespace symseq::bench {

namespace {

bool excluded(const Matrix& m, const std::string& run, const std::vector<std::pair<std::string, std::string>>& axes) {
  return std::any_of(m.exclusions.begin(), m.exclusions.end(), [&](const Exclusion& e) {
    if (e.run && *e.run != run) return false;
    return std::all_of(e.match.begin(), e.match.end(), [&](const auto& kv) {
      return std::find(axes.begin(), axes.end(), kv) != axes.end();
    });
  });
}

}  // namespace

std::vector<Cell> expandMatrix(const Matrix& m) {
  std::vector<Cell> cells;
  for (unsigned rep = 1; rep <= m.repetitions; ++rep) {
    for (const MatrixRun& run : m.runs) {
      // An odometer over the axes' value indices, the last axis turning fastest.
      std::vector<std::size_t> at(m.axes.size(), 0);
      while (true) {
        Cell c;
        c.run = run.name;
        c.runFile = run.file;
        c.repetition = rep;
        c.limits = run.limits;
        c.overrides = run.overrides;
        c.configuration = run.name;
        for (std::size_t a = 0; a < m.axes.size(); ++a) {
          const AxisValue& v = m.axes[a].values[at[a]];
          c.axes.emplace_back(m.axes[a].key, v.label);
          c.overrides.push_back(m.axes[a].key + "=" + v.toml);
          c.configuration += "/" + m.axes[a].key + "=" + v.label;
        }
        if (!excluded(m, run.name, c.axes)) {
          c.index = cells.size();
          c.id = c.configuration + "/rep=" + std::to_string(rep);
          cells.push_back(std::move(c));
        }
        std::size_t a = m.axes.size();
        while (a > 0 && ++at[a - 1] == m.axes[a - 1].values.size()) at[--a] = 0;
        if (a == 0) break;
      }
    }
  }
  return cells;
}

}  // namespace symseq::bench
