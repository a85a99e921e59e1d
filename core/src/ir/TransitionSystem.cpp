#include "symseq/ir/TransitionSystem.h"

#include <set>
#include <unordered_map>
#include <unordered_set>

#include "symseq/expr/Printer.h"

namespace symseq {

namespace {

// The first variable e reads, if any (iterative: initial values may be deep terms).
std::optional<Expr> firstVariable(Expr e) {
  std::vector<Expr> work{e};
  std::unordered_set<std::uint32_t> seen;
  while (!work.empty()) {
    const Expr n = work.back();
    work.pop_back();
    if (n.isVar()) return n;
    if (!seen.insert(n.id()).second) continue;
    for (Expr c : n.children()) work.push_back(c);
  }
  return std::nullopt;
}

// 'name', appended piecewise: GCC 12 warns falsely (-Wrestrict) on "'" + std::string.
std::string quoted(std::string_view name) {
  std::string s(1, '\'');
  s += name;
  s += '\'';
  return s;
}

std::string roleName(VariableRole r) {
  switch (r) {
    case VariableRole::State: return "a state variable";
    case VariableRole::Input: return "an input variable";
    case VariableRole::Local: return "a local variable";
  }
  return "?";
}

std::string sortsText(const std::vector<Sort>& sorts) {
  std::string s = "(";
  for (std::size_t i = 0; i < sorts.size(); ++i) s += (i ? ", " : "") + sorts[i].toString();
  return s + ")";
}

}  // namespace

LocationId TransitionSystem::addLocation(std::string locationName, std::optional<SourceLocation> where) {
  locations.push_back({std::move(locationName), std::move(where)});
  return static_cast<LocationId>(locations.size() - 1);
}

std::optional<LocationId> TransitionSystem::findLocation(std::string_view locationName) const {
  for (std::size_t i = 0; i < locations.size(); ++i)
    if (locations[i].name == locationName) return static_cast<LocationId>(i);
  return std::nullopt;
}

std::optional<TransitionId> TransitionSystem::findTransition(std::string_view transitionName) const {
  for (std::size_t i = 0; i < transitions.size(); ++i)
    if (transitions[i].name == transitionName) return static_cast<TransitionId>(i);
  return std::nullopt;
}

const VariableDecl* TransitionSystem::findVariable(Expr var) const {
  for (const VariableDecl& v : variables)
    if (v.var == var) return &v;
  return nullptr;
}

std::vector<TransitionId> TransitionSystem::outgoing(LocationId from) const {
  std::vector<TransitionId> out;
  for (std::size_t i = 0; i < transitions.size(); ++i)
    if (transitions[i].source == from) out.push_back(static_cast<TransitionId>(i));
  return out;
}

const Contract* TransitionSystem::findContract(const FunctionDecl& program) const {
  for (const Contract& c : contracts)
    if (c.program == &program) return &c;
  return nullptr;
}

void TransitionSystem::validate() const {
  const std::string system = name.empty() ? "the transition system" : "transition system '" + name + "'";
  if (locations.empty()) throw Error(system + " has no locations", std::nullopt, "declare at least one location");
  if (initial >= locations.size())
    throw Error(system + ": initial location " + std::to_string(initial) + " is out of range (" +
                std::to_string(locations.size()) + " locations)");

  std::set<std::string, std::less<>> names;
  for (const Location& l : locations)
    if (!names.insert(l.name).second) throw Error("location '" + l.name + "' is declared twice", l.where);

  // Variable id -> its declaration: findVariable scans, and a block of 100,000 assignments would
  // make this check quadratic.
  std::unordered_map<std::uint32_t, const VariableDecl*> declared;
  for (const VariableDecl& v : variables) {
    if (v.var.isNull() || !v.var.isVar()) throw Error("a variable declaration does not name a variable", v.where);
    const std::string var = "variable '" + std::string(v.var.name()) + "'";
    if (&v.var.context() != ctx_) throw Error(var + " belongs to another expression context", v.where);
    if (!declared.emplace(v.var.id(), &v).second) throw Error(var + " is declared twice", v.where);
    if (v.frozen && (v.role != VariableRole::State || v.initial))
      throw Error(var + " is frozen, so it must be a state variable without an initial value", v.where,
                  "constrain a frozen variable with axioms");
    if (v.parameter && !v.frozen)
      throw Error(var + " is a system parameter, so it must be frozen", v.where, "mark the declaration frozen");
    if (!v.initial) continue;
    if (v.role != VariableRole::State)
      throw Error(var + " is " + roleName(v.role) + " and cannot have an initial value", v.where,
                  "only state variables start with a value");
    if (v.initial->sort() != v.var.sort())
      throw Error("the initial value of " + var + " has sort " + v.initial->sort().toString() + ", expected " +
                      v.var.sort().toString(), v.where);
    if (auto read = firstVariable(*v.initial))
      throw Error("the initial value of " + var + " reads variable '" + std::string(read->name()) + "'", v.where,
                  "an initial value must be a closed term such as a literal");
  }

  const auto declaration = [&](Expr var) -> const VariableDecl* {
    const auto it = declared.find(var.id());
    return it == declared.end() ? nullptr : it->second;
  };
  names.clear();
  for (const Transition& t : transitions) {
    const std::string tr = "transition '" + t.name + "'";
    if (!names.insert(t.name).second) throw Error(tr + " is declared twice", t.where, "give each transition its own name");
    if (t.source >= locations.size()) throw Error(tr + ": source location " + std::to_string(t.source) + " is out of range", t.where);
    if (t.target >= locations.size()) throw Error(tr + ": target location " + std::to_string(t.target) + " is out of range", t.where);
    if (t.guard.isNull()) throw Error(tr + " has no guard", t.where, "use 'true' for an unconditional transition");
    if (!t.guard.sort().isBool())
      throw Error(tr + ": the guard has sort " + t.guard.sort().toString() + ", expected bool", t.where);

    const Action& a = t.action;
    if (a.kind != ActionKind::Internal) {
      if (a.channel >= channels.size())
        throw Error(tr + ": channel " + std::to_string(a.channel) + " is out of range", t.where);
      const Channel& ch = channels[a.channel];
      const bool input = a.kind == ActionKind::Input;
      if (input != (ch.direction == ChannelDirection::Input))
        throw Error(tr + ": " + (input ? "input" : "output") + " action on " + (input ? "output" : "input") +
                        " channel '" + ch.name + "'", t.where);
      std::vector<Sort> sorts;
      for (Expr arg : a.args) sorts.push_back(arg.sort());
      if (sorts != ch.params)
        throw Error(tr + ": channel '" + ch.name + "' takes " + sortsText(ch.params) + ", the action gives " +
                        sortsText(sorts), t.where);
      if (a.kind == ActionKind::Input) {
        std::unordered_set<std::uint32_t> bound;
        for (Expr arg : a.args) {
          const VariableDecl* d = arg.isVar() ? declaration(arg) : nullptr;
          if (d == nullptr || d->role != VariableRole::Input)
            throw Error(tr + ": input action on '" + ch.name + "' must bind declared input variables, not '" +
                            toString(arg) + "'", t.where);
          if (!bound.insert(arg.id()).second)
            throw Error(tr + ": input action binds '" + std::string(arg.name()) + "' twice", t.where);
        }
      }
    }
    for (const Update& u : t.updates) {
      const VariableDecl* d = u.variable.isNull() || !u.variable.isVar() ? nullptr : declaration(u.variable);
      if (d == nullptr)
        throw Error(tr + " assigns '" + (u.variable.isNull() ? std::string("<null>") : toString(u.variable)) +
                        "', which is not a declared variable", t.where);
      const std::string var = quoted(u.variable.name());
      if (d->role == VariableRole::Input)
        throw Error(tr + " assigns input variable " + var, t.where, "inputs are bound by input actions only");
      if (d->frozen) throw Error(tr + " assigns frozen variable " + var, t.where, "a frozen variable never changes");
      if (u.value.isNull() || u.value.sort() != u.variable.sort())
        throw Error(tr + " assigns " + var + " a value of sort " +
                        (u.value.isNull() ? std::string("<none>") : u.value.sort().toString()) + ", expected " +
                        u.variable.sort().toString(), t.where);
    }
  }
  for (const Contract& c : contracts) {
    if (c.program == nullptr || c.program->kind() != FunctionKind::Program)
      throw Error(system + ": a contract is not attached to a function of kind Program", c.where);
    if (c.params.size() != c.program->params().size() || c.result.isNull() || c.result.sort() != c.program->result())
      throw Error("the contract of program '" + c.program->name() + "' does not match its signature " +
                      c.program->signature(), c.where);
    for (const Behavior& b : c.behaviors)
      if (b.pre.isNull() || b.post.isNull() || !b.pre.sort().isBool() || !b.post.sort().isBool())
        throw Error("behaviour '" + b.name + "' of program '" + c.program->name() + "' needs Boolean pre- and postconditions",
                    b.where);
  }
  for (Expr a : axioms)
    if (a.isNull() || !a.sort().isBool()) throw Error(system + ": an axiom is not a Boolean term");
  for (const Subspace& sub : subspaces) {
    const std::string what = system + ": subspace '" + sub.name + "'";
    bool inRange = sub.entry < locations.size();
    for (LocationId l : sub.finals) inRange = inRange && l < locations.size();
    for (TransitionId t : sub.members) inRange = inRange && t < transitions.size();
    if (!inRange) throw Error(what + " names a location or transition out of range", sub.where);
  }
  for (TransitionId t : declaredTargets)
    if (t >= transitions.size())
      throw Error(system + ": declared target " + std::to_string(t) + " is out of range (" +
                  std::to_string(transitions.size()) + " transitions)");
}

namespace {

const std::string* literal(const std::vector<Enumeration>& enums, std::uint32_t e, const Value& v) {
  if (e >= enums.size() || !v.sort().isInt() || v.asInt() < 0 || v.asInt() >= enums[e].literals.size()) return nullptr;
  return &enums[e].literals[static_cast<std::size_t>(v.asInt())];
}

}  // namespace

const std::string* TransitionSystem::literalOf(Expr var, const Value& v) const {
  const auto it = variableEnumerations.find(var);
  return it == variableEnumerations.end() ? nullptr : literal(enumerations, it->second, v);
}

const std::string* TransitionSystem::literalOf(std::uint32_t channel, std::uint32_t param, const Value& v) const {
  const auto it = parameterEnumerations.find({channel, param});
  return it == parameterEnumerations.end() ? nullptr : literal(enumerations, it->second, v);
}

std::string TransitionSystem::valueText(Expr var, const Value& v) const {
  const std::string* literal = literalOf(var, v);
  return literal ? *literal : v.toString();
}

std::string TransitionSystem::valueText(std::uint32_t channel, std::uint32_t param, const Value& v) const {
  const std::string* literal = literalOf(channel, param, v);
  return literal ? *literal : v.toString();
}

}  // namespace symseq
