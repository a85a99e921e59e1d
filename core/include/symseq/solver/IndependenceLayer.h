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
// and never re-proves an unchanged prefix of a path condition. When a slice is sat, the layer
// stores a model of each assertion-only group in it (one model() of the wrapped solver, no
// check), and model() answers with the union of the slice's model and the stored models of the
// groups left out: groups share no variable, so the union satisfies the whole query. Only a
// group whose model could not be stored whole (it applies a function: a model gives values of
// applications, not of the function) still needs the whole query checked once more for a
// variable of it ("independence.model_rechecks"). unsatAssumptions() comes from the slice, whose
// assumptions keep their order. reasonUnknown() is the slice's.
// Counters: independence.queries, .dropped (constraints left out of slices), .empty_slices
// (queries answered sat without the solver: every group was known sat), .models_stored (group
// models kept), .model_rechecks.
#include <unordered_map>
#include <vector>

#include "symseq/expr/Valuation.h"
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
  // A model of a known-sat group of assertions; `whole` when it gives every variable of the
  // group (no function applications in it).
  struct GroupModel {
    Valuation values{};
    bool whole = false;
  };

  void closeSlice();  // pops the wrapped solver's scope of the last query, if open

  VariableSets vars_;
  std::unordered_map<QueryKey, GroupModel, QueryKeyHash> knownSat_;
  // The known-sat groups the last query left out (node pointers into knownSat_: stable until it
  // is cleared, which only check() does, after which the list is rebuilt).
  std::vector<const GroupModel*> droppedGroups_;
  bool sliceOpen_ = false;
  // The last check: answered by the solver (sat, or not), sat without it, or sat and checked whole.
  enum class Last : std::uint8_t { Inner, NotSat, EmptySlice, Rechecked } last_ = Last::NotSat;
  std::vector<Expr> lastAssumptions_;
  std::vector<Expr> sliceVars_;  // variables of the last slice, ordered by id
  std::uint64_t queries_ = 0, dropped_ = 0, empty_ = 0, stored_ = 0, rechecks_ = 0;
};

}  // namespace symseq

#pragma GCC visibility pop
