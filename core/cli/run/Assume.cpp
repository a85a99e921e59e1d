#include "symseq/run/Assume.h"

#include <map>

#include "symseq/expr/Parser.h"
#include "symseq/expr/Rewrite.h"
#include "symseq/support/DidYouMean.h"

namespace symseq {

namespace {

// Every variable of the model resolves, so that a state variable is refused with its own message
// rather than as an unknown name.
class ModelVariables final : public Scope {
 public:
  explicit ModelVariables(const TransitionSystem& system) {
    for (const VariableDecl& v : system.variables) {
      vars_.emplace(std::string(v.var.name()), v.var);
      if (v.parameter) parameters_.emplace_back(v.var.name());
    }
  }
  [[nodiscard]] std::optional<Expr> lookupVariable(std::string_view name) const override {
    const auto it = vars_.find(name);
    return it == vars_.end() ? std::nullopt : std::optional(it->second);
  }
  [[nodiscard]] const FunctionDecl* lookupFunction(std::string_view) const override { return nullptr; }
  [[nodiscard]] std::vector<std::string> variableNames() const override { return parameters_; }
  [[nodiscard]] const std::vector<std::string>& parameters() const { return parameters_; }

 private:
  std::map<std::string, Expr, std::less<>> vars_;
  std::vector<std::string> parameters_;
};

std::string parameterHint(const std::vector<std::string>& parameters) {
  if (parameters.empty()) return "the model declares no system parameter; remove the [assume] section";
  std::string names;
  for (const auto& p : parameters) names += (names.empty() ? "" : ", ") + p;
  return "constrain the model's system parameters: " + names;
}

}  // namespace

std::vector<Expr> applyAssumptions(const AssumeConfig& assume, TransitionSystem& system) {
  std::vector<Expr> out;
  if (assume.constraints.empty()) return out;
  const ModelVariables scope(system);
  for (const AssumeConfig::Constraint& c : assume.constraints) {
    // The string's text starts one column after its opening quote.
    SourceLocation start = c.where.value_or(SourceLocation{"<assume>", 1, 1});
    start.column += 1;
    const Expr e = parseExpr(system.context(), c.text, ParseOptions{start, &scope});
    if (!e.sort().isBool())
      throw ConfigError("an [assume] constraint must be Boolean, but '" + c.text + "' has sort " + e.sort().toString(),
                        c.where, "compare a parameter with a value, e.g. 'contact_mode == false'");
    std::set<Expr, ExprIdLess> vars;
    collectVariables(e, vars);
    for (Expr v : vars) {
      const VariableDecl* d = system.findVariable(v);
      if (d == nullptr || !d->parameter)
        throw ConfigError("[assume] constrains system parameters only, but '" + std::string(v.name()) +
                              "' is not one" + didYouMean(std::string(v.name()), scope.parameters()),
                          c.where, parameterHint(scope.parameters()));
    }
    system.axioms.push_back(e);
    out.push_back(e);
  }
  return out;
}

}  // namespace symseq
