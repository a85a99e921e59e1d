#pragma once
// `symseq-bench run MATRIX --out RESULTS`: expands the matrix, keeps the cells the results file
// already holds, runs the others one by one and appends each as it finishes.
#include <filesystem>
#include <optional>
#include <ostream>
#include <vector>

#include "harness/CellRunner.h"
#include "harness/Shard.h"
#include "harness/Symseq.h"

namespace symseq::bench {

struct BenchOptions {
  std::filesystem::path matrixFile;
  std::filesystem::path resultsFile;
  std::optional<Shard> shard;
  SymseqCommand symseq;     // runs the cells, and is asked for its version and plugins
  bool interactive = false; // redraw one progress line
};

struct BenchSummary {
  std::size_t cells = 0;    // in this shard
  std::size_t skipped = 0;  // already in the results file
  std::size_t ran = 0;
  std::size_t failed = 0;   // ran, and not ok
};

// The plugins the cells get (`symseq plugins --json` with the plugin arguments) are listed in the
// provenance, and the axes are checked against them. Throws ConfigError for a bad matrix, or a
// results file made with another provenance; symseq's own error for bad plugin arguments.
BenchSummary runBench(const BenchOptions& options, std::ostream& progress);

}  // namespace symseq::bench
