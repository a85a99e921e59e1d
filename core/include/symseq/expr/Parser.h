#pragma once
// The one infix syntax of every model format (C-like):
//   x + 1 > y && !b      f(a, b)      c ? a : b      a => b      x % 3 == 0
// Literals: true false 42 -7 2.5 real(1, 3) 255bv8 0xffbv8.
// Arrays, when the scope has them (Scope::lookupArray): A[i] reads a cell (an ite over the cells
// unless i is a literal), and a bare A as a call argument passes every cell in order.
// Precedence, loosest first: ?:  =>  ||  ^^  &&  == !=  < <= > >=  |  ^  &  << >>  + -  * / %
// unary ! - ~. Bit-vector builtins: slt sle sgt sge sdiv srem; to_real(i) converts Int to Real.
// A chain of one associative operator (a && b && c, a + b + c) is one n-ary node; parentheses
// keep a nested node, so print(parse(text)) parses back to the same node.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "symseq/expr/ExprContext.h"
#include "symseq/support/Error.h"

#pragma GCC visibility push(default)

namespace symseq {

// What identifiers mean while parsing. The default scope is the context's variables and functions.
class Scope {
 public:
  virtual ~Scope() = default;
  [[nodiscard]] virtual std::optional<Expr> lookupVariable(std::string_view name) const = 0;
  [[nodiscard]] virtual const FunctionDecl* lookupFunction(std::string_view name) const = 0;
  // Names offered in "did you mean" hints.
  [[nodiscard]] virtual std::vector<std::string> variableNames() const = 0;
  // Function names offered in "did you mean" hints; none unless a scope overrides it.
  [[nodiscard]] virtual std::vector<std::string> functionNames() const { return {}; }
  // The cells of a fixed-size array named `name` (a model's `A : int[2]`), in index order; none
  // unless a scope overrides it. `A[i]` reads a cell: a literal index picks it (out of range is an
  // error), any other Int index reads ite(i == 0, A0, ite(i == 1, A1, ... An-1)), so an index
  // past either end reads the last cell. A bare `A` is only accepted as a call argument.
  [[nodiscard]] virtual const std::vector<Expr>* lookupArray(std::string_view /*name*/) const { return nullptr; }
};

struct ParseOptions {
  // Where the text starts, so errors point into the user's file.
  SourceLocation start{"<expr>", 1, 1};
  // Names resolve here; nullptr means the context's own variables and functions.
  const Scope* scope = nullptr;
};

// Throws ParseError (file:line:col, what was expected, what was found) or SortError with the
// location of the offending operator.
[[nodiscard]] Expr parseExpr(ExprContext& ctx, std::string_view text, const ParseOptions& options = {});

// True when `name` is reserved by the syntax (true, false, real, to_real, slt, ...).
[[nodiscard]] bool isReservedName(std::string_view name);

}  // namespace symseq

#pragma GCC visibility pop
