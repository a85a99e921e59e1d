#include "BoundedSearch.h"

#include <algorithm>
#include <array>
#include <optional>
#include <set>

#include "Unrolling.h"

namespace symseq::bounded {

namespace {

using Clock = std::chrono::steady_clock;

// A sequence the search found, with the targets it takes.
struct Witness {
  TestSequence sequence;
  std::uint32_t length = 0;
  std::set<TransitionId> covers;
};

// Keeps the solver's assertion stack as the job handed it over: the encoding lives in one scope.
class Scope {
 public:
  explicit Scope(Solver& solver) : solver_(solver) { solver_.push(); }
  Scope(const Scope&) = delete;
  Scope& operator=(const Scope&) = delete;
  ~Scope() {
    try {
      solver_.pop();
    } catch (const Error&) {  // a back end that failed already reported it to the caller
    }
  }

 private:
  Solver& solver_;
};

class Search {
 public:
  Search(const GenerationJob& job, const BoundedOptions& options)
      : job_(job),
        core_(AcyclicCore::analyse(job.system, "strategy 'bounded-exhaustive'")),
        bound_(options.maxIterations == 0 ? job.budgets.depth : std::min(options.maxIterations, job.budgets.depth)),
        scope_(job.solver),
        unrolling_(core_, job.solver) {}

  GenerationResult run() {
    GenerationResult result;
    // A target whose source no run reaches is infeasible at any bound, without a query.
    for (TransitionId t : job_.targets) {
      if (unrolling_.onSomePath(t))
        candidates_.push_back(t);
      else
        result.uncovered[t] = UncoveredReason::InfeasibleWithinBound;
    }

    // Phase 1: each target's shortest sequence, k = 0, 1, ..., bound. At each k, ask for any
    // sequence of k steps taking a target not yet found, until none does: so a target is found at
    // the least k that takes it, and one never found within the bound is proved infeasible.
    std::set<TransitionId> remaining(candidates_.begin(), candidates_.end());
    std::vector<Witness> witnesses;
    bool unknown = false;
    for (std::uint32_t k = 0; k <= bound_ && !remaining.empty() && !unknown; ++k) {
      if (!reach(k)) {
        unknown = true;
        break;
      }
      while (!remaining.empty()) {
        std::vector<Expr> any;
        for (TransitionId t : remaining) any.push_back(unrolling_.covered(t, k));
        std::optional<Witness> w = query(k, disjunction(job_.system.context(), any));
        if (!w) {
          unknown = unknown_;
          break;
        }
        const std::size_t before = remaining.size();
        for (TransitionId t : w->covers) remaining.erase(t);
        if (remaining.size() == before)
          throw Error("strategy 'bounded-exhaustive': the solver's model takes none of the targets it was asked for",
                      std::nullopt, "this is a bug in the strategy or the solver; please report it with the model");
        witnesses.push_back(std::move(*w));
      }
    }
    // Unsat at every k up to the bound is a proof; an unknown answer proves nothing.
    for (TransitionId t : remaining)
      result.uncovered[t] = unknown ? UncoveredReason::BudgetExhausted : UncoveredReason::InfeasibleWithinBound;

    // Phase 2: one sequence taking every target found, in as few steps as possible. No sequence
    // is shorter than the longest of the targets' shortest ones, so the search starts there.
    std::vector<TransitionId> goal;
    std::uint32_t least = 0;
    for (const Witness& w : witnesses) least = std::max(least, w.length);
    for (TransitionId t : candidates_)
      if (!remaining.contains(t)) goal.push_back(t);
    if (!goal.empty()) {
      if (std::optional<TestSequence> joint = jointOptimum(goal, least, witnesses))
        result.sequences.push_back(std::move(*joint));
      else
        result.sequences = suite(witnesses);
    }
    result.stats.iterations = unrolling_.iterations();
    return result;
  }

 private:
  // Encodes iterations up to k; false when the time budget ended first.
  bool reach(std::uint32_t k) {
    while (unrolling_.iterations() < k) {
      if (Clock::now() >= job_.deadline) return false;
      unrolling_.extend();
    }
    return true;
  }

