#pragma once
// `symseq bench MATRIX --out RESULTS`: expands the matrix, keeps the cells the results file
// already holds, runs the others one by one and appends each as it finishes.
#include <filesystem>
#include <optional>
#include <ostream>
#include <vector>

#include "harness/CellRunner.h"
#include "harness/Shard.h"
#include "symseq/plugin/Registry.h"

namespace symseq::bench {

struct BenchOptions {
  std::filesystem::path matrixFile;
  std::filesystem::path resultsFile;
  std::optional<Shard> shard;
  CellCommand command;
  std::vector<std::filesystem::path> pluginDirs;  // --plugin-dir, already loaded into the registry
  bool interactive = false;         // redraw one progress line
};

struct BenchSummary {
  std::size_t cells = 0;    // in this shard
  std::size_t skipped = 0;  // already in the results file
  std::size_t ran = 0;
  std::size_t failed = 0;   // ran, and not ok
};

// `registry` holds the plugins the cells get: the axes are checked against it and it is listed
// in the provenance. Throws ConfigError for a bad matrix, or a results file made with another
// provenance.
BenchSummary runBench(const BenchOptions& options, Registry& registry, std::ostream& progress);

}  // namespace symseq::bench
