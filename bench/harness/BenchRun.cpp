#include "harness/BenchRun.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <set>

#include "harness/AxisCheck.h"
#include "harness/CellRecord.h"
#include "harness/Error.h"
#include "harness/Progress.h"
#include "harness/Provenance.h"
#include "harness/ResultsFile.h"

namespace symseq::bench {

BenchSummary runBench(const BenchOptions& o, std::ostream& progressOut) {
  // The plugins first: a --plugin-dir that does not load is refused before the matrix is read.
  const auto plugins = symseqPlugins(o.symseq);
  const auto version = symseqVersion(o.symseq);
  const Matrix matrix = loadMatrix(o.matrixFile);
  checkAxes(matrix, o.symseq);
  std::vector<Cell> cells = expandMatrix(matrix);
  if (o.shard) cells = selectShard(cells, *o.shard);
  const auto provenance = collectProvenance(matrix, version, plugins, o.shard);

  const auto parent = std::filesystem::absolute(o.resultsFile).parent_path();
  if (!std::filesystem::is_directory(parent))
    throw ConfigError("the folder of results file '" + o.resultsFile.string() + "' does not exist", std::nullopt,
                      "create it first");
  dropTornTail(o.resultsFile);  // a line the last bench did not finish: that cell runs again
  const Results existing = readResults(o.resultsFile);
  if (existing.provenance) {
    if (const auto diff = provenanceDifferences(*existing.provenance, provenance); !diff.empty()) {
      const std::string fields = fmt::format("{}", fmt::join(diff, ", "));
      throw ConfigError("results file '" + o.resultsFile.string() +
                            "' was made with another matrix, build or machine (differs in: " + fields + ")",
                        std::nullopt, "write to a new --out file, or remove this one to start over");
    }
  } else if (!existing.cells.empty()) {
    throw ConfigError("results file '" + o.resultsFile.string() + "' has cells but no provenance line", std::nullopt,
                      "write to a new --out file");
  }

  ResultsAppender appender(o.resultsFile);
  if (!existing.provenance) appender.append(provenance);
  std::set<std::string> done;
  for (const auto& c : existing.cells) done.insert(c.value("id", ""));

  BenchSummary summary;
  summary.cells = cells.size();
  for (const Cell& c : cells) summary.skipped += done.count(c.id);
  Progress progress(progressOut, o.interactive, cells.size(), summary.skipped);
  for (const Cell& c : cells) {
    if (done.count(c.id)) continue;
    const CellOutcome outcome = runCell(c, o.symseq, c.limits);
    appender.append(cellRecord(c, outcome));
    ++summary.ran;
    summary.failed += outcome.status == CellStatus::Ok ? 0 : 1;
    progress.cellFinished(c, outcome);
  }
  progress.finish();
  return summary;
}

}  // namespace symseq::bench
