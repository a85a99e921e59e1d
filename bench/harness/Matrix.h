#pragma once
// A benchmark matrix: the run files to compare, the axes to vary over them (any run-file key,
// set as `symseq run --set` does), exclusions, repetitions and the limits of every cell.
// docs/bench.md is the format reference.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "harness/Error.h"

namespace symseq::bench {

// One value of an axis: `label` names it in cell ids and tables ("cvc5", "permute-edges+break-sequence",
// "none"); `toml` is the value as TOML text, as `--set key=<toml>` takes it.
struct AxisValue {
  std::string label;
  std::string toml;
  SourceLocation where;  // of the value in the matrix file
};

struct Axis {
  std::string key;  // a run-file key in the --set spelling, e.g. "solver.name" or "seed"
  std::vector<AxisValue> values;
};

struct CellLimits {
  double timeSeconds = 300.0;
  std::uint64_t memoryMegabytes = 4096;
};

struct MatrixRun {
  std::string name;                        // unique; the run file's stem unless given
  std::filesystem::path file;              // absolute
  std::vector<std::string> overrides;      // fixed `key=value` assignments for this run
  CellLimits limits;                       // [limits], or the run's own time_s / memory_mb
};

// A cell is left out when it matches every entry of one exclusion (and its run, if named).
struct Exclusion {
  std::optional<std::string> run;
  std::vector<std::pair<std::string, std::string>> match;  // axis key, value label
};

struct Matrix {
  std::filesystem::path file;
  std::string text;  // as read, for its hash
  std::vector<MatrixRun> runs;
  std::vector<Axis> axes;  // in key order (TOML tables are unordered; this keeps ids stable)
  std::vector<Exclusion> exclusions;
  unsigned repetitions = 1;
};

// Throws ConfigError at the offending key's file:line:col (unknown keys with a did-you-mean).
[[nodiscard]] Matrix loadMatrix(const std::filesystem::path& file);
// `file` names the text in messages and anchors relative run-file paths.
[[nodiscard]] Matrix parseMatrix(std::string_view text, const std::filesystem::path& file);

}  // namespace symseq::bench
