#include "IostsDecls.h"

#include "IostsScanner.h"
#include "symseq/support/DidYouMean.h"

namespace symseq::iosts {

namespace {

class DeclLowering {
 public:
  DeclLowering(const Model& m, TransitionSystem& system) : m_(m), system_(system), ctx_(system.context()) {}

  Declarations run() {
    declareEnums();
    declareFunctions();
    declarePrograms();  // before the attributes, whose initial values must not call them
    declareAttributes();
    declareFrozen();
    declareChannels();
    for (const Name& s : m_.states) system_.addLocation(s.text, s.where);
    system_.initial = static_cast<LocationId>(m_.initialState);
    return std::move(d_);
  }

 private:
  void declareEnums() {
    for (const EnumDecl& e : m_.enums) {
      enumSizes_.emplace(e.name.text, e.literals.size());
      enumIndices_.emplace(e.name.text, static_cast<std::uint32_t>(system_.enumerations.size()));
      Enumeration& kept = system_.enumerations.emplace_back();
      kept.name = e.name.text;
      for (const auto& literal : e.literals) kept.literals.push_back(literal.text);
      for (std::size_t i = 0; i < e.literals.size(); ++i)
        d_.scope.addLiteral(e.literals[i].text, ctx_.intVal(static_cast<long>(i)));
    }
  }

  ResolvedSort resolve(const SortText& s, bool arrayAllowed, std::string_view what) {
    ResolvedSort r{Sort::integer(), std::nullopt, std::nullopt, s.size, s.base.text};
    if (const auto e = enumSizes_.find(s.base.text); e != enumSizes_.end()) {
      r.enumSize = e->second;
      r.enumIndex = enumIndices_.at(s.base.text);
    } else if (const auto kernel = Sort::fromString(s.base.text)) {
      r.sort = *kernel;
    } else {
      std::vector<std::string> names{"bool", "int", "real", "bv8"};
      for (const EnumDecl& en : m_.enums) names.push_back(en.name.text);
      Scanner::failAt(s.base.where, "unknown sort '" + s.base.text + "'" + didYouMean(s.base.text, names),
                      "sorts are bool, int, real, bvN (N bits) and the enums the model declares");
    }
    if (s.size) {
      r.text += "[" + std::to_string(*s.size) + "]";
      if (!arrayAllowed)
        Scanner::failAt(s.base.where, std::string(what) + " cannot be an array",
                        "arrays are for attributes and function parameters; use a scalar sort");
    }
    return r;
  }

  Expr variable(const std::string& name, Sort sort, const SourceLocation& where) {
    try {
      return ctx_.var(name, sort);
    } catch (const SortError& e) {  // the run's context already has the name with another sort
      throw SortError(e.message(), where, "rename it");
    }
  }

  void declareAttributes() {
    for (const AttributeDecl& a : m_.attributes) {
      const ResolvedSort sort = resolve(a.sort, true, "an attribute");
      std::vector<Expr> cells;
      if (sort.cells) {
        for (std::uint32_t k = 0; k < *sort.cells; ++k)
          cells.push_back(variable(a.name.text + "[" + std::to_string(k) + "]", sort.sort, a.name.where));
        d_.scope.addArray(a.name.text, cells);
      } else {
        cells.push_back(variable(a.name.text, sort.sort, a.name.where));
        d_.scope.addVariable(a.name.text, cells[0]);
      }
      if (sort.enumIndex)
        for (Expr cell : cells) system_.variableEnumerations.emplace(cell, *sort.enumIndex);
      d_.attributes.emplace(a.name.text, sort);
      pendingInitials_.push_back({&a, sort, std::move(cells)});
    }
    // After every attribute is declared, so that an initial value reading one says so.
    for (const PendingInitial& p : pendingInitials_) {
      const std::optional<Expr> initial = initialValue(*p.decl, p.sort);
      for (Expr cell : p.cells) system_.variables.push_back({cell, VariableRole::State, initial, p.decl->name.where});
    }
  }

