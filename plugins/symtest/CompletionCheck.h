#pragma once
// The completion check: before the path search explores a branch, a bounded model check asks
// whether any sequence that starts with the branch's decisions takes the rest of the goal
// within the bound. The syntactic plan cannot see that a start is dead when the cause lies
// several iterations away (an early iteration that spends the only chance to engage, say); the
// unrolling sees it at once. A refuted start's unsat core, a set of (iteration, transition)
// decisions, is kept as a completion no-good: every later branch or plan that makes those
// decisions is dead too, and FINDPATH plans around them without a query. Conversely, the run a
// completable answer's model describes is kept (as KLEE's counterexample cache keeps models):
// a later start that it also begins with is completable without a query.
//
// The check prunes; it never proposes a path. Plans still come from FINDPATH and are confirmed
// by the path checker's own symbolic execution, so what the search reports is the search's.
// It runs on a solver of its own (the unrolling stays asserted there between queries), made by
// the job's solver factory, so it shares the run's query budget and deadline.
#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <vector>

#include "symseq/acyclic/Unrolling.h"
#include "symseq/support/PluginPtr.h"

namespace symseq::symtest {

// Transition `transition` taken in part `part` (0: the initial part; j: iteration j).
struct Decision {
  std::uint32_t part = 0;
  TransitionId transition = 0;
  friend auto operator<=>(const Decision&, const Decision&) = default;
};

// A path's decisions, each with its part.
[[nodiscard]] std::vector<Decision> decisionsOf(const TransitionSystem& system, std::span<const TransitionId> path);

class CompletionCheck {
 public:
  enum class Answer : std::uint8_t { Completable, Refuted, Unknown };

  // Encoding stops at `deadline` (Unrolling.h); a check after that answers Unknown.
  CompletionCheck(const AcyclicCore& core, PluginPtr<Solver> solver, std::span<const TransitionId> goal,
                  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max());

  // Whether some sequence of at most `bound` steps starting with `start` takes every goal
  // target. Refuted answers are learned; a start containing a learned no-good (of this bound or
  // a larger one) is refuted without a query.
  [[nodiscard]] Answer check(std::span<const TransitionId> start, std::uint32_t bound);

  // The first position of `path` at which its decisions so far contain a learned no-good valid
  // at `bound`, or nothing.
  [[nodiscard]] std::optional<std::size_t> refutedAt(std::span<const TransitionId> path, std::uint32_t bound) const;

  [[nodiscard]] std::uint64_t queries() const { return queries_; }
  [[nodiscard]] std::uint64_t reused() const { return reused_; }
  [[nodiscard]] std::uint64_t refuted() const { return refuted_; }
  [[nodiscard]] std::size_t noGoods() const { return noGoods_.size(); }

 private:
  struct NoGood {
    std::vector<Decision> decisions;  // sorted
    std::uint32_t bound = 0;          // refuted within this bound, hence within any smaller one
  };
  // A run the solver found for a completable start: its decisions, and the bound it is within.
  struct Completion {
    std::vector<Decision> decisions;  // sorted
    std::uint32_t bound = 0;
  };
  Expr goalWithin(std::uint32_t bound);
  [[nodiscard]] bool known(const std::vector<Decision>& decisions, std::uint32_t bound) const;
  [[nodiscard]] bool completed(const std::vector<Decision>& decisions, std::uint32_t bound) const;
  void keepCompletion(std::uint32_t bound);

  const AcyclicCore& core_;
  PluginPtr<Solver> solver_;  // before unrolling_, which asserts on it
  Unrolling unrolling_;
  std::vector<TransitionId> goal_;
  std::map<std::uint32_t, Expr> goals_;  // by bound: the literal "the goal is taken within it"
  std::vector<NoGood> noGoods_;
  std::vector<Completion> completions_;  // the latest few, newest last
  std::uint64_t queries_ = 0;
  std::uint64_t reused_ = 0;
  std::uint64_t refuted_ = 0;
};

}  // namespace symseq::symtest
