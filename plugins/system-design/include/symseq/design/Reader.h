#pragma once
// The `.design` reader (docs/models/design.md): text to Design.h's structures, every name resolved
// and every term typed, errors at the file's line and column.
#include <string>
#include <string_view>

#include "symseq/design/Design.h"
#include "symseq/expr/ExprContext.h"

#pragma GCC visibility push(default)

namespace symseq::design {

// Throws ParseError (syntax) or Error (names, sorts, routing, `use` cycles) located in `file`.
[[nodiscard]] DesignFile readDesigns(std::string_view text, const std::string& file, ExprContext& ctx);

// The top design: `top` when given (a located ConfigError with a did-you-mean when unknown), else
// the first design of the file that no other design uses.
[[nodiscard]] const Design& topDesign(const DesignFile& file, std::string_view top);

}  // namespace symseq::design

#pragma GCC visibility pop
