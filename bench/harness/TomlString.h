#pragma once
// A TOML basic string holding `text`, for `--set key=<value>`: a bare value would be read as TOML
// first, so "true" or a path with quotes would not stay a string.
#include <string>

namespace symseq::bench {

[[nodiscard]] std::string tomlString(const std::string& text);

}  // namespace symseq::bench