  // A sequence of exactly k steps on which `goal` holds, or nothing (unknown_ tells whether the
  // answer was unknown rather than unsat).
  std::optional<Witness> query(std::uint32_t k, Expr goal) {
    ExprContext& ctx = job_.system.context();
    const std::array<Expr, 2> both{unrolling_.runs(k), goal};
    const Expr assumption = conjunction(ctx, both);
    // No target left that this k could take (say, none in the initial part at k = 0): unsat
    // without asking.
    const bool trivial = assumption.isConst() && assumption.value() == Value::boolean(false);
    const CheckResult answer = trivial ? CheckResult::Unsat : job_.solver.check(std::span(&assumption, 1));
    unknown_ = answer == CheckResult::Unknown;
    if (answer != CheckResult::Sat) return std::nullopt;

    std::vector<Expr> asked = unrolling_.sequenceSymbols(k);
    std::vector<std::vector<Expr>> taken;
    for (TransitionId t : candidates_) {
      taken.push_back(unrolling_.takenSymbols(t, k));
      asked.insert(asked.end(), taken.back().begin(), taken.back().end());
    }
    const Model model = job_.solver.model(asked);
    Witness w{unrolling_.sequence(model, k), k, {}};
    for (std::size_t i = 0; i < candidates_.size(); ++i)
      for (Expr symbol : taken[i])
        if (const Value* value = model.find(symbol); value != nullptr && value->asBool()) w.covers.insert(candidates_[i]);
    return w;
  }

  // The shortest single sequence taking every target of `goal`, searched from `least` steps up
  // to the bound; nothing when there is none within the bound or an answer was unknown.
  std::optional<TestSequence> jointOptimum(const std::vector<TransitionId>& goal, std::uint32_t least,
                                           const std::vector<Witness>& witnesses) {
    auto coversGoal = [&](const Witness& w) {
      return std::all_of(goal.begin(), goal.end(), [&](TransitionId t) { return w.covers.contains(t); });
    };
    // A witness of the least length that already takes everything is the optimum.
    for (const Witness& w : witnesses)
      if (w.length == least && coversGoal(w)) return w.sequence;
    ExprContext& ctx = job_.system.context();
    for (std::uint32_t k = least; k <= bound_; ++k) {
      if (!reach(k)) return std::nullopt;
      std::vector<Expr> all;
      for (TransitionId t : goal) all.push_back(unrolling_.covered(t, k));
      std::optional<Witness> w = query(k, conjunction(ctx, all));
      if (w) return std::move(w->sequence);
      if (unknown_) return std::nullopt;
    }
    return std::nullopt;
  }

  // When no single sequence within the bound takes every target: the witnesses, each a shortest
  // sequence for the targets first found with it. A witness of no steps (the initial part alone)
  // is left out when the others take its targets too, since every sequence runs the initial part.
  static std::vector<TestSequence> suite(std::vector<Witness>& witnesses) {
    std::set<TransitionId> byOthers;
    for (const Witness& w : witnesses)
      if (w.length > 0) byOthers.insert(w.covers.begin(), w.covers.end());
    std::vector<TestSequence> sequences;
    for (Witness& w : witnesses) {
      const bool redundant = w.length == 0 && std::includes(byOthers.begin(), byOthers.end(), w.covers.begin(), w.covers.end());
      if (!redundant) sequences.push_back(std::move(w.sequence));
    }
    return sequences;
  }

  const GenerationJob& job_;
  AcyclicCore core_;
  std::uint32_t bound_;
  Scope scope_;                            // before unrolling_, which asserts in it
  Unrolling unrolling_;
  std::vector<TransitionId> candidates_;   // targets on some path, sorted
  bool unknown_ = false;                   // the last query's answer was unknown
};

}  // namespace

GenerationResult runBoundedExhaustive(const GenerationJob& job, const BoundedOptions& options) {
  return Search(job, options).run();
}

}  // namespace symseq::bounded
