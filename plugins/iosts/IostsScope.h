#pragma once
// What names mean in a .iosts model's expressions: scalar attributes (state variables), arrays
// (their cells, for A[i] and whole-array call arguments), enum literals (Int constants), frozen
// variables, and the model's external functions and programs. Only the model's own
// declarations resolve, so a name left in the run's context by another model is still unknown
// here; channel inputs never resolve (a guard is evaluated before the reception).
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
  void addFunction(const FunctionDecl& f);  // an external function or a program
  // A frozen variable: terms read it like an attribute, nothing writes it.
  void addFrozen(const std::string& name, Expr var);

  [[nodiscard]] std::optional<Expr> lookupVariable(std::string_view name) const override;
  [[nodiscard]] const std::vector<Expr>* lookupArray(std::string_view name) const override;
  [[nodiscard]] const FunctionDecl* lookupFunction(std::string_view name) const override;
  [[nodiscard]] std::vector<std::string> variableNames() const override { return names_; }
  [[nodiscard]] std::vector<std::string> functionNames() const override { return functionNames_; }

  // Attributes only (scalars and arrays), for "unknown attribute" hints.
  [[nodiscard]] const std::vector<std::string>& attributeNames() const { return attributeNames_; }
  [[nodiscard]] bool isLiteral(std::string_view name) const { return literals_.count(name) != 0; }
  [[nodiscard]] bool isFrozen(std::string_view name) const { return frozen_.count(name) != 0; }
  [[nodiscard]] bool isProgram(std::string_view name) const;
  // The enum literals (name, value), for the contracts' own scope.
  [[nodiscard]] const std::map<std::string, Expr, std::less<>>& literals() const { return literals_; }
  [[nodiscard]] const std::map<std::string, Expr, std::less<>>& frozen() const { return frozen_; }

 private:
  std::map<std::string, Expr, std::less<>> variables_, literals_, frozen_;
  std::map<std::string, std::vector<Expr>, std::less<>> arrays_;
  std::map<std::string, const FunctionDecl*, std::less<>> functions_;
  std::vector<std::string> names_, attributeNames_, functionNames_;  // declaration order, for ties
};

// A name in an expression's text: an identifier, or a backslash word such as `\result`; `call`
// when an opening parenthesis follows it. `offset` is into ExprText::text.
struct NameUse {
  std::string text;
  std::size_t offset = 0;
  bool call = false;
};

// The names of `text` in order, numbers left out (the lexer's view: identifiers may hold dots).
[[nodiscard]] std::vector<NameUse> namesIn(std::string_view text);

// Where the character at `offset` of `e` is in the file.
[[nodiscard]] SourceLocation locate(const ExprText& e, std::size_t offset);

// Where programs may be called (docs/models/iosts.md, "Programs and contracts"): nowhere but
// as the whole right-hand side of an assignment.
enum class CallPlace : std::uint8_t { Guard, Emitted, Index, InitialValue, Axiom, AssignedValue };

// Refuses a program call in `e` (parsed from `text`) unless `place` is AssignedValue and the
// call is the whole of `e`: an error at the offending call's name, with the hint to assign the
// call to an attribute first.
void checkProgramCalls(Expr e, const ExprText& text, const ModelScope& scope, CallPlace place);

// Every variable `e` reads, each once, ordered by creation.
[[nodiscard]] std::set<Expr, ExprIdLess> variablesOf(Expr e);

// Parses a term or guard of the model against `scope`. The kernel's errors keep their message
// and place; those without a hint get one that says what to do in a .iosts file.
[[nodiscard]] Expr parseTerm(ExprContext& ctx, const ExprText& text, const Scope& scope);

}  // namespace symseq::iosts
