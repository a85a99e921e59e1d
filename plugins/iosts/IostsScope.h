#pragma once
// What names mean in a .iosts model's expressions: scalar attributes (state variables), arrays
// (their cells, for A[i] and whole-array call arguments), enum literals (Int constants) and the
// model's external functions. Only the model's own declarations resolve, so a name left in the
// run's context by another model is still unknown here; channel inputs never resolve (a guard
// is evaluated before the reception).
#include <map>
#include <set>
#include <string>
#include <vector>

#include "IostsModel.h"
#include "symseq/expr/Parser.h"

namespace symseq::iosts {

class ModelScope final : public Scope {
 public:
  void addVariable(const std::string& name, Expr var);
  void addArray(const std::string& name, std::vector<Expr> cells);
  void addLiteral(const std::string& name, Expr value);
  void addFunction(const FunctionDecl& f);

  [[nodiscard]] std::optional<Expr> lookupVariable(std::string_view name) const override;
  [[nodiscard]] const std::vector<Expr>* lookupArray(std::string_view name) const override;
  [[nodiscard]] const FunctionDecl* lookupFunction(std::string_view name) const override;
  [[nodiscard]] std::vector<std::string> variableNames() const override { return names_; }
  [[nodiscard]] std::vector<std::string> functionNames() const override { return functionNames_; }

  // Attributes only (scalars and arrays), for "unknown attribute" hints.
  [[nodiscard]] const std::vector<std::string>& attributeNames() const { return attributeNames_; }
  [[nodiscard]] bool isLiteral(std::string_view name) const { return literals_.count(name) != 0; }

 private:
  std::map<std::string, Expr, std::less<>> variables_, literals_;
  std::map<std::string, std::vector<Expr>, std::less<>> arrays_;
  std::map<std::string, const FunctionDecl*, std::less<>> functions_;
  std::vector<std::string> names_, attributeNames_, functionNames_;  // declaration order, for ties
};

// Every variable `e` reads, each once, ordered by creation.
[[nodiscard]] std::set<Expr, ExprIdLess> variablesOf(Expr e);

// Parses a term or guard of the model against `scope`. The kernel's errors keep their message
// and place; those without a hint get one that says what to do in a .iosts file.
[[nodiscard]] Expr parseTerm(ExprContext& ctx, const ExprText& text, const ModelScope& scope);

}  // namespace symseq::iosts
