#pragma once
// The index of a plugin directory: what each plugin's descriptor says, with the size and
// modification time of its file, so that Registry::loadDirectory registers the plugins without
// opening them and a run opens only those it names. The registry reads it (core/src/plugin/
// Registry.cpp, where the format is checked); this writes it. The build writes the index of its
// plugin directory, and the install that of the installed one (`symseq plugins --write-index`).
#include <filesystem>

namespace symseq {

// The index's name in its directory (Registry.cpp reads the same name).
inline constexpr const char* kPluginIndexFileName = "symseq-plugins.index";

// Loads every *.so in `dir` as a directory without index would (so a bad file is refused with the
// same error) and writes `dir`/kPluginIndexFileName describing them, replacing any index there
// atomically. Returns the index's path.
std::filesystem::path writePluginIndex(const std::filesystem::path& dir);

}  // namespace symseq
