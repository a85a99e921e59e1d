// Contract inference (iosts-program-contracts.md, Definition 10; seed-requirements A6, A7) and
// its printers. Inference.h says how results, atoms, typing constraints and names are handled.
#include "symseq/contracts/Inference.h"

#include <algorithm>
#include <cctype>
#include <limits>
#include <set>
#include <tuple>

#include "symseq/contracts/Branching.h"
#include "symseq/exec/SymbolicExecutor.h"
#include "symseq/expr/Connectives.h"
#include "symseq/expr/Printer.h"
#include "symseq/expr/Rewrite.h"
#include "symseq/support/Error.h"

namespace symseq {

namespace {

using VarSet = std::set<Expr, ExprIdLess>;

bool isConnective(Expr e) {
  switch (e.op()) {
    case Op::Not:
    case Op::And:
    case Op::Or:
    case Op::Implies:
    case Op::Xor: return true;
    default: return false;
  }
}

// The atoms of a formula: its maximal subterms that are not Boolean connectives.
void atomsOf(Expr formula, std::vector<Expr>& out) {
  std::vector<Expr> stack{formula};
  while (!stack.empty()) {
    const Expr e = stack.back();
    stack.pop_back();
    if (!isConnective(e)) {
      out.push_back(e);
      continue;
    }
    for (auto it = e.children().rbegin(); it != e.children().rend(); ++it) stack.push_back(*it);
  }
}

// The literals of a conjunction: nested ∧ flattened, in order.
std::vector<Expr> flatten(std::span<const Expr> conjunction) {
  std::vector<Expr> out;
  std::vector<Expr> stack(conjunction.rbegin(), conjunction.rend());
  while (!stack.empty()) {
    const Expr e = stack.back();
    stack.pop_back();
    if (e.op() == Op::And) {
      for (auto it = e.children().rbegin(); it != e.children().rend(); ++it) stack.push_back(*it);
      continue;
    }
    out.push_back(e);
  }
  return out;
}

VarSet variablesOf(Expr e) {
  VarSet vars;
  collectVariables(e, vars);
  return vars;
}

bool isFalse(Expr e) { return e.isConst() && e.sort().isBool() && !e.value().asBool(); }

// Union-find over variables, keyed by creation id.
class Components {
 public:
  std::uint32_t find(std::uint32_t v) {
    parent_.try_emplace(v, v);
    while (parent_[v] != v) {
      parent_[v] = parent_[parent_[v]];
      v = parent_[v];
    }
    return v;
  }
  void unite(std::uint32_t a, std::uint32_t b) {
    a = find(a);
    b = find(b);
    if (a != b) parent_[std::max(a, b)] = std::min(a, b);
  }

