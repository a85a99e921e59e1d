#include "symseq/analysis/GuardAnalysis.h"

#include <algorithm>
#include <set>

#include "symseq/expr/Connectives.h"
#include "symseq/expr/Fold.h"
#include "symseq/expr/Rewrite.h"
#include "symseq/solver/Solver.h"

namespace symseq {

namespace {

// At most this many solver queries per analysis: a location with hundreds of transitions on one
// channel would otherwise ask for every pair. Checks past it count as `unknown`.
constexpr std::uint32_t kMaxQueries = 20000;

bool isTrue(Expr e) { return e.isConst() && e.sort().isBool() && e.value().asBool(); }

// ¬e with the negation pushed through the connectives and comparisons, so that a gap reads as
// `Tag != 84 && Tag != 3` rather than `!(Tag == 84 || Tag == 3)`.
// `op` with its operands swapped: `0 > x` reads better as `x < 0`.
Op mirrored(Op op) {
  switch (op) {
    case Op::Lt: return Op::Gt;
    case Op::Le: return Op::Ge;
    case Op::Gt: return Op::Lt;
    default: return Op::Le;
  }
}

Expr compare(ExprContext& ctx, Op op, Expr a, Expr b) {
  if (a.isConst() && !b.isConst()) return ctx.make(mirrored(op), {b, a});
  return ctx.make(op, {a, b});
}

Expr negate(ExprContext& ctx, Expr e) {
  auto negateAll = [&](Op op) {
    std::vector<Expr> parts;
    for (Expr c : e.children()) parts.push_back(negate(ctx, c));
    return op == Op::And ? conjunction(ctx, parts) : disjunction(ctx, parts);
  };
  switch (e.op()) {
    case Op::Const:
      if (e.sort().isBool()) return ctx.boolVal(!e.value().asBool());
      break;
    case Op::Not: return e.child(0);
    case Op::And: return negateAll(Op::Or);
    case Op::Or: return negateAll(Op::And);
    case Op::Lt:
      if (!e.child(0).sort().isBitVec()) return compare(ctx, Op::Ge, e.child(0), e.child(1));
      break;
    case Op::Le:
      if (!e.child(0).sort().isBitVec()) return compare(ctx, Op::Gt, e.child(0), e.child(1));
      break;
    case Op::Gt:
      if (!e.child(0).sort().isBitVec()) return compare(ctx, Op::Le, e.child(0), e.child(1));
      break;
    case Op::Ge:
      if (!e.child(0).sort().isBitVec()) return compare(ctx, Op::Lt, e.child(0), e.child(1));
      break;
    default: break;
  }
  return ctx.mkNot(e);
}

// One group of transitions checked together: a location's transitions on one input channel, or
// its internal and output transitions. Guards are over shared input symbols: the first
// transition's input variables (or fresh symbols, in context) stand for the channel's
// parameters in every transition of the group.
struct Group {
  LocationId location = 0;
  std::optional<std::uint32_t> channel;
  // For composed models, the component whose program the transitions are: the basic programs of
  // two components interleave, so their overlap is the semantics, not a choice worth reporting.
  std::optional<std::uint32_t> component;
  std::vector<TransitionId> transitions;
  std::vector<Expr> guards;
};

class Checker {
 public:
  Checker(Solver& solver, ExprContext& ctx, std::vector<Expr> background)
      : solver_(solver), ctx_(ctx), background_(std::move(background)) {}

  void run(const std::vector<Group>& groups, GuardReport& report) {
    for (const Group& g : groups) {
      for (std::size_t i = 0; i < g.transitions.size(); ++i) dead(g, i, report);
      for (std::size_t i = 0; i < g.transitions.size(); ++i)
        for (std::size_t j = i + 1; j < g.transitions.size(); ++j) overlap(g, i, j, report);
      if (g.channel) gap(g, report);
    }
  }

