#pragma once
// Printing expressions: in the infix syntax of Parser.h (round-trips), and as SMT-LIB2 for logs.
#include <span>
#include <string>

#include "symseq/expr/Expr.h"

#pragma GCC visibility push(default)

namespace symseq {

// Infix text that parseExpr turns back into the same node (with the same names in scope).
[[nodiscard]] std::string toString(Expr e);

// One SMT-LIB2 term, e.g. (and (> (+ x 1) y) (not b)). Shared sub-terms are printed in full.
[[nodiscard]] std::string toSmtLib(Expr e);

// A complete SMT-LIB2 script: set-logic ALL, declarations of every variable and function the
// assertions use (in creation order), one assert each, and (check-sat).
[[nodiscard]] std::string toSmtLibScript(std::span<const Expr> assertions);

}  // namespace symseq

#pragma GCC visibility pop
