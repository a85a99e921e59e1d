#pragma once
// Bounded model checking of coverage on an acyclic-core model (Unrolling.h): which targets some
// sequence of at most `bound` steps takes, the fewest steps for each, and the fewest steps of
// one sequence taking a set of them. Unsat at every length is a proof within the bound; an
// unknown answer or the deadline proves nothing. The `bounded-exhaustive` strategy is this
// alone; `symtest` asks it for proofs its path search cannot give.
#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <span>
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
  std::vector<CoverageWitness> witnesses;             // by length; each shortest for the targets first found with it
  [[nodiscard]] std::uint32_t longestShortest() const;  // a lower bound on one sequence taking `feasible`
};

class BoundedCoverage {
 public:
  // Encodes on `solver` in a scope of its own, popped by the destructor.
  BoundedCoverage(const AcyclicCore& core, Solver& solver, std::uint32_t bound,
                  std::chrono::steady_clock::time_point deadline);
  BoundedCoverage(const BoundedCoverage&) = delete;
  BoundedCoverage& operator=(const BoundedCoverage&) = delete;
  ~BoundedCoverage();

  // For k = 0, 1, ..., bound asks for any k-step sequence taking a target not yet found, until
  // none does: each target is found at the least k that takes it.
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
  std::optional<CoverageWitness> query(std::uint32_t k, Expr goal, std::span<const TransitionId> watched);

  struct Scope {
    explicit Scope(Solver& s);
    ~Scope();
    Solver& solver;
  };

  const TransitionSystem& system_;
  Solver& solver_;
  std::uint32_t bound_;
  std::chrono::steady_clock::time_point deadline_;
  Scope scope_;  // before unrolling_, which asserts in it
  Unrolling unrolling_;
  bool unknown_ = false;
};

}  // namespace symseq

#pragma GCC visibility pop
