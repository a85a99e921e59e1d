#include "CfgLower.h"

#include <map>

#include "CfgDataflow.h"
#include "symseq/expr/Parser.h"
#include "symseq/support/DidYouMean.h"

namespace symseq::cfg {

namespace {

// Only the model's declared variables resolve, so a name left over in the context from another
// model is still an unknown variable here.
class ModelScope final : public Scope {
 public:
  void add(const std::string& name, Expr var) {
    vars_.emplace(name, var);
    names_.push_back(name);
  }
  [[nodiscard]] std::optional<Expr> lookupVariable(std::string_view name) const override {
    const auto it = vars_.find(name);
    return it == vars_.end() ? std::nullopt : std::optional(it->second);
  }
  [[nodiscard]] const FunctionDecl* lookupFunction(std::string_view) const override { return nullptr; }
  [[nodiscard]] std::vector<std::string> variableNames() const override { return names_; }

 private:
  std::map<std::string, Expr, std::less<>> vars_;
  std::vector<std::string> names_;  // declaration order, for did-you-mean ties
};

class Lowering {
 public:
  Lowering(const Model& m, ExprContext& ctx) : m_(m), ctx_(ctx), system_(ctx) {}

  TransitionSystem run() {
    system_.name = m_.name;
    declareVariables();
    parseNodes();
    checkAssignedBeforeRead(m_);
    buildGraph();
    system_.validate();  // a safety net: the rules above should leave nothing for it to find
    return std::move(system_);
  }

 private:
  Expr parse(const ExprText& e) { return parseExpr(ctx_, e.text, ParseOptions{e.where, &scope_}); }

  void declareVariables() {
    for (const VarDecl& v : m_.variables) {
      Expr var;
      try {
        var = ctx_.var(v.name, v.sort);
      } catch (const SortError& e) {  // the run's context already has the name with another sort
        throw SortError(e.message(), v.where, "rename the variable");
      }
      scope_.add(v.name, var);
      vars_.emplace(v.name, &v);
    }
    for (const VarDecl& v : m_.variables) {
      VariableDecl decl{*scope_.lookupVariable(v.name), v.input ? VariableRole::Input : VariableRole::State,
                        std::nullopt, v.where};
      if (v.initial) {
        const Expr value = parse(*v.initial);
        if (value.sort() != v.sort)
          throw SortError("the initial value of '" + v.name + "' has sort " + value.sort().toString() + ", expected " +
                              v.sort.toString(),
                          v.initial->where);
        for (const Identifier& id : identifiers(v.initial->text))
          if (vars_.count(id.name) != 0)
            throw ParseError("the initial value of '" + v.name + "' reads variable '" + id.name + "'",
                             locate(*v.initial, id.offset),
                             "an initial value is a constant; assign it in 'init { ... }'");
        decl.initial = value;
      }
      system_.variables.push_back(std::move(decl));
    }
  }

  void parseNodes() {
    std::vector<std::string> names;
    for (const VarDecl& v : m_.variables) names.push_back(v.name);
    for (const Node& n : m_.nodes) {
      NodeExprs& out = exprs_.emplace_back();
      for (const Assignment& a : n.assignments) {
        const auto it = vars_.find(a.variable);
        if (it == vars_.end())
          throw ParseError("unknown variable '" + a.variable + "'" + didYouMean(a.variable, names), a.where,
                           "declare it with 'var " + a.variable + " : int' (or another sort)");
        if (it->second->input)
          throw ParseError("input '" + a.variable + "' cannot be assigned", a.where,
                           "inputs are read afresh at 'loop'; copy it into a 'var' to change it");
        const Expr var = *scope_.lookupVariable(a.variable);
        const Expr value = parse(a.value);
        if (value.sort() != var.sort())
          throw SortError("cannot assign a value of sort " + value.sort().toString() + " to '" + a.variable +
                              "' of sort " + var.sort().toString(),
                          a.value.where);
        out.updates.push_back({var, value});
      }
      if (n.condition) {
        const Expr c = parse(*n.condition);
        if (!c.sort().isBool())
          throw SortError(
              "the condition of decision '" + n.name + "' has sort " + c.sort().toString() + ", expected bool",
              n.condition->where, "compare it with something, e.g. '" + n.condition->text + " > 0'");
        out.condition = c;
      }
    }
  }

  void buildGraph() {
    for (const Node& n : m_.nodes) system_.addLocation(n.name, n.where);
    system_.initial = static_cast<LocationId>(kInitNode);
    Channel step{"step", ChannelDirection::Input, {}};
    Action read{ActionKind::Input, 0, {}};
    for (const VariableDecl& v : system_.variables)
      if (v.role == VariableRole::Input) {
        step.params.push_back(v.var.sort());
        read.args.push_back(v.var);
      }
    system_.channels.push_back(std::move(step));
    for (const Edge& e : m_.edges) {
      const Node& from = m_.nodes[e.source];
      Transition t{e.name,
                   static_cast<LocationId>(e.source),
                   static_cast<LocationId>(e.target),
                   ctx_.boolVal(true),
                   {},
                   exprs_[e.source].updates,
                   e.where};
      if (from.kind == NodeKind::Loop) t.action = read;
      if (from.kind == NodeKind::Decision)
        t.guard = *e.when ? *exprs_[e.source].condition : ctx_.mkNot(*exprs_[e.source].condition);
      system_.transitions.push_back(std::move(t));
    }
    // Transitions are the edges in the same order, so an edge's index is its TransitionId.
    for (const TargetRef& t : m_.targets) system_.declaredTargets.push_back(static_cast<TransitionId>(t.edge));
  }

  const Model& m_;
  ExprContext& ctx_;
  TransitionSystem system_;
  ModelScope scope_;
  std::map<std::string, const VarDecl*, std::less<>> vars_;
  std::vector<NodeExprs> exprs_;
};

}  // namespace

TransitionSystem lowerModel(const Model& model, ExprContext& ctx) { return Lowering(model, ctx).run(); }

}  // namespace symseq::cfg
