#pragma once
// What a results file was made with: the symseq build, the plugins (solver library versions
// and build ids), hashes of the matrix, run files and models, the machine and the date. The
// first line of every results file; merge and resume refuse files whose provenance differs.
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "harness/Matrix.h"
#include "harness/Shard.h"

namespace symseq::bench {

[[nodiscard]] std::string sha256Hex(std::string_view bytes);
[[nodiscard]] std::string sha256File(const std::filesystem::path& file);

// `version` and `plugins` as `symseq version --json` and `symseq plugins --json` print them
// (Symseq.h): the build that runs the cells and the plugins they get.
[[nodiscard]] nlohmann::ordered_json collectProvenance(const Matrix& matrix, const nlohmann::ordered_json& version,
                                                       const nlohmann::ordered_json& plugins,
                                                       const std::optional<Shard>& shard);

// The fields that must agree for two results files to be one comparison; the date, the shard
// and the core count may differ. Returns the names of the fields that differ.
[[nodiscard]] std::vector<std::string> provenanceDifferences(const nlohmann::ordered_json& a,
                                                             const nlohmann::ordered_json& b);

}  // namespace symseq::bench
