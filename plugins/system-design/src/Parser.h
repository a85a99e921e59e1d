#pragma once
// The `.design` grammar (docs/models/design.md) over Scanner.h's tokens: the designs as written,
// syntax errors as "expected X, found Y" at the token. Internal to the library.
#include <string>
#include <string_view>
#include <vector>

#include "Syntax.h"

namespace symseq::design {

[[nodiscard]] std::vector<syntax::DesignText> parseDesigns(std::string_view text, const std::string& file);

}  // namespace symseq::design
