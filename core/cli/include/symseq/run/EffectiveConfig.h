#pragma once
// The effective configuration of a run, written next to its results: every key with defaults
// filled in and paths absolute, plus the plugins' build ids as comments. Loading it again gives
// an equal RunConfig, so a run can be repeated exactly from its output directory.
#include <filesystem>
#include <string>

#include "symseq/plugin/Registry.h"
#include "symseq/run/RunConfig.h"

namespace symseq {

inline constexpr const char* kEffectiveConfigName = "effective-run.toml";

[[nodiscard]] std::string effectiveConfigText(const RunConfig& config, const Registry& registry);

// Writes <output.dir>/effective-run.toml atomically (the directory must exist); returns its path.
std::filesystem::path writeEffectiveConfig(const RunConfig& config, const Registry& registry);
// The same into `dir` (a run's staging folder, run/OutputFolder.h); the text still names output.dir.
std::filesystem::path writeEffectiveConfig(const RunConfig& config, const Registry& registry,
                                           const std::filesystem::path& dir);

}  // namespace symseq
