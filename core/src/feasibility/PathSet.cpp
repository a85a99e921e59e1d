#include "symseq/feasibility/PathSet.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "symseq/exec/Substitute.h"
#include "symseq/exec/SymbolicExecutor.h"
#include "symseq/expr/Fold.h"
#include "symseq/expr/Rewrite.h"

namespace symseq {

namespace {

bool isProgramCall(Expr e) { return e.op() == Op::Apply && e.function().kind() == FunctionKind::Program; }

// A path over an unsplit transition would miss the contract's constraints (Δ) silently.
void requireSplit(const TransitionSystem& system, const Transition& t, const FunctionDecl& program) {
  const Contract* c = system.findContract(program);
  if (c != nullptr && !c->behaviors.empty() && t.variant.empty())
    throw Error("transition '" + t.name + "' calls program '" + program.name() +
                    "', whose contract has behaviours, but it is not split by behaviours",
                t.where, "split the system with splitByBehaviors (contracts/Branching.h) first");
}

// The Ackermann encoding of determinism (Def 9): every distinct program application replaced by
// a fresh variable, bottom-up, and Φ over each pair of applications of the same program.
struct Ackermann {
  std::vector<Expr> conjuncts;                // the given ones, in order, applications replaced
  std::vector<Expr> determinism;              // Φ; empty without determinism
  std::map<Expr, Expr, ExprIdLess> freshOf;   // application (as given) -> its fresh variable
};

// `suffix` keeps the fresh names of encodings that share one query apart.
Ackermann ackermannize(ExprContext& ctx, std::span<const Expr> conjuncts, bool withDeterminism,
                       const std::string& suffix) {
  Ackermann out;
  struct Application {
    Expr fresh;
    std::vector<Expr> args;  // rewritten
  };
  std::vector<const FunctionDecl*> programs;  // in order of first application
  std::map<std::uint32_t, std::vector<Application>> byProgram;
  RewriteMemo memo;
  const Rebuild rebuild = [&](Expr node, std::span<const Expr> kids, bool changed) {
    const Expr rebuilt = changed ? withChildren(ctx, node, kids) : node;
    if (!isProgramCall(node)) return rebuilt;
    const FunctionDecl& p = node.function();
    std::vector<Application>& apps = byProgram[p.id()];
    if (apps.empty()) programs.push_back(&p);
    const Expr fresh = ctx.var(p.name() + "!" + std::to_string(apps.size()) + suffix, p.result());
    apps.push_back({fresh, {kids.begin(), kids.end()}});
    out.freshOf.emplace(node, fresh);
    return fresh;
  };
  for (Expr c : conjuncts) out.conjuncts.push_back(rewriteBottomUp(c, rebuild, memo));
  if (!withDeterminism) return out;
  for (const FunctionDecl* p : programs) {
    const std::vector<Application>& apps = byProgram.at(p->id());
    for (std::size_t i = 0; i < apps.size(); ++i)
      for (std::size_t j = i + 1; j < apps.size(); ++j) {
        std::vector<Expr> same;
        for (std::size_t k = 0; k < apps[i].args.size(); ++k) same.push_back(ctx.mkEq(apps[i].args[k], apps[j].args[k]));
        out.determinism.push_back(ctx.make(Op::Implies, {ctx.mkAnd(same), ctx.mkEq(apps[i].fresh, apps[j].fresh)}));
      }
  }
  return out;
}

// What a query asserts for a set of paths: per path its conjuncts, plus what all of them share.
struct Encoded {
  std::vector<std::vector<Expr>> paths;
  std::vector<Expr> shared;                   // Φ, in the pairwise encoding
  std::map<Expr, Expr, ExprIdLess> freshOf;   // pairwise: application -> fresh variable
};

// Each path's conjuncts, and `f = f` for each of its calls' results so that a call whose result
// no constraint mentions still takes part in Φ (the witness table then stays deterministic).
std::vector<Expr> conjunctsOf(ExprContext& ctx, const DistinguishedPath& path, Determinism determinism) {
  std::vector<Expr> out = path.condition;
  if (determinism == Determinism::Pairwise)
    for (const PathCall& call : path.calls) out.push_back(ctx.mkEq(call.result, call.result));
  return out;
}

// `withDeterminism` false: every path's calls are free of the other paths' (each path is encoded
// on its own, so a call is identified by its application term within its path only).
Encoded encode(ExprContext& ctx, std::span<const DistinguishedPath* const> paths, Determinism determinism,
               bool withDeterminism = true) {
  Encoded out;
  if (determinism == Determinism::UninterpretedFunctions && withDeterminism) {
    for (const DistinguishedPath* p : paths) out.paths.push_back(conjunctsOf(ctx, *p, determinism));
    return out;
  }
  if (!withDeterminism) {
    for (std::size_t i = 0; i < paths.size(); ++i) {
      const std::vector<Expr> cs = conjunctsOf(ctx, *paths[i], Determinism::Pairwise);
      out.paths.push_back(ackermannize(ctx, cs, false, "~free" + std::to_string(i)).conjuncts);
    }
    return out;
  }
  std::vector<Expr> all;
  std::vector<std::size_t> sizes;
  for (const DistinguishedPath* p : paths) {
    const std::vector<Expr> cs = conjunctsOf(ctx, *p, determinism);
    all.insert(all.end(), cs.begin(), cs.end());
    sizes.push_back(cs.size());
  }
  Ackermann a = ackermannize(ctx, all, true, "");
  std::size_t at = 0;
  for (std::size_t n : sizes) {
    out.paths.emplace_back(a.conjuncts.begin() + static_cast<std::ptrdiff_t>(at),
                           a.conjuncts.begin() + static_cast<std::ptrdiff_t>(at + n));
    at += n;
  }
  out.shared = std::move(a.determinism);
  out.freshOf = std::move(a.freshOf);
  return out;
}

// One query on its own scope: the encoding asserted, each path under its assumption literal
// (`lit_i => conjuncts_i`), so that an Unsat answer names a conflicting subset of paths.
class SetQuery {
 public:
  SetQuery(ExprContext& ctx, Solver& solver, const Encoded& e) : solver_(solver) {
    solver_.push();
    for (Expr s : e.shared) solver_.add(s);
    for (std::size_t i = 0; i < e.paths.size(); ++i) {
      const Expr lit = ctx.var("symseq.path~" + std::to_string(i), Sort::boolean());
      literals_.push_back(lit);
      solver_.add(ctx.make(Op::Implies, {lit, ctx.mkAnd(e.paths[i])}));
    }
  }
  ~SetQuery() { solver_.pop(); }
  SetQuery(const SetQuery&) = delete;
  SetQuery& operator=(const SetQuery&) = delete;

