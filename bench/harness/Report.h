#pragma once
// `symseq bench report`: tables (Markdown, CSV) of median and min-max over repetitions, grouped
// by configuration or by chosen axes, and SVG plots of time and sequence length.
#include <string>
#include <utility>
#include <vector>

#include "harness/ResultsFile.h"

namespace symseq::bench {

struct ReportOptions {
  std::vector<std::string> groupBy;  // "run" or axis keys; empty: one row per configuration
  bool measured = true;              // false: leave out time, memory, date and machine, for diffs
};

struct ReportFiles {
  std::vector<std::pair<std::string, std::string>> files;  // file name, contents
};

// Throws ConfigError for a group-by key that is neither "run" nor an axis of the results.
[[nodiscard]] ReportFiles makeReport(const Results& results, const ReportOptions& options);

}  // namespace symseq::bench
