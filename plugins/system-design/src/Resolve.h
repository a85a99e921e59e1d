#pragma once
// One design as written to Design.h's structure: declarations checked, names resolved, terms
// typed over placeholders, basic programs numbered in text order. Internal to the library.
#include <vector>

#include "Syntax.h"
#include "symseq/expr/ExprContext.h"

namespace symseq::design {

// `designs[index]`, with `carriers` from checkComposition (the `use` graph is already valid).
[[nodiscard]] Design resolveDesign(const std::vector<syntax::DesignText>& designs, std::size_t index,
                                   const std::vector<TimeKind>& carriers, ExprContext& ctx);

}  // namespace symseq::design
