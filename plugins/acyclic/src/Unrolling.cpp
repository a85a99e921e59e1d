#include "symseq/acyclic/Unrolling.h"

#include <algorithm>
#include <array>
#include <map>
#include <string>
#include <unordered_map>

namespace symseq {

namespace {

bool isTrue(Expr e) { return e.isConst() && e.value() == Value::boolean(true); }

}  // namespace

Unrolling::Unrolling(const AcyclicCore& core, Solver& solver, std::chrono::steady_clock::time_point deadline)
    : core_(core),
      system_(core.system()),
      ctx_(core.system().context()),
      solver_(solver),
      defined_(ctx_),
      deadline_(deadline) {
  for (TransitionId t : core_.outgoing(core_.loopHead()))
    for (Expr v : system_.transitions[t].action.args)
      if (std::find(stepVariables_.begin(), stepVariables_.end(), v) == stepVariables_.end()) stepVariables_.push_back(v);

  // Every variable has a value in every store, so that stores merge variable by variable. A
  // state variable without an initial value is its own symbol (the unknown initial value); so
  // is a local or an input before it is assigned (a model that reads one then does not replay,
  // and the cfg frontend rejects it).
  Substitution initial;
  for (const VariableDecl& v : system_.variables) {
    initial.emplace(v.var, v.role == VariableRole::State && v.initial ? *v.initial : v.var);
    if (v.role == VariableRole::State && !v.initial) unconstrained_.push_back(v.var);
  }
  if (system_.initial == core_.loopHead()) {
    parts_.push_back(Part{std::vector<Expr>(system_.transitions.size()), ctx_.boolVal(true), ctx_.boolVal(true), {}});
    headReach_ = ctx_.boolVal(true);
    headStore_ = std::move(initial);
  } else {
    try {
      encodePart(core_.prefixOrder(), ctx_.boolVal(true), initial);
    } catch (const DeadlinePassed&) {
      incomplete_ = true;
    }
  }
}

bool Unrolling::extend() {
  if (!incomplete_ && deadline_.passed()) incomplete_ = true;
  if (incomplete_) return false;
  const Expr reach = headReach_;
  const Substitution store = headStore_;
  try {
    encodePart(core_.bodyOrder(), reach, store);
  } catch (const DeadlinePassed&) {
    incomplete_ = true;
    return false;
  }
  return true;
}

void Unrolling::pace() { deadline_.tick("the time budget ran out while the unrolling was being encoded"); }

Expr Unrolling::define(const std::string& name, Expr definition) {
  pace();
  const Expr symbol = ctx_.var(name, Sort::boolean());
  solver_.add(ctx_.mkEq(symbol, definition));
  return symbol;
}

Substitution Unrolling::merge(const std::vector<Arrival>& arrivals) {
  if (arrivals.size() == 1) return arrivals.front().store;
  // Exactly one arrival's Bool holds on a run, so a chain of ?: picks its values; a value that
  // is the same on every path needs none.
  Substitution merged;
  for (const auto& [var, last] : arrivals.back().store) {
    Expr value = last;
    for (std::size_t i = arrivals.size() - 1; i-- > 0;) {
      pace();
      const Expr other = arrivals[i].store.at(var);
      if (other != value) value = ctx_.mkIte(arrivals[i].taken, other, value);
    }
    merged.emplace(var, value);
  }
  return merged;
}

void Unrolling::encodePart(const std::vector<LocationId>& order, Expr entryReach, const Substitution& entryStore) {
  const std::uint32_t index = nextIndex();
  const std::string suffix = "#" + std::to_string(index);
  Part part;
  part.taken.assign(system_.transitions.size(), Expr{});
  std::map<LocationId, std::vector<Arrival>> arriving;
  std::vector<Arrival> exits;  // paths back to the loop head
  std::vector<Expr> checks;    // conditions under which replay's evaluations raise no error
  std::vector<Expr> inputTaken;

  // The step's values, bound by whichever input transition fires (replay binds the same values).
  Substitution stepValues;
  if (index > 0)
    for (Expr v : stepVariables_) {
      const Expr symbol = ctx_.var(std::string(v.name()) + suffix, v.sort());
      part.inputs.push_back(symbol);
      stepValues.emplace(v, symbol);
    }

  for (const LocationId l : order) {
    Expr reach = entryReach;
    Substitution store = entryStore;
    if (l != order.front()) {
      const std::vector<Arrival>& in = arriving[l];
      std::vector<Expr> takens;
      for (const Arrival& a : in) takens.push_back(a.taken);
      reach = define("#reach#" + system_.locations[l].name + suffix, disjunction(ctx_, takens));
      store = in.empty() ? entryStore : merge(in);
      arriving.erase(l);
    }
    // Replay tries the transitions of one kind in declaration order and fires the first enabled.
    std::vector<Expr> disabledInput{reach};
    std::vector<Expr> disabledInternal{reach};
    for (const TransitionId id : core_.outgoing(l)) {
      const Transition& t = system_.transitions[id];
      const bool input = t.action.kind == ActionKind::Input;
      std::vector<Expr>& earlier = input ? disabledInput : disabledInternal;
      pace();
      Substitution env = store;
      if (input)
        for (Expr v : t.action.args) env.insert_or_assign(v, stepValues.at(v));
      const Expr guard = substitute(ctx_, t.guard, env);
      // The guard is evaluated when the location is reached and no earlier sibling fired.
      if (const Expr d = defined_.of(t.guard); !isTrue(d))
        checks.push_back(ctx_.make(Op::Implies, {conjunction(ctx_, earlier), substitute(ctx_, d, env)}));
      std::vector<Expr> conjuncts = earlier;
      conjuncts.push_back(guard);
      const Expr taken = define("#taken#" + t.name + suffix, conjunction(ctx_, conjuncts));
      earlier.push_back(ctx_.mkNot(guard));
      part.taken[id] = taken;
      if (input) inputTaken.push_back(taken);

      auto checkWhenTaken = [&](Expr e) {
        if (const Expr d = defined_.of(e); !isTrue(d))
          checks.push_back(ctx_.make(Op::Implies, {taken, substitute(ctx_, d, env)}));
      };
      if (t.action.kind == ActionKind::Output)
        for (Expr term : t.action.args) checkWhenTaken(term);
      for (const Update& u : t.updates) {
        pace();
        checkWhenTaken(u.value);
        env.insert_or_assign(u.variable, substitute(ctx_, u.value, env));
      }
      (t.target == core_.loopHead() ? exits : arriving[t.target]).push_back({taken, std::move(env)});
    }
  }

  part.fires = index == 0 ? ctx_.boolVal(true) : disjunction(ctx_, inputTaken);
  const Expr okBefore = index == 0 ? ctx_.boolVal(true) : parts_.back().ok;
  if (checks.empty()) {
    part.ok = okBefore;
  } else {
    checks.insert(checks.begin(), okBefore);
    part.ok = define("#ok" + suffix, conjunction(ctx_, checks));
  }

  // The loop head before the next iteration. Values that changed get a symbol, so that the next
  // copy of the body reads names rather than this iteration's terms.
  const std::string next = "#" + std::to_string(index + 1);
  std::vector<Expr> back;
  for (const Arrival& a : exits) back.push_back(a.taken);
  headReach_ = define("#reach#" + system_.locations[core_.loopHead()].name + next, disjunction(ctx_, back));
  // (AcyclicCore guarantees a way back to the loop head; without one, no later step could fire.)
  headStore_ = exits.empty() ? entryStore : merge(exits);
  // Roles by variable id (findVariable scans: quadratic on a block of 100,000 assignments).
  std::unordered_map<std::uint32_t, VariableRole> roles;
  for (const VariableDecl& v : system_.variables) roles.emplace(v.var.id(), v.role);
  for (auto& [var, value] : headStore_) {
    const auto role = roles.find(var.id());
    if (role == roles.end() || role->second == VariableRole::Input || value.isVar() || value.isConst()) continue;
    pace();
    const Expr symbol = ctx_.var(std::string(var.name()) + next, var.sort());
    solver_.add(ctx_.mkEq(symbol, value));
    value = symbol;
  }
  // Last: a part the deadline cut short is not counted in iterations().
  parts_.push_back(std::move(part));
}

bool Unrolling::extendTo(std::uint32_t k) {
  while (iterations() < k)
    if (!extend()) return false;
  return !incomplete_;
}

bool Unrolling::onSomePath(TransitionId t) const {
  const LocationId source = system_.transitions[t].source;
  return core_.inPrefix(source) || core_.inBody(source);
}

std::vector<Expr> Unrolling::takenSymbols(TransitionId t, std::uint32_t k) const {
  std::vector<Expr> symbols;
  for (std::uint32_t j = 0; j <= k && j < parts_.size(); ++j)
    if (!parts_[j].taken[t].isNull()) symbols.push_back(parts_[j].taken[t]);
  return symbols;
}

Expr Unrolling::covered(TransitionId t, std::uint32_t k) const { return disjunction(ctx_, takenSymbols(t, k)); }

Expr Unrolling::runs(std::uint32_t k) const {
  const std::array<Expr, 2> both{parts_.at(k).ok, parts_.at(k).fires};
  return conjunction(ctx_, both);
}

std::vector<Expr> Unrolling::sequenceSymbols(std::uint32_t k) const {
  std::vector<Expr> symbols = unconstrained_;
  for (std::uint32_t j = 1; j <= k; ++j) symbols.insert(symbols.end(), parts_.at(j).inputs.begin(), parts_.at(j).inputs.end());
  return symbols;
}

TestSequence Unrolling::sequence(const Model& model, std::uint32_t k) const {
  TestSequence sequence;
  for (Expr v : unconstrained_)
    if (const Value* value = model.find(v)) sequence.initial.set(v, *value);
  for (std::uint32_t j = 1; j <= k; ++j) {
    TestStep step;
    for (std::size_t i = 0; i < stepVariables_.size(); ++i)
      if (const Value* value = model.find(parts_.at(j).inputs[i])) step.inputs.set(stepVariables_[i], *value);
    sequence.steps.push_back(std::move(step));
  }
  return sequence;
}

}  // namespace symseq
