#pragma once
// Report files and merged results appear whole or not at all: a reader (or a crash) never sees
// half a file.
#include <filesystem>
#include <string_view>

namespace symseq::bench {

// Writes `text` to a temporary file next to `path`, flushes it and renames it over `path`.
// Throws Error naming the file on any failure and leaves no temporary file behind.
void writeFileAtomically(const std::filesystem::path& path, std::string_view text);

}  // namespace symseq::bench
