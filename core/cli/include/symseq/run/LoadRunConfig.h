#pragma once
// The second phase of reading a run: every key checked, plugin options validated against the
// plugins in the Registry, defaults filled in, relative paths resolved against the run file.
#include <filesystem>
#include <string>
#include <vector>

#include "symseq/plugin/Registry.h"
#include "symseq/run/RunConfig.h"
#include "symseq/run/RunDocument.h"

namespace symseq {

// The document's plugin_dirs must already be loaded into `registry`. `extraPluginDirs` (from
// the command line, already loaded) are recorded in RunConfig::pluginDirs after the file's own.
// Throws ConfigError at the offending key's or value's file:line:col.
[[nodiscard]] RunConfig resolveRunConfig(const RunDocument& document, const Registry& registry,
                                         const std::vector<std::filesystem::path>& extraPluginDirs = {});

// Loads the document's plugin_dirs; a directory that cannot be loaded is an error at its entry.
void loadPluginDirs(const RunDocument& document, Registry& registry);

// Both phases: parse, apply `--set` overrides, load the run file's plugin_dirs, resolve.
[[nodiscard]] RunConfig loadRunConfig(const std::filesystem::path& file, const std::vector<std::string>& overrides,
                                      Registry& registry,
                                      const std::vector<std::filesystem::path>& extraPluginDirs = {});

}  // namespace symseq
