#pragma once
// `symseq bench report`: tables (Markdown, CSV) of median and min-max over repetitions, grouped
// by configuration or by chosen axes, and SVG plots of time and sequence length; with a growth
// axis, how queries, time and peak memory grow against the size a run or axis value names.
#include <string>
#include <utility>
#include <vector>

#include "harness/ResultsFile.h"

namespace symseq::bench {

struct ReportOptions {
  std::vector<std::string> groupBy;  // "run" or axis keys; empty: one row per configuration
  bool measured = true;              // false: leave out time, memory, date and machine, for diffs
  // "run" or an axis, one of groupBy, whose values name a size: the last number in the value
  // ("acyclic-greedy-8" is 8, "models/microgrid-3.iosts" is 3). Empty: no growth section.
  std::string growth;
};

struct ReportFiles {
  std::vector<std::pair<std::string, std::string>> files;  // file name, contents
};

// Throws ConfigError for a group-by key that is neither "run" nor an axis of the results, and for
// a growth key not grouped by or with a value that names no number.
[[nodiscard]] ReportFiles makeReport(const Results& results, const ReportOptions& options);

}  // namespace symseq::bench