 private:
  // Sat, with the values of the formulas' variables; Unknown also when the query budget is spent.
  CheckResult ask(const std::vector<Expr>& formulas, Valuation* witness) {
    if (asked_ >= kMaxQueries) return CheckResult::Unknown;
    ++asked_;
    std::vector<Expr> query = background_;
    query.insert(query.end(), formulas.begin(), formulas.end());
    const CheckResult r = solver_.check(query);
    if (r == CheckResult::Sat && witness != nullptr) {
      std::set<Expr, ExprIdLess> vars;
      for (Expr f : formulas) collectVariables(f, vars);
      *witness = solver_.model(std::vector<Expr>(vars.begin(), vars.end())).toValuation();
    }
    return r;
  }

  void dead(const Group& g, std::size_t i, GuardReport& report) {
    const Expr guard = g.guards[i];
    if (isTrue(guard)) return;
    const CheckResult r = ask({guard}, nullptr);
    if (r == CheckResult::Unknown) ++report.unknown;
    if (r != CheckResult::Unsat) return;
    // The core: the guard's atoms, then the background's (the path condition, the axioms).
    std::vector<Expr> atoms = conjuncts(guard);
    for (Expr b : background_)
      for (Expr a : conjuncts(b)) atoms.push_back(a);
    report.dead.push_back({g.transitions[i], minimalUnsatCore(solver_, atoms)});
    deadSet_.insert(g.transitions[i]);
  }

  void overlap(const Group& g, std::size_t i, std::size_t j, GuardReport& report) {
    // A dead guard overlaps nothing; saying so again would be noise.
    if (deadSet_.contains(g.transitions[i]) || deadSet_.contains(g.transitions[j])) return;
    Valuation witness;
    const CheckResult r = ask({g.guards[i], g.guards[j]}, &witness);
    if (r == CheckResult::Unknown) ++report.unknown;
    if (r == CheckResult::Sat) report.overlaps.push_back({g.location, g.channel, g.transitions[i], g.transitions[j], witness});
  }

  void gap(const Group& g, GuardReport& report) {
    for (Expr guard : g.guards)
      if (isTrue(guard)) return;
    const Expr gapFormula = foldConstants(ctx_, negate(ctx_, disjunction(ctx_, g.guards)));
    Valuation witness;
    const CheckResult r = ask({gapFormula}, &witness);
    if (r == CheckResult::Unknown) ++report.unknown;
    if (r == CheckResult::Sat) report.gaps.push_back({g.location, g.channel, gapFormula, witness});
  }

  Solver& solver_;
  ExprContext& ctx_;
  std::vector<Expr> background_;
  std::uint32_t asked_ = 0;
  std::set<TransitionId> deadSet_;
};

// The group a transition belongs to in `groups` (created in first-seen order).
Group& groupFor(std::vector<Group>& groups, LocationId location, std::optional<std::uint32_t> channel,
                std::optional<std::uint32_t> component) {
  for (Group& g : groups)
    if (g.location == location && g.channel == channel && g.component == component) return g;
  groups.push_back({location, channel, component, {}, {}});
  return groups.back();
}

// The component whose basic programs include `id` (TransitionSystem::components), if any.
std::optional<std::uint32_t> componentOf(const TransitionSystem& system, TransitionId id) {
  for (std::uint32_t c = 0; c < system.components.size(); ++c)
    if (std::ranges::binary_search(system.components[c].programs, id)) return c;
  return std::nullopt;
}

std::optional<std::uint32_t> channelOf(const Transition& t) {
  if (t.action.kind == ActionKind::Input) return t.action.channel;
  return std::nullopt;
}

}  // namespace

std::vector<Expr> conjuncts(Expr e) {
  std::vector<Expr> out;
  std::vector<Expr> stack{e};
  while (!stack.empty()) {
    const Expr top = stack.back();
    stack.pop_back();
    if (top.op() == Op::And) {
      for (auto it = top.children().rbegin(); it != top.children().rend(); ++it) stack.push_back(*it);
    } else if (!isTrue(top)) {
      out.push_back(top);
    }
  }
  return out;
}

std::vector<Expr> minimalUnsatCore(Solver& solver, const std::vector<Expr>& atoms, const std::vector<Expr>& background) {
  auto unsatWith = [&](const std::vector<Expr>& subset) {
    std::vector<Expr> query = background;
    query.insert(query.end(), subset.begin(), subset.end());
    return solver.check(query) == CheckResult::Unsat;
  };
  if (!unsatWith(atoms)) return atoms;  // not unsat, or unknown: nothing smaller is proved
  // Start from the solver's own core when it names only atoms (it is in assumption order), then
  // drop each atom whose removal keeps the rest unsat.
  std::vector<Expr> core;
  {
    const std::vector<Expr> named = solver.unsatAssumptions();
    const std::set<Expr, ExprIdLess> namedSet(named.begin(), named.end());
    for (Expr a : atoms)
      if (namedSet.contains(a)) core.push_back(a);
    if (core.empty() || !unsatWith(core)) core = atoms;
  }
  for (std::size_t i = 0; i < core.size();) {
    std::vector<Expr> rest = core;
    rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(i));
    if (unsatWith(rest))
      core = std::move(rest);
    else
      ++i;
  }
  return core;
}

