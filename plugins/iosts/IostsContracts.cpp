#include "IostsContracts.h"

#include <map>

#include "IostsScanner.h"
#include "symseq/expr/Parser.h"
#include "symseq/support/DidYouMean.h"

namespace symseq::iosts {

namespace {

// `\result` is not a name the kernel's lexer reads: the text is parsed with it replaced by this
// stand-in of the same length (columns stay right), which no model name can spell (a dot).
constexpr std::string_view kResult = "\\result";
constexpr std::string_view kResultStandIn = "r.esult";

// What a contract's condition or an axiom may read, by name.
class ConditionScope final : public Scope {
 public:
  void addVariable(const std::string& name, Expr var, bool offered) {
    variables_.emplace(name, var);
    if (offered) names_.push_back(name);
  }
  void addArray(const std::string& name, std::vector<Expr> cells) {
    arrays_.emplace(name, std::move(cells));
    names_.push_back(name);
  }
  [[nodiscard]] bool knows(std::string_view name) const {
    return name != kResultStandIn && (variables_.count(name) != 0 || arrays_.count(name) != 0);
  }

  [[nodiscard]] std::optional<Expr> lookupVariable(std::string_view name) const override {
    const auto it = variables_.find(name);
    return it == variables_.end() ? std::nullopt : std::optional(it->second);
  }
  [[nodiscard]] const std::vector<Expr>* lookupArray(std::string_view name) const override {
    const auto it = arrays_.find(name);
    return it == arrays_.end() ? nullptr : &it->second;
  }
  [[nodiscard]] const FunctionDecl* lookupFunction(std::string_view) const override { return nullptr; }
  // The names a user may write (parameters and frozen variables), for did-you-mean.
  [[nodiscard]] std::vector<std::string> variableNames() const override { return names_; }

 private:
  std::map<std::string, Expr, std::less<>> variables_;
  std::map<std::string, std::vector<Expr>, std::less<>> arrays_;
  std::vector<std::string> names_;
};

// One condition to lower: a clause of a behaviour, or an axiom.
struct Condition {
  const ExprText* text;
  std::string what;      // "the assumes clause of behaviour 'tea' of program 'Price'", for messages
  std::string reader;    // "behaviour 'tea' of program 'Price'", "an axiom"
  bool resultAllowed;    // ensures
  std::string allowed;   // "a parameter nor a frozen variable", for "neither ..."
  bool axiom = false;
};

class ContractLowering {
 public:
  ContractLowering(const Model& m, TransitionSystem& system, const Declarations& d)
      : m_(m), system_(system), ctx_(system.context()), d_(d) {}

  void run() {
    for (std::size_t i = 0; i < m_.programs.size(); ++i) system_.contracts.push_back(contract(i));
    ConditionScope scope;
    addGlobals(scope);
    for (const ExprText& a : m_.axioms)
      system_.axioms.push_back(
          condition(scope, {&a, "the axiom", "an axiom", false, "a frozen variable nor an enum literal", true}));
  }

 private:
  // Frozen variables and enum literals: every condition may read them.
  void addGlobals(ConditionScope& scope) const {
    for (const auto& [name, value] : d_.scope.literals()) scope.addVariable(name, value, false);
    for (const auto& [name, var] : d_.scope.frozen()) scope.addVariable(name, var, true);
  }

  Contract contract(std::size_t index) {
    const ProgramDecl& p = m_.programs[index];
    const ProgramSorts& sorts = d_.programs[index];
    const ContractDecl* written = nullptr;
    for (const ContractDecl& c : m_.contracts)
      if (c.program.text == p.name.text) written = &c;
    Contract out;
    out.program = sorts.decl;
    out.where = written != nullptr ? written->program.where : p.name.where;
    ConditionScope scope;
    for (std::size_t k = 0; k < sorts.params.size(); ++k) {
      const ResolvedSort& sort = sorts.params[k];
      const Name name = written != nullptr ? written->params[k] : Name{"x" + std::to_string(k + 1), p.name.where};
      if (written != nullptr && (d_.scope.isLiteral(name.text) || d_.scope.isFrozen(name.text)))
        Scanner::failAt(name.where,
                        "parameter '" + name.text + "' of the contract of '" + p.name.text + "' has the name of " +
                            (d_.scope.isLiteral(name.text) ? "an enum literal" : "a frozen variable"),
                        "choose another name: the conditions would not tell them apart");
      const std::string prefix = p.name.text + "." + name.text;
      std::vector<Expr> cells;
      for (std::uint32_t c = 0; c < sort.cells.value_or(1); ++c)
        cells.push_back(variable(sort.cells ? prefix + "[" + std::to_string(c) + "]" : prefix, sort, name.where));
      out.params.insert(out.params.end(), cells.begin(), cells.end());
      if (sort.cells)
        scope.addArray(name.text, std::move(cells));
      else
        scope.addVariable(name.text, cells[0], true);
    }
    addGlobals(scope);
    out.result = variable(p.name.text + ".result", sorts.result, p.name.where);
    if (written == nullptr) return out;
    out.declaredDisjoint = written->disjoint.has_value();
    out.declaredComplete = written->complete.has_value();
    for (const BehaviorText& b : written->behaviors) {
      const std::string reader = "behaviour '" + b.name.text + "' of program '" + p.name.text + "'";
      const std::string allowed = "a parameter of the contract nor a frozen variable";
      std::vector<Expr> pre, post;
      for (const ExprText& e : b.assumes)
        pre.push_back(condition(scope, {&e, "the assumes clause of " + reader, reader, false, allowed}));
      scope.addVariable(std::string(kResultStandIn), out.result, false);
      for (const ExprText& e : b.ensures)
        post.push_back(condition(scope, {&e, "the ensures clause of " + reader, reader, true, allowed}));
      out.behaviors.push_back({b.name.text, ctx_.mkAnd(pre), ctx_.mkAnd(post), b.name.where});
    }
    return out;
  }

