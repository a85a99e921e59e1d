#include "symseq/solver/QueryCache.h"

#include <algorithm>

#include "symseq/support/Error.h"

namespace symseq {

CheckResult QueryCache::check(std::span<const Expr> assumptions) {
  QueryKey key = makeQueryKey(assertions(), assumptions);
  lastAssumptions_.assign(assumptions.begin(), assumptions.end());
  rechecked_ = false;
  if (const auto it = entries_.find(key); it != entries_.end()) {
    ++hits_;
    lastCached_ = true;
    lastResult_ = it->second.result;
    if (lastResult_ == CheckResult::Unsat) lastCore_ = assumptionsIn(assumptions, it->second.core);
    return lastResult_;
  }
  ++misses_;
  lastCached_ = false;
  syncInner();
  lastResult_ = inner().check(assumptions);
  if (lastResult_ == CheckResult::Sat) {
    entries_.emplace(std::move(key), Entry{lastResult_, {}});
  } else if (lastResult_ == CheckResult::Unsat) {
    std::vector<std::uint32_t> core;
    for (Expr e : inner().unsatAssumptions()) core.push_back(e.id());
    std::sort(core.begin(), core.end());
    core.erase(std::unique(core.begin(), core.end()), core.end());
    entries_.emplace(std::move(key), Entry{lastResult_, std::move(core)});
  }
  return lastResult_;
}

Model QueryCache::model(std::span<const Expr> variables) {
  if (!lastCached_ || rechecked_) return inner().model(variables);
  if (lastResult_ != CheckResult::Sat) throw SolverError("model() needs the last check to be sat");
  ++rechecks_;
  syncInner();
  const CheckResult again = inner().check(lastAssumptions_);
  if (again != CheckResult::Sat)
    throw SolverError("query cache: a cached sat query answered " + std::string(toString(again)) +
                      " when checked again for its model (" + inner().reasonUnknown() + ")");
  rechecked_ = true;
  return inner().model(variables);
}

std::vector<Expr> QueryCache::unsatAssumptions() {
  if (!lastCached_) return inner().unsatAssumptions();
  if (lastResult_ != CheckResult::Unsat) throw SolverError("unsatAssumptions() needs the last check to be unsat");
  return lastCore_;
}

std::string QueryCache::reasonUnknown() const { return inner().reasonUnknown(); }

SolverStats QueryCache::stats() const {
  SolverStats s = inner().stats();
  s.layers.insert(s.layers.begin(), {{"query-cache.hits", hits_}, {"query-cache.misses", misses_},
                                     {"query-cache.model_rechecks", rechecks_}});
  return s;
}

}  // namespace symseq
