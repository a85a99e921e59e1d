#include "symseq/solver/CounterexampleCache.h"

#include <algorithm>

#include "symseq/expr/Evaluator.h"
#include "symseq/support/Error.h"

namespace symseq {

bool CounterexampleCache::satisfies(const Valuation& m, std::span<const Expr> assumptions) const {
  // The assumptions first, then the newest assertions: what is new in a query is what a model
  // of an older one most likely violates.
  try {
    for (Expr a : assumptions)
      if (!evaluate(a, m).asBool()) return false;
    const std::span<const Expr> asserted = assertions();
    for (auto it = asserted.rbegin(); it != asserted.rend(); ++it)
      if (!evaluate(*it, m).asBool()) return false;
  } catch (const EvalError&) {
    return false;  // not decidable by evaluation (a function, a division by zero): ask the solver
  }
  return true;
}

bool CounterexampleCache::complete(Valuation& m, std::span<const Expr> assumptions) {
  // Gives v a value when it has none: the value of `e` with e's missing variables given some
  // value first (e may be an input of the step that v's definition reads).
  const auto define = [&m, this](Expr v, Expr e) {
    for (Expr u : vars_.of(e)) {
      if (!u.isVar()) throw EvalError("an application");  // a model gives no function
      if (!m.contains(u)) m.set(u, someValue(u.sort()));
    }
    m.set(v, evaluate(e, m));
  };
  const auto unset = [&m](Expr e) { return e.isVar() && !m.contains(e); };
  try {
    // Assumed literals fix their variable.
    for (Expr a : assumptions) {
      if (unset(a)) m.set(a, Value::boolean(true));
      else if (a.op() == Op::Not && unset(a.children()[0])) m.set(a.children()[0], Value::boolean(false));
    }
    // Definitions, oldest assertion first so that a chain of them is followed.
    for (Expr e : assertions()) {
      if (unset(e)) {
        m.set(e, Value::boolean(true));
      } else if (e.op() == Op::Not && unset(e.children()[0])) {
        m.set(e.children()[0], Value::boolean(false));
      } else if (e.op() == Op::Eq && e.children().size() == 2) {
        const Expr l = e.children()[0], r = e.children()[1];
        if (unset(l)) define(l, r);
        else if (unset(r)) define(r, l);
      }
    }
    // Any other variable: some value of its sort.
    for (Expr c : assumptions)
      for (Expr u : vars_.of(c))
        if (!u.isVar()) return false;
        else if (!m.contains(u)) m.set(u, someValue(u.sort()));
    for (Expr c : assertions())
      for (Expr u : vars_.of(c))
        if (!u.isVar()) return false;
        else if (!m.contains(u)) m.set(u, someValue(u.sort()));
  } catch (const EvalError&) {
    return false;  // a division by zero, an application: the solver decides
  }
  return true;
}

CheckResult CounterexampleCache::check(std::span<const Expr> assumptions) {
  lastAssumptions_.assign(assumptions.begin(), assumptions.end());
  // Unsat: a stored unsat set inside this query.
  if (!unsatSets_.empty()) {
    std::vector<std::uint32_t> ids;
    ids.reserve(assertions().size() + assumptions.size());
    for (Expr e : assertions()) ids.push_back(e.id());
    for (Expr e : assumptions) ids.push_back(e.id());
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    for (auto it = unsatSets_.begin(); it != unsatSets_.end(); ++it) {
      if (!std::includes(ids.begin(), ids.end(), it->begin(), it->end())) continue;
      ++unsatHits_;
      last_ = Last::UnsatHit;
      lastCore_ = assumptionsIn(assumptions, *it);
      std::rotate(unsatSets_.begin(), it, it + 1);
      return CheckResult::Unsat;
    }
  }
  // Sat: a stored model that satisfies it.
  for (auto it = models_.begin(); it != models_.end(); ++it) {
    if (!satisfies(*it, assumptions)) continue;
    ++satHits_;
    last_ = Last::SatHit;
    std::rotate(models_.begin(), it, it + 1);
    return CheckResult::Sat;
  }
  // Sat: a stored model, or the empty one, completed (the query has variables a stored model
  // does not give). Most recent first; the completed model replaces the one it extends, which
  // it agrees with on every variable that one gives.
  for (std::size_t i = 0; i <= models_.size(); ++i) {
    Valuation m = i < models_.size() ? models_[i] : Valuation{};
    if (!complete(m, assumptions) || !satisfies(m, assumptions)) continue;
    ++satHits_;
    ++completedHits_;
    last_ = Last::SatHit;
    if (i < models_.size()) models_.erase(models_.begin() + static_cast<std::ptrdiff_t>(i));
    models_.push_front(std::move(m));
    if (models_.size() > kModels) models_.pop_back();
    return CheckResult::Sat;
  }
  ++misses_;
  last_ = Last::Inner;
  syncInner();
  const CheckResult r = inner().check(assumptions);
  if (r == CheckResult::Sat) {
    std::vector<Expr> wanted;
    for (Expr v : vars_.of(assertions()))
      if (v.isVar()) wanted.push_back(v);
    for (Expr v : vars_.of(assumptions))
      if (v.isVar()) wanted.push_back(v);
    std::sort(wanted.begin(), wanted.end(), ExprIdLess{});
    wanted.erase(std::unique(wanted.begin(), wanted.end()), wanted.end());
    models_.push_front(inner().model(wanted).toValuation());
    if (models_.size() > kModels) models_.pop_back();
  } else if (r == CheckResult::Unsat) {
    std::vector<std::uint32_t> set;
    for (Expr e : assertions()) set.push_back(e.id());
    for (Expr e : inner().unsatAssumptions()) set.push_back(e.id());
    std::sort(set.begin(), set.end());
    set.erase(std::unique(set.begin(), set.end()), set.end());
    unsatSets_.push_front(std::move(set));
    if (unsatSets_.size() > kUnsatSets) unsatSets_.pop_back();
  }
  return r;
}

Model CounterexampleCache::model(std::span<const Expr> variables) {
  if (last_ == Last::Inner) return inner().model(variables);
  if (last_ != Last::SatHit) throw SolverError("model() needs the last check to be sat");
  const Valuation& m = models_.front();  // the hit was moved to the front
  Model out;
  try {
    for (Expr v : variables) {
      if (v.isVar()) {
        const Value* value = m.find(v);
        out.add(v, value ? *value : someValue(v.sort()));
      } else {
        out.add(v, evaluate(v, m));
      }
    }
  } catch (const EvalError&) {
    // A term the stored model cannot evaluate (a variable it does not give inside a term, a
    // function application): ask the solver for this query after all.
    syncInner();
    const CheckResult again = inner().check(lastAssumptions_);
    if (again != CheckResult::Sat)
      throw SolverError("counterexample cache: a query a stored model satisfies answered " +
                        std::string(toString(again)) + " when checked for its model");
    last_ = Last::Inner;
    return inner().model(variables);
  }
  return out;
}

std::vector<Expr> CounterexampleCache::unsatAssumptions() {
  if (last_ == Last::Inner) return inner().unsatAssumptions();
  if (last_ != Last::UnsatHit) throw SolverError("unsatAssumptions() needs the last check to be unsat");
  return lastCore_;
}

SolverStats CounterexampleCache::stats() const {
  SolverStats s = inner().stats();
  s.layers.insert(s.layers.begin(), {{"cex-cache.sat_hits", satHits_}, {"cex-cache.completed_hits", completedHits_},
                                     {"cex-cache.unsat_hits", unsatHits_},
                                     {"cex-cache.misses", misses_}});
  return s;
}

}  // namespace symseq
