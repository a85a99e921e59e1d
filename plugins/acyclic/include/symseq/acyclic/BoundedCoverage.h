#pragma once
// Bounded model checking of coverage on an acyclic-core model (Unrolling.h): which targets some
// sequence of at most `bound` steps takes, the fewest steps for each, and the fewest steps of
// one sequence taking a set of them. Unsat at every length is a proof within the bound; an
// unknown answer or the deadline proves nothing. An unknown answer within the budgets (the
// solver's per-query limit, an incomplete theory) sets aside only the targets it was about. The `bounded-exhaustive` strategy is this
// alone; `symtest` asks it for proofs its path search cannot give.
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "symseq/acyclic/Unrolling.h"

#pragma GCC visibility push(default)

namespace symseq {

// A sequence of `length` steps and the targets it takes.
struct CoverageWitness {
  TestSequence sequence;
  std::uint32_t length = 0;
  std::set<TransitionId> covers;
};

struct TargetFeasibility {
  std::vector<TransitionId> feasible;                 // taken by some witness; sorted
  std::map<TransitionId, UncoveredReason> uncovered;  // the others, with why
  std::map<TransitionId, std::string> detail;         // of a solver-unknown one: which query
  std::vector<CoverageWitness> witnesses;             // by length; each shortest for the targets first found with it
  [[nodiscard]] std::uint32_t longestShortest() const;  // a lower bound on one sequence taking `feasible`
};

// Whether a strategy's budgets are spent: its deadline passed, its query budget used up, or the
// run stopped (Ctrl-C). The `budgetsSpent` that symtest and bounded-exhaustive give BoundedCoverage.
[[nodiscard]] bool budgetsSpent(const GenerationJob& job);

class BoundedCoverage {
 public:
  // Encodes on `solver` in a scope of its own, popped by the destructor. `budgetsSpent` tells whether
  // the run's budgets are spent (deadline, query budget, a stop), so that an unknown answer
  // after it ends the work and one before it sets aside only its targets; by default, the
  // deadline alone.
  BoundedCoverage(const AcyclicCore& core, Solver& solver, std::uint32_t bound,
                  std::chrono::steady_clock::time_point deadline, std::function<bool()> budgetsSpent = {});
  BoundedCoverage(const BoundedCoverage&) = delete;
  BoundedCoverage& operator=(const BoundedCoverage&) = delete;
  ~BoundedCoverage();

  // For k = 0, 1, ..., bound asks for any k-step sequence taking a target not yet found, until
  // none does: each target is found at the least k that takes it. When that query answers
  // unknown within the budgets, each target is asked alone at that k, and one whose own query
  // answers unknown is set aside (UncoveredReason::SolverUnknown) while the others go on.
  [[nodiscard]] TargetFeasibility feasibility(std::span<const TransitionId> targets);

  // The shortest single sequence of `least` to `bound` steps taking all of `goal`; nothing when
  // there is none within the bound, or an answer was unknown (then `unknown()` is true). A
  // known witness of length `least` taking all of `goal` is returned without a query.
  [[nodiscard]] std::optional<CoverageWitness> jointOptimum(std::span<const TransitionId> goal, std::uint32_t least,
                                                            std::span<const CoverageWitness> known = {});

  [[nodiscard]] bool unknown() const { return unknown_; }
  [[nodiscard]] std::uint32_t iterationsEncoded() const { return unrolling_.iterations(); }

  // When no single sequence takes every target: a test suite of witnesses that together take
  // every target any of them takes, chosen greedily (most new targets first, then the shorter).
  [[nodiscard]] static std::vector<TestSequence> suite(std::span<const CoverageWitness> witnesses);

 private:
  bool reach(std::uint32_t k);
  static void forgetSetAside(const CoverageWitness& w, TargetFeasibility& result);
  [[nodiscard]] bool spent() const;
  bool askAlone(std::uint32_t k, std::set<TransitionId>& remaining, std::span<const TransitionId> candidates,
                TargetFeasibility& result);
  std::optional<CoverageWitness> query(std::uint32_t k, Expr goal, std::span<const TransitionId> watched);

  struct Scope {
    explicit Scope(Solver& s);
    ~Scope();
    Solver& solver;
  };

  const TransitionSystem& system_;
  Solver& solver_;
  std::uint32_t bound_;
  std::function<bool()> spent_;
  Scope scope_;  // before unrolling_, which asserts in it
  Unrolling unrolling_;
  bool unknown_ = false;
};

}  // namespace symseq

#pragma GCC visibility pop