  CheckResult check(const std::vector<std::size_t>& subset) {
    std::vector<Expr> assumptions;
    for (std::size_t i : subset) assumptions.push_back(literals_.at(i));
    return solver_.check(assumptions);
  }
  // After Unsat: the paths of the core, as indices.
  std::vector<std::size_t> core() {
    std::vector<std::size_t> out;
    for (Expr lit : solver_.unsatAssumptions())
      for (std::size_t i = 0; i < literals_.size(); ++i)
        if (literals_[i] == lit) out.push_back(i);
    std::sort(out.begin(), out.end());
    return out;
  }
  Solver& solver() { return solver_; }

 private:
  Solver& solver_;
  std::vector<Expr> literals_;
};

std::vector<std::size_t> allOf(std::size_t n) {
  std::vector<std::size_t> out(n);
  for (std::size_t i = 0; i < n; ++i) out[i] = i;
  return out;
}

// Deletion-based minimisation of an unsatisfiable subset: drop each path whose removal keeps it
// Unsat (with whatever the new core drops too). A path found necessary stays necessary in every
// smaller subset (a subset of a satisfiable set is satisfiable), so each is tried once. An
// Unknown keeps the path.
std::vector<std::size_t> minimise(SetQuery& q, std::vector<std::size_t> subset) {
  std::set<std::size_t> necessary;
  for (;;) {
    const auto next = std::find_if(subset.begin(), subset.end(), [&](std::size_t i) { return necessary.count(i) == 0; });
    if (next == subset.end()) return subset;
    std::vector<std::size_t> trial = subset;
    trial.erase(trial.begin() + (next - subset.begin()));
    if (!trial.empty() && q.check(trial) == CheckResult::Unsat) {
      const std::vector<std::size_t> core = q.core();
      subset = core.empty() ? trial : core;
    } else {
      necessary.insert(*next);
    }
  }
}

PathSetWitness witnessOf(const TransitionSystem& system, Solver& solver, const std::vector<DistinguishedPath>& paths,
                         const Encoded& e) {
  PathSetWitness w;
  // One model query for everything: path symbols, frozen variables, call arguments and results.
  std::vector<Expr> terms;
  for (const DistinguishedPath& p : paths) terms.insert(terms.end(), p.renamed.begin(), p.renamed.end());
  std::vector<Expr> frozen;
  for (const VariableDecl& v : system.variables)
    if (v.frozen) frozen.push_back(v.var);
  terms.insert(terms.end(), frozen.begin(), frozen.end());
  const auto resultTerm = [&](const PathCall& c) {
    const auto it = e.freshOf.find(c.result);
    return it == e.freshOf.end() ? c.result : it->second;
  };
  for (const DistinguishedPath& p : paths)
    for (const PathCall& c : p.calls) {
      terms.insert(terms.end(), c.args.begin(), c.args.end());
      terms.push_back(resultTerm(c));
    }
  const Model model = solver.model(terms);
  std::map<std::uint32_t, Value> values;  // by term id
  for (const auto& [term, value] : model.entries()) values.insert_or_assign(term.id(), value);
  const auto valueOf = [&](Expr t) -> const Value& { return values.at(t.id()); };

  for (const DistinguishedPath& p : paths) {
    Valuation& v = w.values.emplace_back();
    for (std::size_t k = 0; k < p.renamed.size(); ++k) v.set(p.original[k], valueOf(p.renamed[k]));
  }
  for (Expr f : frozen) w.frozen.set(f, valueOf(f));
  for (const DistinguishedPath& p : paths)
    for (const PathCall& c : p.calls) {
      ProgramResult row{c.program, {}, valueOf(resultTerm(c))};
      for (Expr a : c.args) row.args.push_back(valueOf(a));
      const bool known = std::any_of(w.programs.begin(), w.programs.end(), [&](const ProgramResult& r) {
        return r.program == row.program && r.args == row.args;
      });
      if (!known) w.programs.push_back(std::move(row));
    }
  return w;
}

}  // namespace

namespace {

// `0 + v1` is `v1`: the amount the vending machine starts from is folded away, as the paper prints
// its path conditions. Only for what a path shows; the solver gets the same formula either way.
Expr withoutAddedZeros(ExprContext& ctx, Expr e) {
  RewriteMemo memo;
  return rewriteBottomUp(
      e,
      [&ctx](Expr node, std::span<const Expr> kids, bool changed) {
        if (node.op() != Op::Add) return changed ? withChildren(ctx, node, kids) : node;
        std::vector<Expr> kept;
        for (Expr k : kids)
          if (!(k.isConst() && k.sort().isInt() && k.value().asInt() == 0)) kept.push_back(k);
        if (kept.empty()) return kids.front();
        if (kept.size() == 1) return kept.front();
        return kept.size() == kids.size() && !changed ? node : withChildren(ctx, node, kept);
      },
      memo);
}

}  // namespace

DistinguishedPath distinguish(const TransitionSystem& system, std::span<const TransitionId> path, std::size_t index) {
  ExprContext& ctx = system.context();
  const SymbolicExecutor exec(system);
  SymbolicState state = exec.initial();
  DistinguishedPath out;
  out.transitions.assign(path.begin(), path.end());
  std::vector<Expr> symbols;  // the executor's names, in the order `original` lists them
  for (std::size_t k = 0; k < path.size(); ++k) {
    const TransitionId id = path[k];
    if (id >= system.transitions.size())
      throw Error("path " + std::to_string(index) + ": transition " + std::to_string(id) + " is out of range (" +
                  std::to_string(system.transitions.size()) + " transitions)");
    const Transition& t = system.transitions[id];
    if (t.source != state.location)
      throw Error("path " + std::to_string(index) + ": transition '" + t.name + "' (step " + std::to_string(k + 1) +
                      ") does not leave location '" + system.locations.at(state.location).name + "', where the path is",
                  t.where, "a path is a sequence of transitions, each leaving the location the previous one reached");
    SymbolicStep step = exec.apply(state, id);
    // κ: the calls as the executor reads the updates (the store, the step's fresh inputs, the
    // earlier updates); the application is the very term the store and the conditions hold.
    Substitution env = state.store;
    if (t.action.kind == ActionKind::Input)
      for (Expr v : t.action.args) env.insert_or_assign(v, exec.freshInput(v, step.next.depth));
    for (const Update& u : t.updates) {
      const Expr value = substitute(ctx, u.value, env);
      if (isProgramCall(u.value)) {
        requireSplit(system, t, u.value.function());
        const auto args = value.children();
        out.calls.push_back({&u.value.function(), {args.begin(), args.end()}, value, static_cast<std::uint32_t>(k)});
      }
      env.insert_or_assign(u.variable, value);
    }
    symbols.insert(symbols.end(), step.inputs.begin(), step.inputs.end());
    state = std::move(step.next);
  }

  // The path's own symbols: its fresh inputs, the initial values of unconstrained State
  // variables, then anything else non-frozen it reads (a Local or Input read before it is set).
  for (const VariableDecl& v : system.variables)
    if (v.role == VariableRole::State && !v.initial && !v.frozen) symbols.push_back(v.var);
  std::set<Expr, ExprIdLess> occurring;
  for (Expr c : state.pathCondition) collectVariables(c, occurring);
  for (const PathCall& c : out.calls) collectVariables(c.result, occurring);
  for (Expr v : occurring) {
    const VariableDecl* d = system.findVariable(v);
    if ((d == nullptr || !d->frozen) && std::find(symbols.begin(), symbols.end(), v) == symbols.end())
      symbols.push_back(v);
  }
  Substitution renaming;
  const std::string suffix = "~" + std::to_string(index);
  for (Expr v : symbols) {
    const Expr renamed = ctx.var(std::string(v.name()) + suffix, v.sort());
    renaming.emplace(v, renamed);
    out.original.push_back(v);
    out.renamed.push_back(renamed);
  }
  const auto rename = [&](Expr e) { return substitute(ctx, e, renaming); };
  // Folded and split into conjuncts, so that a path condition reads as the paper prints it
  // (`v1 < p1`, not `0 + v1 < p1` inside `true && ...`).
  std::vector<Expr> pending;
  for (auto it = state.pathCondition.rbegin(); it != state.pathCondition.rend(); ++it)
    pending.push_back(withoutAddedZeros(ctx, foldConstants(ctx, rename(*it))));
  while (!pending.empty()) {
    const Expr c = pending.back();
    pending.pop_back();
    if (c.op() == Op::And) {
      const auto kids = c.children();
      for (auto k = kids.rbegin(); k != kids.rend(); ++k) pending.push_back(*k);
    } else if (!(c.isConst() && c.value() == Value::boolean(true))) {
      out.condition.push_back(c);
    }
  }
  for (PathCall& c : out.calls) {
    for (Expr& a : c.args) a = rename(a);
    c.result = rename(c.result);
  }
  return out;
}

std::vector<Expr> pairwiseEncoding(ExprContext& ctx, std::span<const Expr> conjuncts, bool withDeterminism) {
  Ackermann a = ackermannize(ctx, conjuncts, withDeterminism, "");
  a.conjuncts.insert(a.conjuncts.end(), a.determinism.begin(), a.determinism.end());
  return a.conjuncts;
}

PathSetResult checkPathSet(const TransitionSystem& system, Solver& solver,
                           std::span<const std::vector<TransitionId>> paths, Determinism determinism) {
  ExprContext& ctx = system.context();
  PathSetResult r;
  for (std::size_t i = 0; i < paths.size(); ++i) r.paths.push_back(distinguish(system, paths[i], i));
  std::vector<const DistinguishedPath*> all;
  for (const DistinguishedPath& p : r.paths) all.push_back(&p);

  // Each path alone, with determinism within it (seed-requirements 1.3 item 10).
  for (const DistinguishedPath* p : all) {
    SetQuery alone(ctx, solver, encode(ctx, std::span(&p, 1), determinism));
    r.alone.push_back(alone.check({0}));
  }

  const Encoded set = encode(ctx, all, determinism);
  {
    SetQuery q(ctx, solver, set);
    r.set = q.check(allOf(all.size()));
    if (r.set == CheckResult::Sat) r.witness = witnessOf(system, solver, r.paths, set);
    if (r.set != CheckResult::Unsat) return r;
    const std::vector<std::size_t> core = q.core();
    r.conflict = minimise(q, core.empty() ? allOf(all.size()) : core);
  }
  // Whether the conflict needs Φ: the same paths with every call free (its own fresh result).
  std::vector<const DistinguishedPath*> subset;
  for (std::size_t i : r.conflict) subset.push_back(all[i]);
  SetQuery free(ctx, solver, encode(ctx, subset, determinism, false));
  r.conflictNeedsDeterminism = free.check(allOf(subset.size())) == CheckResult::Sat;
  return r;
}

}  // namespace symseq
