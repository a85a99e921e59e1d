#include "CompletionCheck.h"

#include <algorithm>
#include <array>
#include <string>

#include "symseq/expr/Connectives.h"

namespace symseq::symtest {

std::vector<Decision> decisionsOf(const TransitionSystem& system, std::span<const TransitionId> path) {
  // Only input transitions leave the loop head (AcyclicCore), so each begins an iteration.
  std::vector<Decision> decisions;
  std::uint32_t part = 0;
  for (TransitionId t : path) {
    if (system.transitions[t].action.kind == ActionKind::Input) ++part;
    decisions.push_back({part, t});
  }
  return decisions;
}

CompletionCheck::CompletionCheck(const AcyclicCore& core, PluginPtr<Solver> solver, std::span<const TransitionId> goal,
                                 std::chrono::steady_clock::time_point deadline)
    : core_(core), solver_(std::move(solver)), unrolling_(core_, *solver_, deadline), goal_(goal.begin(), goal.end()) {}

// "Some sequence of at most `bound` steps replays and takes every goal target", as one literal
// defined on the solver, so that a query is only assumptions: the decisions and this. Null when
// the deadline stopped the encoding.
Expr CompletionCheck::goalWithin(std::uint32_t bound) {
  if (const auto it = goals_.find(bound); it != goals_.end()) return it->second;
  if (!unrolling_.extendTo(bound)) return Expr{};
  ExprContext& ctx = core_.system().context();
  std::vector<Expr> lengths;
  for (std::uint32_t m = 0; m <= bound; ++m) {
    std::vector<Expr> all{unrolling_.runs(m)};
    for (TransitionId t : goal_) all.push_back(unrolling_.covered(t, m));
    lengths.push_back(conjunction(ctx, all));
  }
  const Expr literal = ctx.var("#complete#" + std::to_string(bound), Sort::boolean());
  solver_->add(ctx.mkEq(literal, disjunction(ctx, lengths)));
  return goals_.emplace(bound, literal).first->second;
}

bool CompletionCheck::known(const std::vector<Decision>& decisions, std::uint32_t bound) const {
  // `decisions` sorted.
  return std::any_of(noGoods_.begin(), noGoods_.end(), [&](const NoGood& n) {
    return n.bound >= bound && std::includes(decisions.begin(), decisions.end(), n.decisions.begin(), n.decisions.end());
  });
}

bool CompletionCheck::completed(const std::vector<Decision>& decisions, std::uint32_t bound) const {
  return std::any_of(completions_.begin(), completions_.end(), [&](const Completion& c) {
    return c.bound <= bound && std::includes(c.decisions.begin(), c.decisions.end(), decisions.begin(), decisions.end());
  });
}

// Reads the run of the last (satisfiable) answer: the transitions its model takes in each part.
void CompletionCheck::keepCompletion(std::uint32_t bound) {
  constexpr std::size_t kKept = 8;  // the search revisits the neighbourhood of its latest runs
  const TransitionSystem& system = core_.system();
  std::vector<Expr> symbols;
  std::vector<Decision> decisions;
  for (std::uint32_t part = 0; part <= bound; ++part)
    for (TransitionId t = 0; t < system.transitions.size(); ++t)
      if (const Expr taken = unrolling_.takenIn(t, part); !taken.isNull()) {
        symbols.push_back(taken);
        decisions.push_back({part, t});
      }
  const Model model = solver_->model(symbols);
  Completion completion{{}, bound};
  for (std::size_t i = 0; i < symbols.size(); ++i)
    if (const Value* v = model.find(symbols[i]); v != nullptr && v->asBool()) completion.decisions.push_back(decisions[i]);
  if (completions_.size() == kKept) completions_.erase(completions_.begin());
  completions_.push_back(std::move(completion));  // sorted: built in (part, transition) order
}

CompletionCheck::Answer CompletionCheck::check(std::span<const TransitionId> start, std::uint32_t bound) {
  std::vector<Decision> decisions = decisionsOf(core_.system(), start);
  std::sort(decisions.begin(), decisions.end());
  if (known(decisions, bound)) return Answer::Refuted;
  if (completed(decisions, bound)) {
    ++reused_;
    return Answer::Completable;
  }
  const Expr goal = goalWithin(bound);  // encodes the iterations up to the bound
  if (goal.isNull()) return Answer::Unknown;
  std::vector<Expr> assumptions;
  std::map<std::uint32_t, Decision> byLiteral;  // expression id -> decision
  for (const Decision& d : decisions) {
    if (d.part > bound) return Answer::Refuted;  // the start alone is longer than the bound
    const Expr taken = unrolling_.takenIn(d.transition, d.part);
    if (taken.isNull()) return Answer::Unknown;  // not encoded there: no claim
    assumptions.push_back(taken);
    byLiteral.emplace(taken.id(), d);
  }
  assumptions.push_back(goal);
  ++queries_;
  const CheckResult answer = solver_->check(assumptions);
  if (answer == CheckResult::Sat) {
    keepCompletion(bound);
    return Answer::Completable;
  }
  if (answer == CheckResult::Unknown) return Answer::Unknown;
  ++refuted_;
  // The core's decisions are dead together whatever else a path does (within the bound).
  NoGood learned{{}, bound};
  for (Expr e : solver_->unsatAssumptions())
    if (const auto it = byLiteral.find(e.id()); it != byLiteral.end()) learned.decisions.push_back(it->second);
  std::sort(learned.decisions.begin(), learned.decisions.end());
  noGoods_.push_back(std::move(learned));
  return Answer::Refuted;
}

std::optional<std::size_t> CompletionCheck::refutedAt(std::span<const TransitionId> path, std::uint32_t bound) const {
  const std::vector<Decision> decisions = decisionsOf(core_.system(), path);
  std::optional<std::size_t> first;
  for (const NoGood& n : noGoods_) {
    if (n.bound < bound) continue;
    // The position at which the path has made every decision of the no-good.
    std::size_t complete = 0;
    bool all = true;
    for (const Decision& d : n.decisions) {
      const auto it = std::find(decisions.begin(), decisions.end(), d);
      if (it == decisions.end()) {
        all = false;
        break;
      }
      complete = std::max(complete, static_cast<std::size_t>(it - decisions.begin()));
    }
    if (all && (!first || complete < *first)) first = complete;
  }
  return first;
}

}  // namespace symseq::symtest
