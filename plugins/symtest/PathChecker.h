#pragma once
// Symbolic execution of planned paths on one incremental solver: a scope and a selector literal
// per decision, one query for all the decisions beyond the prefix kept from the last path (a
// feasible path costs one query), and on an unsat answer a core-guided search for the first
// failing decision (the longest satisfiable prefix). Consecutive paths, which share a prefix
// while the search backtracks, reuse the solver's work on the shared part.
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "NoGoods.h"

#include "symseq/exec/SymbolicExecutor.h"
#include "symseq/acyclic/AcyclicCore.h"
#include "symseq/plugin/Strategy.h"
#include "symseq/solver/Solver.h"

namespace symseq::symtest {

struct PathOutcome {
  std::size_t feasibleLength = 0;  // leading transitions that are satisfiable together
  bool unknown = false;            // the check at feasibleLength answered unknown: no proof
  // When the path fails and conflict tracking is on: the positions whose conditions the
  // solver's unsat core names, ascending (the failing position is the last), cut after the
  // latest decision the conflict needs.
  std::vector<std::size_t> conflict;
  bool byNoGood = false;  // a learned no-good answered, not the solver
  [[nodiscard]] bool feasible(std::size_t pathLength) const { return feasibleLength == pathLength; }
};

// A position of a plan known to fail before the solver is asked: its condition is false from the
// state the path reaches there, or a learned no-good holds among the conditions up to it.
struct KnownFailure {
  std::size_t position = 0;
  bool byNoGood = false;
};

class PathChecker {
 public:
  // Every condition is guarded by a selector literal, so that a failure comes with the positions
  // of the conflicting decisions (the unsat core), which become a no-good. `tightenConflicts`:
  // also shrink the core to the latest decision it needs (for conflict-directed backtracking;
  // it costs queries).
  PathChecker(const AcyclicCore& core, Solver& solver, bool tightenConflicts);
  ~PathChecker();
  PathChecker(const PathChecker&) = delete;
  PathChecker& operator=(const PathChecker&) = delete;

  // Executes `path` (from the initial location), stopping at the first unsatisfiable condition.
  [[nodiscard]] PathOutcome check(const std::vector<TransitionId>& path);

  // Concrete inputs that drive the model along the first `length` transitions of the path last
  // checked (which must be satisfiable): one step per iteration begun within them. Nullopt when
  // the solver cannot give a model (budget exhausted).
  [[nodiscard]] std::optional<TestSequence> sequence(std::size_t length);

  // Semantic FINDPATH's look-ahead: executes `path` symbolically without the solver and returns
  // the first position that is known to fail, or nothing.
  [[nodiscard]] std::optional<KnownFailure> knownFailure(const std::vector<TransitionId>& path) const;

  // Pops every scope the checker opened (before another user of the solver, the model check,
  // encodes in its own scope). The learned no-goods stay.
  void reset() { truncate(0); }

  [[nodiscard]] std::uint64_t noGoodsLearned() const { return noGoodsLearned_; }
  [[nodiscard]] std::uint64_t noGoodsUsed() const { return noGoodsUsed_; }

 private:
  struct Position {
    TransitionId transition;
    SymbolicState after;               // the store after the transition (path condition unused)
    std::vector<Expr> inputs;          // fresh symbols the transition read
    std::optional<Expr> selector;      // the literal guarding its condition
    std::optional<Expr> condition;     // the condition it asserted (with a scope)
    bool scoped = false;               // it opened a solver scope
  };

  Expr condition(const SymbolicState& before, TransitionId t, SymbolicStep& step) const;
  void truncate(std::size_t length);
  void hold(Expr condition, int by);
  void tightenConflict(std::vector<std::size_t>& conflict);
  std::optional<std::size_t> positionOfSelector(Expr selector) const;

  const AcyclicCore& core_;
  Solver& solver_;
  SymbolicExecutor executor_;
  bool tightenConflicts_;
  NoGoods noGoods_;
  std::unordered_map<std::uint32_t, std::uint32_t> held_;  // condition ids of executed_, by count
  std::uint64_t noGoodsLearned_ = 0;
  std::uint64_t noGoodsUsed_ = 0;
  SymbolicState initial_;
  std::vector<Position> executed_;  // the last path, as far as it was executed
  std::size_t baseLevel_;           // the solver's level before the first scope we opened
  bool modelFresh_ = false;         // the last solver operation was a satisfiable check
};

}  // namespace symseq::symtest