GuardReport analyzeGuards(const TransitionSystem& system, Solver& solver) {
  ExprContext& ctx = system.context();
  std::vector<Group> groups;
  for (LocationId l = 0; l < system.locations.size(); ++l) {
    std::vector<Group> here;
    // The channel's parameters as the first transition of the group names them.
    std::map<std::uint32_t, std::vector<Expr>> parameters;
    for (TransitionId id : system.outgoing(l)) {
      const Transition& t = system.transitions[id];
      if (t.synthetic) continue;
      const auto channel = channelOf(t);
      Expr guard = t.guard;
      if (channel) {
        auto [it, fresh] = parameters.emplace(*channel, t.action.args);
        if (!fresh) {
          Substitution rename;
          for (std::size_t k = 0; k < t.action.args.size() && k < it->second.size(); ++k)
            if (t.action.args[k] != it->second[k]) rename.emplace(t.action.args[k], it->second[k]);
          if (!rename.empty()) guard = substitute(ctx, guard, rename);
        }
      }
      Group& g = groupFor(here, l, channel, componentOf(system, id));
      g.transitions.push_back(id);
      g.guards.push_back(guard);
    }
    groups.insert(groups.end(), here.begin(), here.end());
  }
  std::vector<Expr> axioms;
  for (Expr a : system.axioms)
    if (!isTrue(a)) axioms.push_back(a);
  GuardReport report;
  Checker(solver, ctx, axioms).run(groups, report);
  return report;
}

GuardReport analyzeGuardsAt(const SymbolicExecutor& executor, const SymbolicState& state, Solver& solver) {
  const TransitionSystem& system = executor.system();
  ExprContext& ctx = system.context();
  GuardReport report;
  // A state no store reaches has nothing to check.
  const CheckResult reachable = solver.check(state.pathCondition);
  if (reachable != CheckResult::Sat) {
    if (reachable == CheckResult::Unknown) ++report.unknown;
    return report;
  }
  std::vector<Group> groups;
  std::map<std::uint32_t, std::vector<Expr>> parameters;  // the fresh symbols of each channel
  for (TransitionId id : system.outgoing(state.location)) {
    const Transition& t = system.transitions[id];
    if (t.synthetic) continue;
    const SymbolicStep step = executor.apply(state, id);
    const auto channel = channelOf(t);
    Expr guard = step.guard;
    if (channel) {
      auto [it, fresh] = parameters.emplace(*channel, step.inputs);
      if (!fresh) {
        Substitution rename;
        for (std::size_t k = 0; k < step.inputs.size() && k < it->second.size(); ++k)
          if (step.inputs[k] != it->second[k]) rename.emplace(step.inputs[k], it->second[k]);
        if (!rename.empty()) guard = substitute(ctx, guard, rename);
      }
    }
    Group& g = groupFor(groups, state.location, channel, componentOf(system, id));
    g.transitions.push_back(id);
    g.guards.push_back(guard);
  }
  Checker(solver, ctx, state.pathCondition).run(groups, report);
  return report;
}

}  // namespace symseq
