#include "symseq/acyclic/BoundedCoverage.h"

#include <algorithm>
#include <array>
#include <string>

#include "symseq/expr/Connectives.h"
#include "symseq/solver/BudgetLayer.h"

namespace symseq {

bool budgetsSpent(const GenerationJob& job) {
  return std::chrono::steady_clock::now() >= job.deadline || job.solver.stats().queries >= job.budgets.solverQueries ||
         job.stopRequested();
}

std::uint32_t TargetFeasibility::longestShortest() const {
  std::uint32_t least = 0;
  for (const CoverageWitness& w : witnesses) least = std::max(least, w.length);
  return least;
}

BoundedCoverage::Scope::Scope(Solver& s) : solver(s) { solver.push(); }

BoundedCoverage::Scope::~Scope() {
  try {
    solver.pop();
  } catch (const Error&) {  // a back end that failed already reported it to the caller
  }
}

BoundedCoverage::BoundedCoverage(const AcyclicCore& core, Solver& solver, std::uint32_t bound,
                                 std::chrono::steady_clock::time_point deadline, std::function<bool()> budgetsSpent)
    : system_(core.system()),
      solver_(solver),
      bound_(bound),
      spent_(budgetsSpent ? std::move(budgetsSpent)
                   : std::function<bool()>([deadline] { return std::chrono::steady_clock::now() >= deadline; })),
      scope_(solver),
      unrolling_(core, solver, deadline) {}

BoundedCoverage::~BoundedCoverage() = default;

TargetFeasibility BoundedCoverage::feasibility(std::span<const TransitionId> targets) {
  TargetFeasibility result;
  std::vector<TransitionId> candidates;
  // A target whose source no run reaches is infeasible at any bound, without a query.
  for (TransitionId t : targets) {
    if (unrolling_.onSomePath(t))
      candidates.push_back(t);
    else
      result.uncovered[t] = UncoveredReason::InfeasibleWithinBound;
  }
  std::set<TransitionId> remaining(candidates.begin(), candidates.end());
  bool stopped = false;
  for (std::uint32_t k = 0; k <= bound_ && !remaining.empty() && !stopped; ++k) {
    if (!reach(k)) {
      stopped = true;
      break;
    }
    while (!remaining.empty()) {
      std::vector<Expr> any;
      for (TransitionId t : remaining) any.push_back(unrolling_.covered(t, k));
      std::optional<CoverageWitness> w = query(k, disjunction(system_.context(), any), candidates);
      if (!w && unknown_) {
        // Unknown after the budgets are spent: nothing more can be asked. Within them, the
        // solver could not decide this length for some target (its per-query limit, an
        // incomplete theory): asked alone, the others are decided and only it is set aside.
        stopped = spent() || !askAlone(k, remaining, candidates, result);
        break;  // every target still remaining is unsat alone at k
      }
      if (!w) break;
      const std::size_t before = remaining.size();
      for (TransitionId t : w->covers) remaining.erase(t);
      forgetSetAside(*w, result);
      if (remaining.size() == before)
        throw Error("bounded coverage: the solver's model takes none of the targets it was asked for", std::nullopt,
                    "this is a bug in the encoding or the solver; please report it with the model");
      result.witnesses.push_back(std::move(*w));
    }
  }
  for (TransitionId t : remaining)
    result.uncovered[t] = stopped ? UncoveredReason::BudgetExhausted : UncoveredReason::InfeasibleWithinBound;
  for (TransitionId t : candidates)
    if (!remaining.contains(t) && !result.uncovered.contains(t)) result.feasible.push_back(t);
  return result;
}

// After the query for any of `remaining` at k answered unknown within the budgets: each target
// alone at k (ascending, so the answer does not depend on the solver's choices). A sat answer is
// a witness (it may take others too); an unknown one sets its target aside, not asked again at
// a longer length (more steps make a harder query; raising the per-query limit is the user's
// call, and the detail names it). False when the budgets ran out on the way.
bool BoundedCoverage::askAlone(std::uint32_t k, std::set<TransitionId>& remaining, std::span<const TransitionId> candidates,
                               TargetFeasibility& result) {
  const std::vector<TransitionId> asked(remaining.begin(), remaining.end());
  // A single target's own query is the one that just answered unknown: not asked twice.
  const bool single = asked.size() == 1;
  for (TransitionId t : asked) {
    if (!remaining.contains(t)) continue;  // taken by an earlier witness
    std::optional<CoverageWitness> w;
    if (!single) w = query(k, unrolling_.covered(t, k), candidates);
    if (w) {
      for (TransitionId c : w->covers) remaining.erase(c);
      forgetSetAside(*w, result);
      result.witnesses.push_back(std::move(*w));
      continue;
    }
    if (!unknown_) continue;  // unsat at k: a longer sequence may take it
    if (spent()) return false;
    remaining.erase(t);
    result.uncovered[t] = UncoveredReason::SolverUnknown;
    const std::string why = solver_.reasonUnknown();
    result.detail[t] = "the solver answered unknown" + (why.empty() ? std::string() : " (" + why + ")") +
                       " on whether a sequence of " + std::to_string(k) + (k == 1 ? " step" : " steps") +
                       " takes it; no proof either way within the bound ([solver] query_timeout_ms limits each query)";
  }
  return true;
}

// A witness may take a target an unknown answer set aside (asked for another target, or at a
// longer length): it is feasible after all.
void BoundedCoverage::forgetSetAside(const CoverageWitness& w, TargetFeasibility& result) {
  for (TransitionId t : w.covers)
    if (const auto it = result.uncovered.find(t); it != result.uncovered.end() && it->second == UncoveredReason::SolverUnknown) {
      result.uncovered.erase(it);
      result.detail.erase(t);
    }
}

std::optional<CoverageWitness> BoundedCoverage::jointOptimum(std::span<const TransitionId> goal, std::uint32_t least,
                                                             std::span<const CoverageWitness> known) {
  unknown_ = false;
  auto coversGoal = [&](const CoverageWitness& w) {
    return std::all_of(goal.begin(), goal.end(), [&](TransitionId t) { return w.covers.contains(t); });
  };
  for (const CoverageWitness& w : known)
    if (w.length == least && coversGoal(w)) return w;
  for (std::uint32_t k = least; k <= bound_; ++k) {
    if (!reach(k)) {
      unknown_ = true;
      return std::nullopt;
    }
    std::vector<Expr> all;
    for (TransitionId t : goal) all.push_back(unrolling_.covered(t, k));
    std::optional<CoverageWitness> w = query(k, conjunction(system_.context(), all), goal);
    if (w || unknown_) return w;
  }
  return std::nullopt;
}

std::vector<TestSequence> BoundedCoverage::suite(std::span<const CoverageWitness> witnesses) {
  // Greedy set cover: the witness taking the most targets not yet taken, the shorter (then the
  // earlier found) among equals, until every target some witness takes is taken. Each witness
  // is a separate run from the initial state, so one whose targets others take only adds steps.
  std::set<TransitionId> left;
  for (const CoverageWitness& w : witnesses) left.insert(w.covers.begin(), w.covers.end());
  std::vector<bool> chosen(witnesses.size(), false);
  while (!left.empty()) {
    std::size_t best = witnesses.size();
    std::size_t bestGain = 0;
    for (std::size_t i = 0; i < witnesses.size(); ++i) {
      if (chosen[i]) continue;
      const auto gain = static_cast<std::size_t>(
          std::count_if(witnesses[i].covers.begin(), witnesses[i].covers.end(), [&](TransitionId t) { return left.contains(t); }));
      if (gain > bestGain || (gain == bestGain && gain > 0 && witnesses[i].length < witnesses[best].length)) {
        best = i;
        bestGain = gain;
      }
    }
    chosen[best] = true;
    for (TransitionId t : witnesses[best].covers) left.erase(t);
  }
  std::vector<TestSequence> sequences;
  for (std::size_t i = 0; i < witnesses.size(); ++i)
    if (chosen[i]) sequences.push_back(witnesses[i].sequence);
  return sequences;
}

// After an unknown answer: whether the budgets are spent, by the strategy's word or by the
// budget layer's refusal (BudgetLayer.h: "query budget exhausted", "time budget exhausted"),
// which also covers a query budget shared with other solvers of the run.
bool BoundedCoverage::spent() const { return spent_() || BudgetLayer::isBudgetRefusal(solver_.reasonUnknown()); }

// Encodes iterations up to k; false when the deadline came first (the unrolling checks it while
// it encodes).
bool BoundedCoverage::reach(std::uint32_t k) { return unrolling_.extendTo(k); }

// A sequence of exactly k steps on which `goal` holds, with which of `watched` it takes; nothing
// when unsat or unknown (unknown_ tells).
std::optional<CoverageWitness> BoundedCoverage::query(std::uint32_t k, Expr goal, std::span<const TransitionId> watched) {
  ExprContext& ctx = system_.context();
  const std::array<Expr, 2> both{unrolling_.runs(k), goal};
  const Expr assumption = conjunction(ctx, both);
  // Nothing this k could take (say, no target in the initial part at k = 0): unsat unasked.
  const bool trivial = assumption.isConst() && assumption.value() == Value::boolean(false);
  const CheckResult answer = trivial ? CheckResult::Unsat : solver_.check(std::span(&assumption, 1));
  unknown_ = answer == CheckResult::Unknown;
  if (answer != CheckResult::Sat) return std::nullopt;

  std::vector<Expr> asked = unrolling_.sequenceSymbols(k);
  std::vector<std::vector<Expr>> taken;
  for (TransitionId t : watched) {
    taken.push_back(unrolling_.takenSymbols(t, k));
    asked.insert(asked.end(), taken.back().begin(), taken.back().end());
  }
  const Model model = solver_.model(asked);
  CoverageWitness w{unrolling_.sequence(model, k), k, {}};
  for (std::size_t i = 0; i < watched.size(); ++i)
    for (Expr symbol : taken[i])
      if (const Value* value = model.find(symbol); value != nullptr && value->asBool()) w.covers.insert(watched[i]);
  return w;
}

}  // namespace symseq
