#pragma once
// Output files appear whole or not at all: a reader (or a crash) never sees half a file.
#include <filesystem>
#include <string_view>

#pragma GCC visibility push(default)

namespace symseq {

// Writes `text` to a temporary file next to `path`, flushes it and renames it over `path`
// (rename is atomic within one file system). Throws Error naming the file on any failure and
// leaves no temporary file behind. The parent directory must exist.
void writeFileAtomically(const std::filesystem::path& path, std::string_view text);

}  // namespace symseq

#pragma GCC visibility pop
