#pragma once
// The query cache (KLEE's CachingSolver, the "branch cache"): an answer is stored under the query
// that produced it, the set of asserted expressions plus the set of assumptions (hash-consed, so
// an id is a structure), and an identical later query is answered from the store without the
// solver. Order and repetition of assertions and assumptions do not matter.
//
// After a cached Unsat, unsatAssumptions() gives the stored core, restricted to this query's
// assumptions in their order. After a cached Sat, model() asks the wrapped solver (the stack is
// handed to it and the query checked once more: "query-cache.model_rechecks"), since a cached
// answer carries no model; put "cex-cache" inside this layer to answer those from a stored
// model instead. Unknown answers are not stored: they depend on time and budgets.
// Counters: query-cache.hits, .misses, .model_rechecks.
#include <unordered_map>

#include "symseq/solver/StackLayer.h"

#pragma GCC visibility push(default)

namespace symseq {

class QueryCache final : public StackLayer {
 public:
  using StackLayer::StackLayer;

  CheckResult check(std::span<const Expr> assumptions) override;
  Model model(std::span<const Expr> variables) override;
  std::vector<Expr> unsatAssumptions() override;
  std::string reasonUnknown() const override;
  SolverStats stats() const override;

 private:
  struct Entry {
    CheckResult result;
    std::vector<std::uint32_t> core;  // sorted ids of the unsat assumptions
  };
  std::unordered_map<QueryKey, Entry, QueryKeyHash> entries_;
  // The last check: answered from the store (and how), or by the wrapped solver.
  bool lastCached_ = false;
  CheckResult lastResult_ = CheckResult::Unknown;
  std::vector<Expr> lastAssumptions_;
  std::vector<Expr> lastCore_;
  bool rechecked_ = false;  // the wrapped solver now holds the last (cached Sat) query answered
  std::uint64_t hits_ = 0, misses_ = 0, rechecks_ = 0;
};

}  // namespace symseq

#pragma GCC visibility pop