 private:
  std::map<std::uint32_t, std::uint32_t> parent_;
};

// Keeps only letters, digits and underscores, so that the name is an iosts identifier.
std::string sanitize(std::string_view text) {
  std::string out;
  for (const char c : text) {
    const bool word = std::isalnum(static_cast<unsigned char>(c)) != 0;
    if (word)
      out += c;
    else if (!out.empty() && out.back() != '_')
      out += '_';
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  if (out.empty() || std::isdigit(static_cast<unsigned char>(out.front())) != 0) out.insert(0, "v");
  return out;
}

// A symbol's name without the executor's `@depth` and the distinguished `~path` suffixes.
std::string_view baseName(std::string_view name) {
  const auto cut = name.find_first_of("@~");
  return cut == std::string_view::npos ? name : name.substr(0, cut);
}

// The depth in `x@d` (or `x@d~i`); none for the symbol of an initial value.
std::optional<std::uint32_t> depthOf(std::string_view name) {
  const auto at = name.find('@');
  if (at == std::string_view::npos) return std::nullopt;
  std::uint32_t d = 0;
  bool any = false;
  for (std::size_t i = at + 1; i < name.size() && std::isdigit(static_cast<unsigned char>(name[i])) != 0; ++i) {
    d = d * 10 + static_cast<std::uint32_t>(name[i] - '0');
    any = true;
  }
  return any ? std::optional(d) : std::nullopt;
}

// The updates of `t` that call a program, in update order (the order of the path's calls).
std::vector<const Update*> callUpdates(const Transition& t) {
  std::vector<const Update*> out;
  for (const Update& u : t.updates)
    if (u.value.op() == Op::Apply && u.value.function().kind() == FunctionKind::Program) out.push_back(&u);
  return out;
}

// Hands out plain names that nothing in the model or the paths uses.
class Namer {
 public:
  Namer(const TransitionSystem& system, std::span<const DistinguishedPath> paths) : system_(system) {
    for (const DistinguishedPath& p : paths) {
      for (Expr c : p.condition) collectVariables(c, used_);
      for (const PathCall& call : p.calls) {
        for (Expr a : call.args) collectVariables(a, used_);
        collectVariables(call.result, used_);
      }
    }
  }

  // BASE_k with the next free k for BASE.
  Expr numbered(const std::string& base, Sort sort) {
    for (;;) {
      const std::string name = base + "_" + std::to_string(++counters_[base]);
      if (const auto v = free(name, sort)) return *v;
    }
  }
  // `name` itself when free, else name_1, name_2, ...
  Expr preferred(const std::string& name, Sort sort) {
    if (const auto v = free(name, sort)) return *v;
    return numbered(name, sort);
  }

 private:
  std::optional<Expr> free(const std::string& name, Sort sort) {
    ExprContext& ctx = system_.context();
    if (taken_.contains(name) || ctx.findFunction(name) != nullptr) return std::nullopt;
    for (const Enumeration& e : system_.enumerations)
      if (std::ranges::find(e.literals, name) != e.literals.end()) return std::nullopt;
    if (const auto existing = ctx.findVar(name)) {
      if (existing->sort() != sort || system_.findVariable(*existing) != nullptr || used_.contains(*existing))
        return std::nullopt;
    }
    taken_.insert(name);
    return ctx.var(name, sort);
  }

  const TransitionSystem& system_;
  VarSet used_;
  std::set<std::string, std::less<>> taken_;
  std::map<std::string, std::uint32_t, std::less<>> counters_;
};

// What inference knows of a path symbol: where it comes from and its model variable.
struct SymbolInfo {
  std::size_t path = std::numeric_limits<std::size_t>::max();
  std::int64_t step = std::numeric_limits<std::int64_t>::max();  // -1: an initial value
  std::size_t position = 0;                                       // in DistinguishedPath::renamed
  std::string base;
  std::optional<std::uint32_t> enumeration;
};

// The enumeration a path symbol's values belong to: its variable's, or the channel parameter's
// that the step's reception bound it to.
std::optional<std::uint32_t> enumerationOf(const TransitionSystem& system, const DistinguishedPath& path,
                                           std::string_view original) {
  const auto var = system.context().findVar(baseName(original));
  if (!var) return std::nullopt;
  if (const auto it = system.variableEnumerations.find(*var); it != system.variableEnumerations.end()) return it->second;
  const auto depth = depthOf(original);
  if (!depth || *depth == 0 || *depth > path.transitions.size()) return std::nullopt;
  const Transition& t = system.transitions.at(path.transitions[*depth - 1]);
  if (t.action.kind != ActionKind::Input) return std::nullopt;
  for (std::uint32_t j = 0; j < t.action.args.size(); ++j)
    if (t.action.args[j] == *var) {
      const auto it = system.parameterEnumerations.find({t.action.channel, j});
      if (it != system.parameterEnumerations.end()) return it->second;
    }
  return std::nullopt;
}

// Whether `atom` states exactly one bound of the range 0..k-1 of a symbol holding an enumeration.
bool isTyping(Expr atom, const std::map<Expr, std::uint32_t, ExprIdLess>& enumSymbols, const TransitionSystem& system) {
  const Op op = atom.op();
  if (op != Op::Le && op != Op::Lt && op != Op::Ge && op != Op::Gt) return false;
  Expr sym = atom.child(0), bound = atom.child(1);
  bool symLeft = true;
  if (!sym.isVar()) {
    std::swap(sym, bound);
    symLeft = false;
  }
  if (!sym.isVar() || !bound.isConst() || !bound.sort().isInt()) return false;
  const auto it = enumSymbols.find(sym);
  if (it == enumSymbols.end()) return false;
  const BigInt k = system.enumerations.at(it->second).literals.size();
  const BigInt& c = bound.value().asInt();
  // Mirror to `sym OP c`.
  Op o = op;
  if (!symLeft) o = op == Op::Le ? Op::Ge : op == Op::Lt ? Op::Gt : op == Op::Ge ? Op::Le : Op::Lt;
  switch (o) {
    case Op::Ge: return c == 0;
    case Op::Gt: return c == -1;
    case Op::Lt: return c == k;
    case Op::Le: return c == k - 1;
    default: return false;
  }
}

Expr replaceTerms(ExprContext& ctx, Expr e, const std::map<Expr, Expr, ExprIdLess>& by, RewriteMemo& memo) {
  return rewriteBottomUp(
      e,
      [&](Expr node, std::span<const Expr> kids, bool changed) {
        if (const auto it = by.find(node); it != by.end()) return it->second;
        return changed ? withChildren(ctx, node, kids) : node;
      },
      memo);
}

std::vector<Expr> sorted(const VarSet& vars) { return {vars.begin(), vars.end()}; }

}  // namespace

std::vector<Expr> related(std::span<const Expr> formula, std::span<const Expr> seeds) {
  Components components;
  VarSet all;
  std::vector<Expr> atoms;
  for (Expr f : formula) atomsOf(f, atoms);
  for (Expr atom : atoms) {
    const VarSet vars = variablesOf(atom);
    for (Expr v : vars) components.unite(vars.begin()->id(), v.id());
    all.insert(vars.begin(), vars.end());
  }
  std::set<std::uint32_t> roots;
  for (Expr s : seeds)
    for (Expr v : variablesOf(s)) {
      all.insert(v);
      roots.insert(components.find(v.id()));
    }
  std::vector<Expr> out;
  for (Expr v : all)
    if (roots.contains(components.find(v.id()))) out.push_back(v);
  return out;
}

std::vector<Expr> clean(std::span<const Expr> conjunction, std::span<const Expr> keep) {
  const VarSet kept(keep.begin(), keep.end());
  std::vector<Expr> out;
  for (Expr literal : flatten(conjunction)) {
    bool mentions = isFalse(literal);  // Clean(⊥) = ⊥
    for (Expr v : variablesOf(literal)) mentions = mentions || kept.contains(v);
    if (mentions) out.push_back(literal);
  }
  return out;
}

InferredContracts inferContracts(const TransitionSystem& system, std::span<const DistinguishedPath> paths) {
  ExprContext& ctx = system.context();
  Namer namer(system, paths);
  InferredContracts inferred;
  for (const Enumeration& e : system.enumerations) inferred.enumerationNames.push_back(e.name);

  // Where each path symbol comes from.
  std::map<Expr, SymbolInfo, ExprIdLess> info;
  std::map<Expr, std::uint32_t, ExprIdLess> enumSymbols;
  for (std::size_t p = 0; p < paths.size(); ++p) {
    const DistinguishedPath& path = paths[p];
    for (std::size_t i = 0; i < path.renamed.size() && i < path.original.size(); ++i) {
      const Expr s = path.renamed[i];
      if (info.contains(s)) continue;
      SymbolInfo si;
      si.path = p;
      const auto depth = depthOf(path.original[i].name());
      si.step = depth ? static_cast<std::int64_t>(*depth) - 1 : -1;
      si.position = i;
      si.base = sanitize(baseName(path.original[i].name()));
      si.enumeration = enumerationOf(system, path, path.original[i].name());
      if (si.enumeration) enumSymbols.emplace(s, *si.enumeration);
      info.emplace(s, si);
    }
  }

  // Each call's result becomes a frozen variable named after the attribute it is assigned to.
  std::map<Expr, Expr, ExprIdLess> results;
  std::map<Expr, std::string, ExprIdLess> callSiteBase;
  for (const DistinguishedPath& path : paths) {
    std::map<std::uint32_t, std::size_t> callsInStep;
    for (const PathCall& call : path.calls) {
      const std::size_t k = callsInStep[call.step]++;
      if (results.contains(call.result)) continue;
      std::string base = call.program != nullptr ? call.program->name() : "result";
      if (call.step < path.transitions.size()) {
        const auto updates = callUpdates(system.transitions.at(path.transitions[call.step]));
        if (k < updates.size()) {
          base = std::string(updates[k]->variable.name());
          // A symbol passed as is, where the model passes an attribute, is named after it.
          const Expr modelCall = updates[k]->value;
          for (std::size_t i = 0; i < call.args.size() && i < modelCall.arity(); ++i)
            if (call.args[i].isVar() && modelCall.child(i).isVar())
              callSiteBase.try_emplace(call.args[i], sanitize(modelCall.child(i).name()));
        }
      }
      results.emplace(call.result, namer.numbered(sanitize(base), call.result.sort()));
    }
  }

  // Per path: φ with the results replaced, split into typing constraints and the rest; then per
  // call G_f = Rel_φ(Y) and Ax_f = Clean_{G_f}(φ), over the path's symbols.
  struct RawBehavior {
    const FunctionDecl* program;
    std::size_t path, call;
    std::vector<Expr> args;
    Expr result;
    VarSet frozen;
    std::vector<Expr> axioms;
  };
  std::vector<RawBehavior> raw;
  std::vector<Expr> typing;
  RewriteMemo memo;
  for (std::size_t p = 0; p < paths.size(); ++p) {
    const DistinguishedPath& path = paths[p];
    std::vector<Expr> phi;
    for (Expr literal : flatten(path.condition)) {
      const Expr replaced = replaceTerms(ctx, literal, results, memo);
      if (isTyping(replaced, enumSymbols, system))
        typing.push_back(replaced);
      else
        phi.push_back(replaced);
    }
    for (std::size_t c = 0; c < path.calls.size(); ++c) {
      const PathCall& call = path.calls[c];
      RawBehavior b{call.program, p, c, {}, results.at(call.result), {}, {}};
      std::vector<Expr> seeds{b.result};
      for (Expr a : call.args) {
        b.args.push_back(replaceTerms(ctx, a, results, memo));
        seeds.push_back(b.args.back());
      }
      const std::vector<Expr> g = related(phi, seeds);
      b.frozen.insert(g.begin(), g.end());
      b.axioms = clean(phi, g);
      for (Expr a : b.axioms) collectVariables(a, b.frozen);  // a kept disjunction's other variables
      raw.push_back(std::move(b));
    }
  }

  // Plain names for G, in order of appearance; the model's own frozen variables keep theirs.
  VarSet g;
  for (const RawBehavior& b : raw) g.insert(b.frozen.begin(), b.frozen.end());
  std::vector<Expr> toName;
  std::map<Expr, Expr, ExprIdLess> rename;
  for (const auto& [term, var] : results) rename.emplace(var, var);
  for (Expr v : g) {
    if (rename.contains(v)) continue;
    const VariableDecl* decl = system.findVariable(v);
    if (decl != nullptr && decl->frozen)
      rename.emplace(v, v);
    else
      toName.push_back(v);
  }
  const auto key = [&](Expr v) {
    const auto it = info.find(v);
    const SymbolInfo si = it == info.end() ? SymbolInfo{} : it->second;
    return std::tuple(si.path, si.step, si.position, v.id());
  };
  std::ranges::sort(toName, [&](Expr a, Expr b) { return key(a) < key(b); });
  for (Expr v : toName) {
    const auto it = info.find(v);
    const auto site = callSiteBase.find(v);
    const std::string base = site != callSiteBase.end() ? site->second
                             : it == info.end()         ? sanitize(baseName(v.name()))
                                                        : it->second.base;
    const Expr named = namer.numbered(base, v.sort());
    rename.emplace(v, named);
    if (it != info.end() && it->second.enumeration) inferred.enumerations.emplace(named, *it->second.enumeration);
  }
  const Substitution& renaming = rename;

  VarSet frozen;
  for (const auto& [from, to] : rename) frozen.insert(to);
  inferred.frozen = sorted(frozen);
  VarSet typingSeen;
  for (Expr t : typing) {
    if (!g.contains(*variablesOf(t).begin())) continue;
    const Expr r = substitute(ctx, t, renaming);
    if (typingSeen.insert(r).second) inferred.typing.push_back(r);
  }

  // The contracts, per program in declaration order, behaviours in path order.
  std::map<std::uint32_t, InferredContract> byProgram;
  VarSet axiomsSeen;  // Ax deduplicated (the set orders any expressions by id, not only variables)
  for (const RawBehavior& b : raw) {
    auto [it, fresh] = byProgram.try_emplace(b.program->id());
    InferredContract& contract = it->second;
    if (fresh) {
      contract.program = b.program;
      for (std::size_t i = 0; i < b.program->params().size(); ++i)
        contract.params.push_back(namer.preferred("x" + std::to_string(i + 1), b.program->params()[i]));
      contract.result = namer.preferred("\\result", b.program->result());
    }
    InferredBehavior out;
    out.name = "call" + std::to_string(contract.behaviors.size() + 1);
    out.path = b.path;
    out.call = b.call;
    VarSet gf;
    for (Expr v : b.frozen) gf.insert(renaming.at(v));
    out.frozen = sorted(gf);
    std::vector<Expr> pre;
    for (std::size_t i = 0; i < b.args.size() && i < contract.params.size(); ++i)
      pre.push_back(ctx.mkEq(contract.params[i], substitute(ctx, b.args[i], renaming)));
    out.pre = conjunction(ctx, pre);
    out.post = ctx.mkEq(contract.result, renaming.at(b.result));
    for (Expr a : b.axioms) {
      const Expr r = substitute(ctx, a, renaming);
      out.axioms.push_back(r);
      if (axiomsSeen.insert(r).second) inferred.axioms.push_back(r);
    }
    contract.behaviors.push_back(std::move(out));
  }
  // A parameter holds an enumeration when every call passes a symbol of that one.
  for (auto& [id, contract] : byProgram) {
    for (std::size_t i = 0; i < contract.params.size(); ++i) {
      std::optional<std::uint32_t> shared;
      bool agree = true;
      for (const RawBehavior& b : raw) {
        if (b.program != contract.program) continue;
        if (i >= b.args.size()) {
          agree = false;
          break;
        }
        const auto it = inferred.enumerations.find(renaming.contains(b.args[i]) ? renaming.at(b.args[i]) : b.args[i]);
        if (it == inferred.enumerations.end() || (shared && *shared != it->second)) {
          agree = false;
          break;
        }
        shared = it->second;
      }
      if (agree && shared) inferred.enumerations.emplace(contract.params[i], *shared);
    }
    inferred.contracts.push_back(std::move(contract));
  }
  return inferred;
}

TransitionSystem withInferredContracts(const TransitionSystem& system, const InferredContracts& inferred) {
  TransitionSystem out = system;
  for (Expr v : inferred.frozen) {
    if (out.findVariable(v) != nullptr) continue;
    VariableDecl decl{v, VariableRole::State, std::nullopt, std::nullopt};
    decl.frozen = true;
    out.variables.push_back(decl);
  }
  for (const auto& [var, e] : inferred.enumerations) out.variableEnumerations.emplace(var, e);
  for (Expr a : inferred.axioms)
    if (std::ranges::find(out.axioms, a) == out.axioms.end()) out.axioms.push_back(a);
  for (const InferredContract& ic : inferred.contracts) {
    auto it = std::ranges::find_if(out.contracts, [&](const Contract& c) { return c.program == ic.program; });
    if (it == out.contracts.end())
      it = out.contracts.insert(std::ranges::find_if(out.contracts,
                                                     [&](const Contract& c) { return c.program->id() > ic.program->id(); }),
                                Contract{});
    it->program = ic.program;
    it->params = ic.params;
    it->result = ic.result;
    it->behaviors.clear();
    for (const InferredBehavior& b : ic.behaviors) it->behaviors.push_back({b.name, b.pre, b.post, std::nullopt});
    it->declaredDisjoint = false;
    it->declaredComplete = false;
  }
  return out;
}

std::vector<bool> checkRoundTrip(const TransitionSystem& system, const InferredContracts& inferred,
                                 std::span<const DistinguishedPath> paths, Solver& solver) {
  const TransitionSystem split = splitByBehaviors(withInferredContracts(system, inferred));
  // The behaviour inferred from each call: (path, call) -> name.
  std::map<std::pair<std::size_t, std::size_t>, std::string> chosen;
  for (const InferredContract& c : inferred.contracts)
    for (const InferredBehavior& b : c.behaviors) chosen.emplace(std::pair(b.path, b.call), b.name);

  const SymbolicExecutor executor(split);
  std::vector<bool> feasible;
  for (std::size_t p = 0; p < paths.size(); ++p) {
    const DistinguishedPath& path = paths[p];
    SymbolicState state = executor.initial();
    for (std::uint32_t s = 0; s < path.transitions.size(); ++s) {
      const Transition& original = system.transitions.at(path.transitions[s]);
      std::vector<std::string> labels;
      for (std::size_t c = 0; c < path.calls.size(); ++c)
        if (path.calls[c].step == s) {
          const auto it = chosen.find({p, c});
          if (it == chosen.end())
            throw Error("round trip: call " + std::to_string(c + 1) + " of path " + std::to_string(p) +
                        " has no inferred behaviour (were the contracts inferred from these paths?)");
          labels.push_back(it->second);
        }
      // The split transition of the same model transition whose labels are the chosen behaviours.
      std::optional<TransitionId> variant;
      for (TransitionId t = 0; t < split.transitions.size() && !variant; ++t) {
        const Transition& candidate = split.transitions[t];
        if (labels.empty() ? (candidate.name == original.name && candidate.variant.empty())
                           : (candidate.origin == original.name && candidate.variant == labels))
          variant = t;
      }
      if (!variant)
        throw Error("round trip: the system with the inferred contracts has no variant of transition '" +
                    original.name + "' for the behaviours chosen on path " + std::to_string(p));
      state = executor.apply(state, *variant).next;
    }
    const unsigned level = solver.level();
    solver.push();
    CheckResult answer = CheckResult::Unknown;
    try {
      for (Expr c : state.pathCondition) solver.add(c);
      answer = solver.check();
    } catch (...) {
      solver.pop(solver.level() - level);
      throw;
    }
    solver.pop(solver.level() - level);
    feasible.push_back(answer == CheckResult::Sat);
  }
  return feasible;
}

namespace {

// An expression as written in a contract: the result variable spelled `\result` whatever its
// name in the context.
std::string exprText(Expr e, Expr result) {
  std::string text = toString(e);
  if (result.isNull() || result.name() == "\\result") return text;
  const std::string name(result.name());
  for (std::size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + 1)) {
    const bool startOk = at == 0 || !(std::isalnum(static_cast<unsigned char>(text[at - 1])) || text[at - 1] == '_');
    const std::size_t end = at + name.size();
    const bool endOk = end == text.size() || !(std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_');
    if (startOk && endOk) text.replace(at, name.size(), "\\result");
  }
  return text;
}

// The infix form in ACSL: implication is ==>.
std::string acslText(Expr e, Expr result) {
  std::string text = exprText(e, result);
  for (std::size_t at = text.find(" => "); at != std::string::npos; at = text.find(" => ", at + 5))
    text.replace(at, 4, " ==> ");
  return text;
}

std::string acslType(Sort s) {
  if (s.isReal()) return "real";
  if (s.isBool()) return "boolean";
  return "integer";
}

std::string cType(Sort s) {
  if (s.isReal()) return "double";
  if (s.isBitVec()) return "unsigned";
  return "int";
}

std::string sortText(const InferredContracts& inferred, Expr v) {
  const auto it = inferred.enumerations.find(v);
  if (it != inferred.enumerations.end() && it->second < inferred.enumerationNames.size())
    return inferred.enumerationNames[it->second];
  return v.sort().toString();
}

}  // namespace

std::string printAcsl(const InferredContracts& inferred) {
  std::string out = "/* Contracts inferred by symseq from distinguished paths (iosts-program-contracts.md,\n"
                    "   Definition 10): the frozen variables are logic constants, the axioms hold of them. */\n";
  if (!inferred.frozen.empty() || !inferred.axioms.empty()) {
    out += "/*@ axiomatic Inferred {\n";
    for (Expr v : inferred.frozen) {
      out += "  @   logic " + acslType(v.sort()) + " " + std::string(v.name()) + ";";
      if (const auto it = inferred.enumerations.find(v); it != inferred.enumerations.end())
        out += "  // " + sortText(inferred, v);
      out += "\n";
    }
    for (std::size_t i = 0; i < inferred.axioms.size(); ++i)
      out += "  @   axiom inferred_" + std::to_string(i + 1) + ": " + acslText(inferred.axioms[i], Expr()) + ";\n";
    out += "  @ }\n  @*/\n";
  }
  for (const InferredContract& c : inferred.contracts) {
    out += "\n/*@";
    for (std::size_t i = 0; i < c.behaviors.size(); ++i) {
      const InferredBehavior& b = c.behaviors[i];
      out += std::string(i == 0 ? " " : "  @ ") + "behavior " + b.name + ":\n";
      out += "  @   assumes " + acslText(b.pre, c.result) + ";\n";
      out += "  @   ensures " + acslText(b.post, c.result) + ";\n";
    }
    out += "  @*/\n" + cType(c.program->result()) + " " + c.program->name() + "(";
    for (std::size_t i = 0; i < c.params.size(); ++i)
      out += (i ? ", " : "") + cType(c.params[i].sort()) + " " + std::string(c.params[i].name());
    out += ");\n";
  }
  return out;
}

std::string printContractSyntax(const InferredContracts& inferred) {
  std::string out = "# Contracts inferred by symseq from distinguished paths (iosts-program-contracts.md, Definition 10)\n";
  for (Expr v : inferred.frozen) out += "frozen " + std::string(v.name()) + " : " + sortText(inferred, v) + "\n";
  for (Expr a : inferred.axioms) out += "axiom " + toString(a) + "\n";
  for (const InferredContract& c : inferred.contracts) {
    out += "contract " + c.program->name() + "(";
    for (std::size_t i = 0; i < c.params.size(); ++i) out += (i ? ", " : "") + std::string(c.params[i].name());
    out += ") {\n";
    for (const InferredBehavior& b : c.behaviors)
      out += "  behavior " + b.name + ": assumes " + exprText(b.pre, c.result) + "; ensures " +
             exprText(b.post, c.result) + ";\n";
    out += "}\n";
  }
  return out;
}

}  // namespace symseq