  Expr variable(const std::string& name, const ResolvedSort& sort, const SourceLocation& where) {
    Expr var;
    try {
      var = ctx_.var(name, sort.sort);
    } catch (const SortError& e) {  // the run's context already has the name with another sort
      throw SortError(e.message(), where, "rename it");
    }
    if (sort.enumIndex) system_.variableEnumerations.emplace(var, *sort.enumIndex);
    return var;
  }

  // Checks every name of the condition's text, then parses it as a bool term.
  Expr condition(const ConditionScope& scope, const Condition& c) {
    const ExprText& e = *c.text;
    // ACSL's connectives the kernel's syntax spells otherwise (its lexer would read `==` then `>`).
    if (const auto at = e.text.find("<==>"); at != std::string::npos)
      Scanner::failAt(locate(e, at), "'<==>' is ACSL's equivalence; symseq writes it '==' between bools",
                      "write (a) == (b), with parentheses: '==' binds tighter than '&&' and '||'");
    if (const auto at = e.text.find("==>"); at != std::string::npos)
      Scanner::failAt(locate(e, at), "'==>' is ACSL's implication; symseq writes it '=>'",
                      "a => b binds loosest, as in ACSL");
    for (const NameUse& n : namesIn(e.text)) {
      const SourceLocation at = locate(e, n.offset);
      if (n.text.front() == '\\') {
        if (n.text != kResult)
          Scanner::failAt(at, "unknown ACSL construct '" + n.text + "'",
                          "a contract's conditions use symseq's expression syntax, with \\result for the result");
        if (!c.resultAllowed)
          Scanner::failAt(at, std::string("\\result in ") + (c.axiom ? "an axiom" : "an assumes clause"),
                          "an assumes clause reads the parameters and frozen variables; the result is known in "
                          "ensures clauses only");
        continue;
      }
      if (isReservedName(n.text)) continue;  // true, false and the builtins (to_real, ...)
      if (n.call)
        Scanner::failAt(at, c.reader + " calls '" + n.text + "'",
                        "a contract's conditions and the axioms call builtins only (to_real, ...), neither external "
                        "functions nor programs");
      if (scope.knows(n.text)) continue;
      std::string hint = "declare it with 'frozen " + n.text + " : SORT' to share it between contracts and axioms";
      if (!c.axiom) hint = "name a parameter, \\result (in ensures) or a frozen variable; " + hint;
      if (d_.attributes.count(n.text) != 0)
        hint = c.axiom ? "an axiom constrains frozen variables, whose value is one for every path; an "
                                        "attribute changes along a path"
                                      : "a contract does not read the model's attributes: pass the value as an "
                                        "argument of the call";
      Scanner::failAt(at,
                      c.reader + " reads '" + n.text + "', which is neither " + c.allowed +
                          didYouMean(n.text, scope.variableNames()),
                      hint);
    }
    ExprText parsed = e;
    for (auto at = parsed.text.find(kResult); at != std::string::npos; at = parsed.text.find(kResult, at))
      parsed.text.replace(at, kResult.size(), kResultStandIn);
    const Expr value = parseTerm(ctx_, parsed, scope);
    if (!value.sort().isBool())
      throw SortError(c.what + " has sort " + value.sort().toString() + ", expected bool", e.where,
                      "write a condition, e.g. " + e.text + " > 0");
    return value;
  }

  const Model& m_;
  TransitionSystem& system_;
  ExprContext& ctx_;
  const Declarations& d_;
};

}  // namespace

void lowerContracts(const Model& model, TransitionSystem& system, const Declarations& declarations) {
  ContractLowering(model, system, declarations).run();
}

}  // namespace symseq::iosts
