#pragma once
// A run-file section that chooses a plugin: its name key, the kernel's own keys, and the
// plugin's declared options, all other keys being errors.
#include "SectionReader.h"
#include "symseq/plugin/Registry.h"
#include "symseq/run/RunConfig.h"

namespace symseq {

// Reads the plugin named by `nameKey` and its options; `kernelKeys` (including `nameKey`) are
// read by the caller and only count as known here.
[[nodiscard]] PluginChoice readPluginChoice(const SectionReader& section, PluginKind kind, std::string_view nameKey,
                                            const std::vector<std::string>& kernelKeys, const Registry& registry);

}  // namespace symseq
