#pragma once
// The text of a model file, for frontends; throws ParseError naming the file when it cannot be read.
#include <filesystem>
#include <string>

#pragma GCC visibility push(default)

namespace symseq {

[[nodiscard]] std::string readModelFile(const std::filesystem::path& file);

}  // namespace symseq

#pragma GCC visibility pop
