#pragma once
// The counterexample cache (KLEE's CexCachingSolver): it keeps the models of recent sat answers
// and the constraint sets of recent unsat answers, and answers a new query without the solver
//  - Unsat when the query contains a stored unsat set (a superset of an unsat set is unsat);
//    unsatAssumptions() then gives this query's assumptions that are in the set, in their order;
//  - Sat when a stored model makes every assertion and assumption of the query true (checked by
//    concrete evaluation, symseq/expr/Evaluator.h); model() then answers from that model, and a
//    variable it does not give gets some value of its sort (no constraint mentions it).
//  - Sat when a stored model, or the empty one, *completed* makes them true: a query that adds
//    variables to an old one (a longer unrolling, a deeper path) is not decided by the old model
//    alone. Completion gives a missing variable a value: a Bool assumption that is a variable or
//    its negation fixes it; an assertion `(= v e)` or `(= e v)` sets v to e's value (oldest
//    assertion first, so definitions chain); any other gets some value of its sort. Whatever the
//    values, the answer is sound: the completed model is checked against every constraint, and
//    it is stored in place of the one it extends ("cex-cache.completed_hits" counts these).
// A query the evaluator cannot decide (a function application, a division by zero) is asked.
// On a sat answer of the wrapped solver the layer asks it for a model of the query's variables,
// to store. The stores are small and most-recent-first (a hit moves to the front), so a lookup
// costs at most kModels evaluations of the query and kUnsatSets subset tests.
// Counters: cex-cache.sat_hits (completed ones included), .completed_hits, .unsat_hits, .misses.
#include <deque>

#include "symseq/expr/Valuation.h"
#include "symseq/solver/StackLayer.h"
#include "symseq/solver/VariableSets.h"

#pragma GCC visibility push(default)

namespace symseq {

class CounterexampleCache final : public StackLayer {
 public:
  static constexpr std::size_t kModels = 8;
  static constexpr std::size_t kUnsatSets = 32;

  using StackLayer::StackLayer;

  CheckResult check(std::span<const Expr> assumptions) override;
  Model model(std::span<const Expr> variables) override;
  std::vector<Expr> unsatAssumptions() override;
  SolverStats stats() const override;

 private:
  [[nodiscard]] bool satisfies(const Valuation& m, std::span<const Expr> assumptions) const;
  // `m` with every variable of the query given a value (see above); false when it cannot be
  // (a constraint the evaluator cannot decide).
  [[nodiscard]] bool complete(Valuation& m, std::span<const Expr> assumptions);

  VariableSets vars_;
  std::deque<Valuation> models_;
  std::deque<std::vector<std::uint32_t>> unsatSets_;  // sorted ids of assertions and core assumptions
  enum class Last : std::uint8_t { Inner, SatHit, UnsatHit } last_ = Last::Inner;
  std::vector<Expr> lastAssumptions_;
  std::vector<Expr> lastCore_;
  std::uint64_t satHits_ = 0, completedHits_ = 0, unsatHits_ = 0, misses_ = 0;
};

}  // namespace symseq

#pragma GCC visibility pop
