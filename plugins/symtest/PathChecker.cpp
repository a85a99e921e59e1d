#include "PathChecker.h"

#include <algorithm>
#include <string>

namespace symseq::symtest {

namespace {

bool isConstant(Expr e, bool value) { return e.isConst() && e.value() == Value::boolean(value); }

bool isInput(const Transition& t) { return t.action.kind == ActionKind::Input; }

}  // namespace

PathChecker::PathChecker(const AcyclicCore& core, Solver& solver, bool tightenConflicts)
    : core_(core),
      solver_(solver),
      executor_(core.system()),
      tightenConflicts_(tightenConflicts),
      initial_(executor_.initial()),
      baseLevel_(solver.level()) {}

PathChecker::~PathChecker() {
  try {
    if (solver_.level() > baseLevel_) solver_.pop(solver_.level() - static_cast<unsigned>(baseLevel_));
  } catch (const Error&) {
    // The solver is failing anyway; the strategy's result does not depend on its scopes.
  }
}

// The transition's guard, and the negated guards of the siblings of its kind declared before it:
// replay fires the first enabled transition in declaration order, so taking `t` means those
// were disabled. (In a .cfg model the sibling of a false branch is its true branch, so this adds
// nothing new there.)
Expr PathChecker::condition(const SymbolicState& before, TransitionId t, SymbolicStep& step) const {
  const TransitionSystem& system = core_.system();
  ExprContext& ctx = system.context();
  step = executor_.apply(before, t);
  std::vector<Expr> conjuncts;
  if (!isConstant(step.guard, true)) conjuncts.push_back(step.guard);
  for (TransitionId s : core_.outgoing(system.transitions[t].source)) {
    if (s == t) break;
    if (isInput(system.transitions[s]) != isInput(system.transitions[t])) continue;
    const Expr other = executor_.apply(before, s).guard;
    if (isConstant(other, false)) continue;
    if (isConstant(other, true)) return ctx.boolVal(false);
    conjuncts.push_back(ctx.mkNot(other));
  }
  return ctx.mkAnd(conjuncts);
}

void PathChecker::hold(Expr condition, int by) {
  auto& count = held_[condition.id()];
  count = by > 0 ? count + 1 : count - 1;
}

void PathChecker::truncate(std::size_t length) {
  unsigned scopes = 0;
  while (executed_.size() > length) {
    if (executed_.back().scoped) ++scopes;
    if (executed_.back().condition) hold(*executed_.back().condition, -1);
    executed_.pop_back();
  }
  if (scopes > 0) {
    solver_.pop(scopes);
    modelFresh_ = false;
  }
}

std::optional<std::size_t> PathChecker::positionOfSelector(Expr selector) const {
  for (std::size_t i = 0; i < executed_.size(); ++i)
    if (executed_[i].selector && *executed_[i].selector == selector) return i;
  return std::nullopt;
}

// Solvers need not minimise a core (cvc5 1.0.3 returns every assumption), and backjumping needs
// only the latest decision the conflict depends on: the shortest prefix of the decisions that,
// with the failing one, is still unsat. Binary search over the prefix, from the core's own
// latest decision: log2 of the path's decisions in queries at most, one when the core is tight.
// An unknown answer counts as sat, which keeps the latest decision later: backjumping stays safe.
void PathChecker::tightenConflict(std::vector<std::size_t>& conflict) {
  const std::size_t failing = conflict.back();
  std::vector<std::size_t> decisions;  // positions with a selector before the failing one
  for (std::size_t p = 0; p < failing; ++p)
    if (executed_[p].selector) decisions.push_back(p);
  if (conflict.size() < 2 || decisions.empty()) return;
  auto unsatWithFirst = [&](std::size_t count) {
    std::vector<Expr> assumptions;
    for (std::size_t k = 0; k < count; ++k) assumptions.push_back(*executed_[decisions[k]].selector);
    assumptions.push_back(*executed_[failing].selector);
    return solver_.check(assumptions) == CheckResult::Unsat;
  };
  // `high` decisions (up to the core's latest) are known to suffice.
  std::size_t high = static_cast<std::size_t>(
      std::upper_bound(decisions.begin(), decisions.end(), conflict[conflict.size() - 2]) - decisions.begin());
  std::size_t low = 0;  // fewer than `low` do not suffice
  if (high > 0 && !unsatWithFirst(high - 1)) {
    low = high;  // the core's latest decision is needed: nothing to tighten
  }
  while (low < high) {
    const std::size_t mid = low + (high - low) / 2;
    if (unsatWithFirst(mid))
      high = mid;
    else
      low = mid + 1;
  }
  modelFresh_ = false;
  std::vector<std::size_t> tight;
  for (std::size_t p : conflict)
    if (high > 0 && p <= decisions[high - 1]) tight.push_back(p);
  if (high > 0 && (tight.empty() || tight.back() != decisions[high - 1])) tight.push_back(decisions[high - 1]);
  tight.push_back(failing);
  conflict = std::move(tight);
}

// Asserts the path's conditions beyond the prefix kept from the last path, one scope and one
// selector each, then asks once for all of them: a feasible path (what a search mostly checks
// once its prefix is right) costs one query, not one per decision. When that answer is unsat,
// the first failing decision is found by probing just before the core's latest decision, then by
// bisection over prefixes (a few queries, fewer than one per decision), and the failing
// prefix's unsat core becomes a no-good.
PathOutcome PathChecker::check(const std::vector<TransitionId>& path) {
  ExprContext& ctx = core_.system().context();
  std::size_t common = 0;
  while (common < executed_.size() && common < path.size() && executed_[common].transition == path[common]) ++common;
  truncate(common);

  std::optional<PathOutcome> early;  // a failure known without the solver
  for (std::size_t i = common; i < path.size() && !early; ++i) {
    const SymbolicState& before = i == 0 ? initial_ : executed_[i - 1].after;
    SymbolicStep step;
    const Expr cond = condition(before, path[i], step);
    step.next.pathCondition.clear();  // conditions live in the solver; copying them is quadratic
    Position position{path[i], std::move(step.next), std::move(step.inputs), std::nullopt, std::nullopt, false};
    if (isConstant(cond, true)) {
      executed_.push_back(std::move(position));
      continue;
    }
    if (isConstant(cond, false)) {
      early = PathOutcome{i, false, {i}, false};
      break;
    }
    if (const auto known = noGoods_.blocking(cond.id(), held_)) {
      // Learned on an earlier path: unsat without a query. The conflict is where its members are.
      ++noGoodsUsed_;
      early = PathOutcome{i, false, {}, true};
      for (std::size_t p = 0; p < executed_.size(); ++p)
        if (executed_[p].condition && std::binary_search(known->begin(), known->end(), executed_[p].condition->id()))
          early->conflict.push_back(p);
      early->conflict.push_back(i);
      break;
    }
    solver_.push();
    modelFresh_ = false;
    position.scoped = true;
    const Expr selector = ctx.var("symtest!decision" + std::to_string(i), Sort::boolean());
    solver_.add(ctx.mkOr(std::vector<Expr>{ctx.mkNot(selector), cond}));
    position.selector = selector;
    position.condition = cond;
    hold(cond, +1);
    executed_.push_back(std::move(position));
  }
  // The decisions asserted for this path, by position.
  std::vector<std::size_t> fresh;
  for (std::size_t p = common; p < executed_.size(); ++p)
    if (executed_[p].selector) fresh.push_back(p);
  if (fresh.empty()) {
    if (early) truncate(early->feasibleLength);
    return early ? *early : PathOutcome{path.size(), false, {}, false};
  }

  // The selectors of every decision up to position `upTo`, inclusive.
  auto selectorsUpTo = [&](std::size_t upTo) {
    std::vector<Expr> assumptions;
    for (std::size_t p = 0; p <= upTo && p < executed_.size(); ++p)
      if (executed_[p].selector) assumptions.push_back(*executed_[p].selector);
    return assumptions;
  };
  std::vector<Expr> core;  // of the unsat prefix ending at the failing decision
  bool unknown = false;
  auto unsatUpTo = [&](std::size_t k) {  // the prefix up to fresh[k] is unsat; unknown counts as unsat
    const CheckResult r = solver_.check(selectorsUpTo(fresh[k]));
    modelFresh_ = r == CheckResult::Sat && k + 1 == fresh.size();
    if (r == CheckResult::Sat) return false;
    if (r == CheckResult::Unsat) core = solver_.unsatAssumptions();
    unknown = r == CheckResult::Unknown;
    return true;
  };
  if (!unsatUpTo(fresh.size() - 1)) {
    if (early) {
      truncate(early->feasibleLength);
      return *early;
    }
    return PathOutcome{path.size(), false, {}, false};
  }
  // The first unsat prefix. An unsat answer's core ends at or before it, so the core's latest
  // decision is where it most likely fails: probe just before it first; when a core tells
  // nothing more (cvc5 1.0.3 returns every assumption), bisect.
  auto latestInCore = [&](std::size_t upTo) {  // index into fresh of the core's latest fresh decision
    std::size_t latest = 0;
    for (Expr e : core)
      if (const auto at = positionOfSelector(e))
        if (const auto it = std::find(fresh.begin(), fresh.end(), *at); it != fresh.end())
          latest = std::max(latest, static_cast<std::size_t>(it - fresh.begin()));
    return std::min(latest, upTo);
  };
  std::size_t high = unknown ? fresh.size() - 1 : latestInCore(fresh.size() - 1);  // unsat up to fresh[high]
  std::size_t low = 0;  // sat up to fresh[low - 1] (nothing known when 0)
  std::vector<Expr> highCore = core;
  bool highUnknown = unknown;
  bool guess = true;  // the next probe is just before the core's latest decision
  while (low < high) {
    const std::size_t probe = guess ? high - 1 : low + (high - low) / 2;
    if (unsatUpTo(probe)) {
      const std::size_t latest = unknown ? probe : latestInCore(probe);
      guess = latest < probe;  // the core pointed further back: trust it again
      high = latest;
      highCore = core;
      highUnknown = unknown;
    } else {
      low = probe + 1;
      guess = false;
    }
  }
  modelFresh_ = false;
  const std::size_t i = fresh[high];  // the first failing decision
  PathOutcome outcome{i, highUnknown, {}, false};
  if (!highUnknown) {
    for (Expr e : highCore)
      if (const auto at = positionOfSelector(e)) outcome.conflict.push_back(*at);
    std::sort(outcome.conflict.begin(), outcome.conflict.end());
    if (outcome.conflict.empty() || outcome.conflict.back() != i) outcome.conflict.push_back(i);
    // The core's conditions are unsat together whatever else a path does: a no-good.
    std::vector<Expr> conditions;
    for (std::size_t p : outcome.conflict)
      if (executed_[p].condition) conditions.push_back(*executed_[p].condition);
    if (noGoods_.learn(conditions)) ++noGoodsLearned_;
    if (tightenConflicts_) tightenConflict(outcome.conflict);
  }
  truncate(i);
  return outcome;
}

std::optional<KnownFailure> PathChecker::knownFailure(const std::vector<TransitionId>& path) const {
  std::size_t common = 0;
  while (common < executed_.size() && common < path.size() && executed_[common].transition == path[common]) ++common;
  // The conditions held up to `common` are those of executed_; copy and extend.
  std::unordered_map<std::uint32_t, std::uint32_t> held;
  for (std::size_t p = 0; p < common; ++p)
    if (executed_[p].condition) ++held[executed_[p].condition->id()];
  std::optional<SymbolicState> state;  // beyond the executed part
  for (std::size_t i = common; i < path.size(); ++i) {
    const SymbolicState& before = state ? *state : (i == 0 ? initial_ : executed_[i - 1].after);
    SymbolicStep step;
    const Expr cond = condition(before, path[i], step);
    step.next.pathCondition.clear();
    state = std::move(step.next);
    if (isConstant(cond, true)) continue;
    if (isConstant(cond, false)) return KnownFailure{i, false};
    if (noGoods_.blocking(cond.id(), held)) return KnownFailure{i, true};
    ++held[cond.id()];
  }
  return std::nullopt;
}

std::optional<TestSequence> PathChecker::sequence(std::size_t length) {
  truncate(std::min(length, executed_.size()));
  if (executed_.size() < length) return std::nullopt;
  if (!modelFresh_) {
    std::vector<Expr> assumptions;
    for (const Position& p : executed_)
      if (p.selector) assumptions.push_back(*p.selector);
    if (solver_.check(assumptions) != CheckResult::Sat) return std::nullopt;
    modelFresh_ = true;
  }
  const TransitionSystem& system = core_.system();
  std::vector<Expr> asked;
  std::vector<Expr> unconstrained;
  for (const VariableDecl& v : system.variables)
    if (v.role == VariableRole::State && !v.initial) unconstrained.push_back(v.var);
  asked = unconstrained;
  for (const Position& p : executed_) asked.insert(asked.end(), p.inputs.begin(), p.inputs.end());
  const Model model = solver_.model(asked);

  TestSequence sequence;
  for (Expr v : unconstrained)
    if (const Value* value = model.find(v)) sequence.initial.set(v, *value);
  for (const Position& p : executed_) {
    const Transition& t = system.transitions[p.transition];
    if (!isInput(t)) continue;
    TestStep step;
    for (std::size_t k = 0; k < p.inputs.size(); ++k)
      if (const Value* value = model.find(p.inputs[k])) step.inputs.set(t.action.args[k], *value);
    sequence.steps.push_back(std::move(step));
  }
  return sequence;
}

}  // namespace symseq::symtest
