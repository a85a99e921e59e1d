#pragma once
// Independence slicing (KLEE's IndependentSolver): a query's constraints (the asserted stack and
// the assumptions) fall into independent groups that share no variable and no applied function,
// transitively; the query
// is sat exactly when every group is. The layer asks the wrapped solver about one slice: every
// group that holds an assumption, plus every assertion-only group not yet known to be sat. A
// group of assertions the solver once found sat (as part of a slice) is remembered and dropped
// from later slices: its satisfiability does not depend on anything outside it.
//
// So the solver below sees small queries that repeat (a cache under this layer answers them)
// and never re-proves an unchanged prefix of a path condition. model() answers from the slice
// when it holds every requested variable (variables of dropped groups need asking again: the
// whole query is then checked once more, "independence.model_rechecks"); unsatAssumptions()
// comes from the slice, whose assumptions keep their order. reasonUnknown() is the slice's.
// Counters: independence.queries, .dropped (constraints left out of slices), .empty_slices
// (queries answered sat without the solver: every group was known sat), .model_rechecks.
#include <unordered_set>

#include "symseq/solver/StackLayer.h"
#include "symseq/solver/VariableSets.h"

#pragma GCC visibility push(default)

namespace symseq {

class IndependenceLayer final : public StackLayer {
 public:
  // Known-sat groups kept before the set is cleared (a bound on memory in long runs).
  static constexpr std::size_t kMaxKnownSat = std::size_t{1} << 18;

  using StackLayer::StackLayer;

  void push() override;
  void pop(unsigned levels) override;
  void add(Expr assertion) override;
  CheckResult check(std::span<const Expr> assumptions) override;
  Model model(std::span<const Expr> variables) override;
  std::vector<Expr> unsatAssumptions() override;
  SolverStats stats() const override;

 private:
  void closeSlice();  // pops the wrapped solver's scope of the last query, if open

  VariableSets vars_;
  std::unordered_set<QueryKey, QueryKeyHash> knownSat_;
  bool sliceOpen_ = false;
  enum class Last : std::uint8_t { Inner, EmptySlice, Rechecked } last_ = Last::Inner;
  std::vector<Expr> lastAssumptions_;
  std::vector<Expr> sliceVars_;  // variables of the last slice, ordered by id
  std::uint64_t queries_ = 0, dropped_ = 0, empty_ = 0, rechecks_ = 0;
};

}  // namespace symseq

#pragma GCC visibility pop
