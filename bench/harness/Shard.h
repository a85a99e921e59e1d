#pragma once
// `--shard i/N`: a deterministic slice of a matrix's cells, so that a scheduler (a Slurm job
// array, GNU parallel) can run the N slices on N machines; `symseq bench merge` joins them.
#include <string_view>
#include <vector>

#include "harness/Cell.h"

namespace symseq::bench {

struct Shard {
  unsigned index = 1;  // 1..count
  unsigned count = 1;
};

// "i/N" with 1 <= i <= N; throws ConfigError otherwise.
[[nodiscard]] Shard parseShard(std::string_view text);
// Cells whose index is i-1 modulo N: round robin, so every shard gets a share of every run and
// configuration, and the shards partition the cells.
[[nodiscard]] std::vector<Cell> selectShard(const std::vector<Cell>& cells, const Shard& shard);

}  // namespace symseq::bench
