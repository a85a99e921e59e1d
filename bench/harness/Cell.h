#pragma once
// One cell of a matrix: a run file, one value of every axis, one repetition. Cells are numbered
// in one fixed order, and their ids are built from names only, so the same matrix gives the same
// cells, in the same order, with the same ids, on every machine.
#include <cstddef>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "harness/Matrix.h"

namespace symseq::bench {

struct Cell {
  std::size_t index = 0;      // position in the full expansion (exclusions skipped, shards not)
  std::string id;             // configuration + "/rep=N"
  std::string configuration;  // "gm/solver.name=z3/seed=0": the cell without its repetition
  std::string run;
  std::filesystem::path runFile;
  std::vector<std::pair<std::string, std::string>> axes;  // axis key, value label
  std::vector<std::string> overrides;                      // `key=value` for `symseq run --set`
  unsigned repetition = 1;                                  // from 1
  CellLimits limits;
};

// The cross product: repetition outermost (so a drifting machine spreads over every
// configuration alike), then runs in file order, then axes in key order, values in file order.
[[nodiscard]] std::vector<Cell> expandMatrix(const Matrix& matrix);

}  // namespace symseq::bench