  std::optional<Expr> initialValue(const AttributeDecl& a, const ResolvedSort& sort) {
    if (!a.initial) return sort.enumSize ? std::optional(ctx_.intVal(0)) : std::nullopt;
    const Expr value = parseTerm(ctx_, *a.initial, d_.scope);
    checkProgramCalls(value, *a.initial, d_.scope, CallPlace::InitialValue);
    if (const auto reads = variablesOf(value); !reads.empty())
      Scanner::failAt(a.initial->where,
                      "the initial value of '" + a.name.text + "' reads attribute '" +
                          std::string(reads.begin()->name()) + "'",
                      "an initial value is a constant expression");
    if (value.sort() != sort.sort)
      throw SortError("the initial value of '" + a.name.text + "' has sort " + value.sort().toString() +
                          ", expected " + sort.sort.toString(),
                      a.initial->where);
    if (sort.enumSize && value.isConst() && (value.value().asInt() < 0 || value.value().asInt() >= *sort.enumSize))
      Scanner::failAt(a.initial->where, "the initial value of '" + a.name.text + "' is not a literal of " + a.sort.base.text,
                      "write one of the enum's literals");
    return value;
  }

  void declareFunctions() {
    for (const ExternalDecl& f : m_.functions) {
      std::vector<Sort> params;
      for (const SortText& p : f.params) {
        const ResolvedSort r = resolve(p, true, "a parameter");
        params.insert(params.end(), r.cells.value_or(1), r.sort);
      }
      const Sort result = resolve(f.result, false, "a function's result").sort;
      const symseq::FunctionDecl* decl = nullptr;
      try {
        decl = &ctx_.declareFunction(f.name.text, params, result, FunctionKind::External);
      } catch (const SortError& e) {  // the run's context has the name with another signature
        throw SortError(e.message(), f.name.where, "rename the function");
      }
      d_.scope.addFunction(*decl);
      system_.externals.push_back(decl);
    }
  }

  void declarePrograms() {
    for (const ProgramDecl& p : m_.programs) {
      ProgramSorts& sorts = d_.programs.emplace_back();
      std::vector<Sort> params;
      for (const SortText& s : p.params) {
        sorts.params.push_back(resolve(s, true, "a parameter"));
        params.insert(params.end(), sorts.params.back().cells.value_or(1), sorts.params.back().sort);
      }
      sorts.result = resolve(p.result, false, "a program's result");
      try {
        sorts.decl = &ctx_.declareFunction(p.name.text, params, sorts.result.sort, FunctionKind::Program);
      } catch (const SortError& e) {  // the run's context has the name with another signature
        throw SortError(e.message(), p.name.where, "rename the program");
      }
      d_.scope.addFunction(*sorts.decl);
    }
  }

  void declareFrozen() {
    for (const FrozenDecl& f : m_.frozen) {
      const ResolvedSort sort = resolve(f.sort, false, "a frozen variable");
      const Expr var = variable(f.name.text, sort.sort, f.name.where);
      system_.variables.push_back({var, VariableRole::State, std::nullopt, f.name.where, true});
      if (sort.enumIndex) system_.variableEnumerations.emplace(var, *sort.enumIndex);
      d_.scope.addFrozen(f.name.text, var);
    }
  }

  void declareChannels() {
    for (const ChannelDecl& c : m_.channels) {
      Channel channel{c.name.text, c.input ? ChannelDirection::Input : ChannelDirection::Output, {}};
      std::vector<Expr>& inputs = d_.channelInputs.emplace_back();
      std::vector<ResolvedSort>& sorts = d_.channelParams.emplace_back();
      for (const ChannelParam& p : c.params) {
        sorts.push_back(resolve(p.sort, false, "a channel parameter"));
        if (sorts.back().enumIndex)
          system_.parameterEnumerations.emplace(
              std::pair{static_cast<std::uint32_t>(system_.channels.size()), static_cast<std::uint32_t>(channel.params.size())},
              *sorts.back().enumIndex);
        channel.params.push_back(sorts.back().sort);
        if (!c.input) continue;
        inputs.push_back(variable(c.name.text + "." + p.name.text, sorts.back().sort, p.name.where));
        system_.variables.push_back({inputs.back(), VariableRole::Input, std::nullopt, p.name.where});
        if (sorts.back().enumIndex) system_.variableEnumerations.emplace(inputs.back(), *sorts.back().enumIndex);
      }
      system_.channels.push_back(std::move(channel));
    }
  }

  struct PendingInitial {
    const AttributeDecl* decl;
    ResolvedSort sort;
    std::vector<Expr> cells;
  };

  const Model& m_;
  TransitionSystem& system_;
  ExprContext& ctx_;
  Declarations d_;
  std::map<std::string, std::size_t, std::less<>> enumSizes_;
  std::map<std::string, std::uint32_t, std::less<>> enumIndices_;
  std::vector<PendingInitial> pendingInitials_;
};

}  // namespace

Declarations lowerDeclarations(const Model& model, TransitionSystem& system) {
  return DeclLowering(model, system).run();
}

}  // namespace symseq::iosts
