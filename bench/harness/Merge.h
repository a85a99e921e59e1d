#pragma once
// `symseq bench merge`: joins the results files of the shards of one matrix into one, refusing
// files whose provenance differs (another build, matrix, model, machine type) unless allowed.
#include <vector>

#include "harness/ResultsFile.h"

namespace symseq::bench {

// Throws ConfigError naming the file and the differing provenance fields, unless `allowMixed`.
// The merged provenance is the first file's, with the shard cleared; a cell id found in several
// files is kept once (from the first).
[[nodiscard]] Results mergeResults(const std::vector<Results>& parts, bool allowMixed);

}  // namespace symseq::bench
