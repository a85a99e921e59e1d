#pragma once
// An expression file, as `symseq expr FILE` reads it: `var NAME : SORT` lines (and `#` comments)
// declaring the variables, then one expression in the model syntax.
#include <string>
#include <string_view>

#include "symseq/expr/ExprContext.h"

namespace symseq::cli {

// Declares the file's variables in `ctx` and parses its expression; a ParseError at name:line:col
// for anything malformed (a bad declaration, no expression).
[[nodiscard]] Expr readExprFile(ExprContext& ctx, std::string_view text, const std::string& name);

}  // namespace symseq::cli
