#pragma once
// Conditions and values of an SCXML document (`cond`, `expr`) in a small ECMAScript subset, read
// with the kernel's expression parser: the subset is checked token by token and rewritten into the
// kernel syntax position for position (entities and `===` padded with spaces), so every error,
// the subset's and the kernel parser's, is at the file's line:col of the character written.
// Subset: && || ! == != === !== < <= > >= + - * ( ), decimal integer literals, true, false, and
// the ids of <data> elements.
#include <map>
#include <string>
#include <vector>

#include "ScxmlSource.h"
#include "symseq/expr/ExprContext.h"
#include "symseq/expr/Parser.h"

namespace symseq::scxml {

// The data model's ids, the only names a `cond` or `expr` may use.
class DataScope final : public Scope {
 public:
  void add(const std::string& name, Expr var);
  [[nodiscard]] std::optional<Expr> lookupVariable(std::string_view name) const override;
  [[nodiscard]] const FunctionDecl* lookupFunction(std::string_view) const override { return nullptr; }
  [[nodiscard]] std::vector<std::string> variableNames() const override { return names_; }

 private:
  std::map<std::string, Expr, std::less<>> vars_;
  std::vector<std::string> names_;  // declaration order, for "did you mean"
};

// The kernel-syntax text of the script `attr`, as long as the raw text; throws ParseError at the
// first character outside the subset.
[[nodiscard]] std::string translateScript(const RawAttribute& attr, const SourceText& source);

// Parses the script `attr`; names resolve in `scope`.
[[nodiscard]] Expr parseScript(ExprContext& ctx, const RawAttribute& attr, const SourceText& source,
                               const Scope& scope);

}  // namespace symseq::scxml
