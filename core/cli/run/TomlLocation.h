#pragma once
// Turning toml++ source regions and node types into the kernel's terms.
#include <string>
#include <toml++/toml.h>

#include "symseq/support/Error.h"

namespace symseq {

// `fallback` names the file when the node was not read from one.
[[nodiscard]] SourceLocation toLocation(const toml::source_region& region, const std::string& fallback);
// "a string", "an integer", ... for "found ..." in messages.
[[nodiscard]] std::string describe(const toml::node& node);

}  // namespace symseq
