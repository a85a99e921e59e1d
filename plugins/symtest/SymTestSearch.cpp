#include "SymTestSearch.h"

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "CompletionCheck.h"
#include "PathChecker.h"
#include "symseq/acyclic/PathHeuristic.h"
#include "symseq/acyclic/BoundedCoverage.h"
#include "symseq/solver/SolverFactory.h"

namespace symseq::symtest {

namespace {

using Clock = std::chrono::steady_clock;

// A node of the search: a start that the next planned path must follow; its last transition is
// the alternative this branch explores at position forced.size() - 1.
struct Branch {
  std::vector<TransitionId> forced;
};

// The satisfiable prefix that covers the most targets (then in the fewest iterations), kept as
// concrete inputs so that a search cut short still reports what it has.
struct Best {
  std::size_t covered = 0;
  std::size_t iterations = 0;
  std::optional<TestSequence> sequence;
  std::set<TransitionId> targets;
};

enum class Ending : std::uint8_t { Found, Exhausted, PathLimit, OutOfBudget };

// The strategy's own counters (stats in result.json; docs/strategies/symtest.md).
constexpr std::string_view kPathSearchFound = "path_search_found";  // 1: the path search found what is reported
constexpr std::string_view kPathsChecked = "paths_checked";          // at every bound, heuristics' plans included
constexpr std::string_view kNoGoodsLearned = "nogoods_learned";
constexpr std::string_view kNoGoodsUsed = "nogoods_used";            // plans and checks a no-good answered
constexpr std::string_view kPlansPruned = "plans_pruned";            // branches no completion within the bound covers
constexpr std::string_view kStartsChecked = "completion_checks";     // the completion check's queries
constexpr std::string_view kStartsRefuted = "completions_refuted";   // starts it refuted, by a query or a no-good
constexpr std::string_view kStartsReused = "completions_reused";     // starts a kept run answered, without a query

// Who found a sequence (TestSequence::foundBy).
constexpr std::string_view kByPathSearch = "symtest path search";
constexpr std::string_view kByModelCheck = "bounded model check";

// Replans of one branch around the failures its look-ahead finds, before the solver decides.
constexpr std::size_t kMaxReplans = 64;

bool isInput(const TransitionSystem& s, TransitionId t) { return s.transitions[t].action.kind == ActionKind::Input; }

class Search {
 public:
  Search(const GenerationJob& job, const SymTestOptions& options)
      : job_(job),
        options_(options),
        core_(AcyclicCore::analyse(job.system, "strategy 'symtest'")),
        checker_(core_, job.solver, options.backtracking == Backtracking::ConflictDirected) {
    for (const HeuristicRef& h : job.heuristics) {
      // The run file's reader let through only heuristics declaring family 'path'; one whose
      // code is not a PathHeuristic has a wrong descriptor.
      const auto* path = dynamic_cast<const PathHeuristic*>(h.heuristic);
      if (path == nullptr)
        throw PluginError("heuristic '" + std::string(h.name) + "' is not a PathHeuristic, although strategy 'symtest' "
                          "consults only family 'path'", std::nullopt,
                          "its descriptor declares a family its code does not implement; report this to its author");
      heuristics_.push_back({h.name, path});
    }
  }

  GenerationResult run() {
    GenerationResult result;
    const std::uint32_t depth = job_.budgets.depth;
    std::uint32_t bound = depth;
    std::optional<CoverageWitness> joint;  // the proved optimum's witness, when computed
    std::optional<std::uint32_t> optimum;  // the proved fewest steps of one sequence taking the goal
    std::vector<CoverageWitness> witnesses;
    std::uint32_t lower = 0;  // proved: no single sequence taking the goal is shorter
    {
      // Proofs first, on the same solver, in a scope that ends before the path search.
      BoundedCoverage coverage(core_, job_.solver, depth, job_.deadline, [this] { return outOfBudget(); });
      TargetFeasibility feasibility = coverage.feasibility(job_.targets);
      result.uncovered = feasibility.uncovered;
      result.uncoveredDetail = feasibility.detail;
      goal_ = feasibility.feasible;
      // Neither the syntactic minimum nor any target's own shortest sequence can be beaten.
      if (!goal_.empty()) lower = std::max(minimumIterations(core_, goal_), feasibility.longestShortest());
      witnesses = std::move(feasibility.witnesses);
      if (options_.findPath == FindPathMode::Exact && !goal_.empty()) {
        joint = coverage.jointOptimum(goal_, lower, witnesses);
        if (joint) {
          bound = joint->length;
          optimum = joint->length;
        }
      }
    }
    if (goal_.empty()) {
      finish(result);
      return result;
    }
    Ending ending = search(bound, std::nullopt);
    if (ending == Ending::Found && found_.size() == 1 && !optimum) {
      // Shortest by default: the model check proves the fewest steps below the found length
      // (one query per shorter length); when it is shorter, the path search runs again at it,
      // the found path as its first plan with the iterations the goal does not need dropped.
      const auto length = static_cast<std::uint32_t>(found_.front().steps.size());
      std::optional<CoverageWitness> shorter;
      bool proved = true;
      if (length > lower) {
        checker_.reset();
        BoundedCoverage coverage(core_, job_.solver, length - 1, job_.deadline, [this] { return outOfBudget(); });
        shorter = coverage.jointOptimum(goal_, lower, witnesses);
        proved = shorter.has_value() || !coverage.unknown();
      }
      if (proved) optimum = shorter ? shorter->length : length;
      if (shorter) {
        joint = std::move(shorter);
        const std::vector<TestSequence> longer = found_;
        const std::vector<std::string> longerBy = foundBy_;
        const SyntacticPath hint = splitPath(core_, foundPath_);
        ending = search(*optimum, hint);
        if (ending == Ending::OutOfBudget) {
          found_ = longer;  // the budget ended the shortening: the longer sequence stands
          foundBy_ = longerBy;
          ending = Ending::Found;
        }
      }
    }
    if (ending == Ending::Found) {
      result.sequences = found_;
      for (std::size_t i = 0; i < result.sequences.size(); ++i) result.sequences[i].foundBy = foundBy_[i];
      stats_.set(kPathSearchFound, 1);
      job_.reportCovered(goal_.size());  // the found sequences take the whole goal
    } else if (ending == Ending::OutOfBudget) {
      if (best_.sequence) {
        result.sequences.push_back(*best_.sequence);
        result.sequences.back().foundBy = kByPathSearch;
      }
      for (TransitionId t : goal_)
        if (!best_.targets.contains(t)) result.uncovered[t] = UncoveredReason::BudgetExhausted;
    } else {
      // The search gave up at its path limit, or no single sequence within the bound takes every
      // feasible target (it exhausted the bound): the model check answers instead.
      if (!joint && options_.findPath == FindPathMode::Greedy) {
        checker_.reset();
        BoundedCoverage coverage(core_, job_.solver, depth, job_.deadline, [this] { return outOfBudget(); });
        joint = coverage.jointOptimum(goal_, lower, witnesses);
        if (joint) optimum = joint->length;
      }
      result.sequences = joint ? std::vector<TestSequence>{joint->sequence} : BoundedCoverage::suite(witnesses);
      for (TestSequence& s : result.sequences) s.foundBy = kByModelCheck;
      stats_.set(stat::kModelCheckSequences, result.sequences.size());
    }
    // What is proved of a single sequence's length (a suite's sequences each take other targets).
    if (result.sequences.size() == 1 && ending != Ending::OutOfBudget) {
      TestSequence& s = result.sequences.front();
      s.lengthLowerBound = optimum ? *optimum : lower;
      s.lengthProvenMinimal = s.steps.size() == *s.lengthLowerBound;
    }
    finish(result);
    return result;
  }

 private:
  void finish(GenerationResult& result) {
    // Every counter of the strategy is reported, 0 when nothing counted it, so results compare.
    for (std::string_view name : {kPathSearchFound, kPathsChecked, kPlansPruned, kStartsRefuted})
      stats_.set(name, stats_.get(name));
    stats_.set(kStartsChecked, completion_ ? completion_->queries() : 0);
    stats_.set(kStartsReused, completion_ ? completion_->reused() : 0);
    stats_.set(kNoGoodsLearned, checker_.noGoodsLearned());
    stats_.set(kNoGoodsUsed, checker_.noGoodsUsed() + noGoodsInPlans_);
    result.stats = stats_;
  }

  // The completion check, made on the first branch that needs it: a run whose first plan
  // succeeds does not pay for its solver.
  CompletionCheck* completionCheck() {
    if (!completion_ && options_.completionCheck && job_.solvers != nullptr)
      completion_.emplace(core_, job_.solvers->make(), goal_, job_.deadline);
    return completion_ ? &*completion_ : nullptr;
  }

  [[nodiscard]] bool outOfBudget() const { return budgetsSpent(job_); }

  [[nodiscard]] bool coversGoal(const std::vector<TransitionId>& path) const {
    const std::set<TransitionId> taken(path.begin(), path.end());
    return std::all_of(goal_.begin(), goal_.end(), [&](TransitionId t) { return taken.contains(t); });
  }

  // Keeps the prefix's inputs when it covers more targets than the best so far (or as many in
  // fewer iterations). The prefix is cut after the transition that first covers its last new
  // target, so iterations that add nothing are not reported.
  void noteFeasiblePrefix(const std::vector<TransitionId>& path, std::size_t length) {
    std::set<TransitionId> covered;
    std::size_t cut = 0;
    for (std::size_t i = 0; i < length; ++i)
      if (std::binary_search(goal_.begin(), goal_.end(), path[i]) && covered.insert(path[i]).second) cut = i + 1;
    const auto iterations = static_cast<std::size_t>(
        std::count_if(path.begin(), path.begin() + static_cast<std::ptrdiff_t>(cut),
                      [&](TransitionId t) { return isInput(job_.system, t); }));
    if (covered.empty() || covered.size() < best_.covered ||
        (covered.size() == best_.covered && iterations >= best_.iterations))
      return;
    if (auto sequence = checker_.sequence(cut)) {
      best_ = {covered.size(), iterations, std::move(sequence), std::move(covered)};
      job_.reportCovered(best_.covered);
    }
  }

  // A plan from a heuristic: every sequence a path of the model within the bound, together
  // taking every target, each satisfiable. Returns their inputs, or nothing.
  std::optional<std::vector<TestSequence>> checkPlan(std::string_view heuristic, const PathPlan& plan,
                                                     std::uint32_t bound) {
    if (plan.sequences.empty()) return std::nullopt;
    std::vector<TransitionId> all;
    for (const SyntacticPath& s : plan.sequences) {
      const std::vector<TransitionId> flat = s.flatten();
      if (const auto why = wholePathDefect(core_, s))
        throw Error("heuristic '" + std::string(heuristic) + "' proposed a sequence that is not a whole path of the model: " + *why,
                    std::nullopt, "this is a bug in the heuristic; remove it from [[heuristics]] and report it");
      if (s.iterations.size() > bound) return std::nullopt;
      all.insert(all.end(), flat.begin(), flat.end());
    }
    if (!coversGoal(all)) return std::nullopt;
    std::vector<TestSequence> sequences;
    for (const SyntacticPath& s : plan.sequences) {
      const std::vector<TransitionId> flat = s.flatten();
      stats_.add(stat::kIterations);
      stats_.add(kPathsChecked);
      ++paths_;
      if (!checker_.check(flat).feasible(flat.size())) return std::nullopt;
      auto sequence = checker_.sequence(flat.size());
      if (!sequence) return std::nullopt;
      sequences.push_back(std::move(*sequence));
    }
    return sequences;
  }

  bool tryHeuristics(const SyntacticPath& planned, std::size_t feasibleLength, std::uint32_t bound) {
    for (const auto& [name, heuristic] : heuristics_) {
      stats_.add(stat::kHeuristicCalls);
      const PathFailure failure{core_, planned, feasibleLength, goal_, job_.seed};
      for (const PathPlan& plan : heuristic->rewrite(failure)) {
        if (outOfBudget() || paths_ >= options_.maxPaths) return false;
        if (auto sequences = checkPlan(name, plan, bound)) {
          found_ = std::move(*sequences);
          foundBy_.assign(found_.size(), "symtest heuristic '" + std::string(name) + "'");
          foundPath_ = plan.sequences.size() == 1 ? plan.sequences.front().flatten() : std::vector<TransitionId>{};
          stats_.add(stat::kHeuristicSuccesses);
          return true;
        }
      }
    }
    return false;
  }

  // Conflict-directed order: after the alternatives at the failing position, the latest
  // decision the unsat core names comes next; the open decisions between them, which the core
  // does not involve, are deferred (kept, so the search stays exhaustive).
  void deferIrrelevant(std::vector<Branch>& open, std::vector<Branch>& deferred, const std::vector<TransitionId>& path,
                       const std::vector<std::size_t>& conflict, std::size_t failing) {
    std::optional<std::size_t> latest;
    for (std::size_t c : conflict)
      if (c < failing) latest = c;
    auto position = [](const Branch& b) { return b.forced.size() - 1; };
    auto offPath = [&](const Branch& b) {
      return position(b) < path.size() && std::equal(b.forced.begin(), b.forced.end() - 1, path.begin());
    };
    std::vector<Branch> atFailure;
    while (!open.empty() && offPath(open.back()) && position(open.back()) == failing) {
      atFailure.push_back(std::move(open.back()));
      open.pop_back();
    }
    std::vector<Branch> moved;
    while (!open.empty() && offPath(open.back()) && position(open.back()) < failing &&
           (!latest || position(open.back()) > *latest)) {
      moved.push_back(std::move(open.back()));
      open.pop_back();
    }
    for (auto it = moved.rbegin(); it != moved.rend(); ++it) deferred.push_back(std::move(*it));
    for (auto it = atFailure.rbegin(); it != atFailure.rend(); ++it) open.push_back(std::move(*it));
  }

  // The iteration (counted from 1; 0: the initial part) of position `at` of a path: only input
  // transitions leave the loop head, and only they read inputs.
  [[nodiscard]] std::uint32_t iterationAt(const std::vector<TransitionId>& path, std::size_t at) const {
    return static_cast<std::uint32_t>(std::count_if(path.begin(), path.begin() + static_cast<std::ptrdiff_t>(at) + 1,
                                                    [&](TransitionId t) { return isInput(job_.system, t); }));
  }

  [[nodiscard]] bool pastInitialPart(const std::vector<TransitionId>& forced) const {
    return job_.system.initial == core_.loopHead() ||
           std::any_of(forced.begin(), forced.end(), [&](TransitionId t) { return core_.returnsToLoopHead(t); });
  }

  // FINDPATH from `forced` within `bound` that covers the goal: the mode's plan; in greedy mode,
  // when the richest iterations do not fit the goal into the bound, the exact (fewest) ones.
  [[nodiscard]] SyntacticPath planWithin(const std::vector<TransitionId>& forced, std::uint32_t bound,
                                         std::span<const PathExclusion> excluded) const {
    SyntacticPath planned = findPath(core_, {forced, goal_, bound, options_.findPath, excluded});
    if (options_.findPath == FindPathMode::Greedy && !coversGoal(planned.flatten())) {
      SyntacticPath exact = findPath(core_, {forced, goal_, bound, FindPathMode::Exact, excluded});
      if (coversGoal(exact.flatten())) return exact;
    }
    return planned;
  }

  // Semantic FINDPATH for one branch: plan, look ahead along the plan without the solver (a
  // condition false from the state reached there, or a learned no-good), and replan with that
  // transition excluded in that iteration, until the look-ahead finds nothing. Nothing when the
  // branch is dead: its own start is known to fail, or (past the initial part) no completion
  // within the bound covers the goal even syntactically.
  std::optional<SyntacticPath> plan(const std::vector<TransitionId>& forced, std::uint32_t bound) {
    std::vector<PathExclusion> excluded;
    SyntacticPath planned = planWithin(forced, bound, excluded);
    if (!coversGoal(planned.flatten()) && pastInitialPart(forced)) return std::nullopt;
    for (std::size_t round = 0; round < kMaxReplans; ++round) {
      const std::vector<TransitionId> path = planned.flatten();
      auto known = checker_.knownFailure(path);
      if (completion_)
        if (const auto dead = completion_->refutedAt(path, bound); dead && (!known || *dead < known->position))
          known = KnownFailure{*dead, true};
      if (!known) return planned;
      if (known->byNoGood) ++noGoodsInPlans_;
      if (known->position < forced.size()) return std::nullopt;  // the branch's own alternative fails
      const PathExclusion exclusion{iterationAt(path, known->position), path[known->position]};
      if (std::find(excluded.begin(), excluded.end(), exclusion) != excluded.end()) return planned;
      excluded.push_back(exclusion);
      SyntacticPath next = planWithin(forced, bound, excluded);
      // No plan around what is known: keep the last one, whose failure the solver will confirm
      // and backtracking will move past.
      if (!coversGoal(next.flatten())) return planned;
      planned = std::move(next);
    }
    return planned;
  }

  // The found path of a longer bound as a first plan at `bound`: its iterations, latest first,
  // dropped while the rest still covers the goal syntactically, until it fits.
  [[nodiscard]] std::optional<std::vector<TransitionId>> shortenedHint(SyntacticPath hint, std::uint32_t bound) const {
    for (std::size_t i = hint.iterations.size(); i-- > 0 && hint.iterations.size() > bound;) {
      SyntacticPath without = hint;
      without.iterations.erase(without.iterations.begin() + static_cast<std::ptrdiff_t>(i));
      if (coversGoal(without.flatten())) hint = std::move(without);
    }
    if (hint.iterations.size() > bound || hint.iterations.empty()) return std::nullopt;
    return hint.flatten();
  }

  Ending search(std::uint32_t bound, const std::optional<SyntacticPath>& hint) {
    std::vector<Branch> open{Branch{}};
    paths_ = 0;
    std::vector<Branch> deferred;
    bool first = true;
    if (hint && !foundPath_.empty()) {
      if (const auto path = shortenedHint(*hint, bound)) {
        ++paths_;
        stats_.add(stat::kIterations);
        stats_.add(kPathsChecked);
        if (checker_.check(*path).feasible(path->size())) {
          if (auto sequence = checker_.sequence(path->size())) {
            found_ = {std::move(*sequence)};
            foundBy_ = {std::string(kByPathSearch)};
            foundPath_ = *path;
            return Ending::Found;
          }
          if (outOfBudget()) return Ending::OutOfBudget;  // else unknown: the search goes on without the hint
        }
      }
    }
    while (!open.empty() || !deferred.empty()) {
      if (open.empty()) {
        open.push_back(std::move(deferred.back()));
        deferred.pop_back();
      }
      if (outOfBudget()) return Ending::OutOfBudget;
      if (paths_ >= options_.maxPaths) return Ending::PathLimit;
      const Branch branch = std::move(open.back());
      open.pop_back();
      if (!branch.forced.empty() && completionCheck() != nullptr &&
          completion_->check(branch.forced, bound) == CompletionCheck::Answer::Refuted) {
        stats_.add(kPlansPruned);
        stats_.add(kStartsRefuted);
        continue;
      }
      const std::optional<SyntacticPath> planned = plan(branch.forced, bound);
      if (!planned) {
        stats_.add(kPlansPruned);
        continue;
      }
      ++paths_;
      if (!first) stats_.add(stat::kBacktracks);
      first = false;
      stats_.add(stat::kIterations);
      stats_.add(kPathsChecked);

      const std::vector<TransitionId> path = planned->flatten();
      const PathOutcome outcome = checker_.check(path);
      const std::size_t feasible = outcome.feasibleLength;
      const bool complete = coversGoal(path);
      if (feasible == path.size() && complete) {
        if (auto sequence = checker_.sequence(feasible)) {
          found_ = {std::move(*sequence)};
          foundBy_ = {std::string(kByPathSearch)};
          foundPath_ = path;
          return Ending::Found;
        }
        if (outOfBudget()) return Ending::OutOfBudget;
        // The solver gave no model within its per-query limit: this path is set aside, and its
        // decisions' alternatives are tried below, as for a path that is unsatisfiable.
      } else {
        noteFeasiblePrefix(path, feasible);
        if (feasible < path.size() && complete && tryHeuristics(*planned, feasible, bound)) return Ending::Found;
      }
      if (path.empty()) continue;

      // Backtracking: every decision of the satisfiable prefix beyond the forced start, and the
      // failing one, gets its alternatives; the deepest is tried first (Algorithm 3).
      const std::size_t from = branch.forced.size();
      const std::size_t last = feasible < path.size() ? feasible : path.size() - 1;
      for (std::size_t i = from; i <= last; ++i) {
        const auto out = core_.outgoing(job_.system.transitions[path[i]].source);
        for (auto it = out.rbegin(); it != out.rend(); ++it) {
          if (*it == path[i]) continue;
          Branch next{std::vector<TransitionId>(path.begin(), path.begin() + static_cast<std::ptrdiff_t>(i))};
          next.forced.push_back(*it);
          open.push_back(std::move(next));
        }
      }
      if (options_.backtracking == Backtracking::ConflictDirected && feasible < path.size() && !outcome.conflict.empty())
        deferIrrelevant(open, deferred, path, outcome.conflict, feasible);
    }
    return Ending::Exhausted;
  }

  const GenerationJob& job_;
  SymTestOptions options_;
  AcyclicCore core_;
  PathChecker checker_;
  std::optional<CompletionCheck> completion_;  // when on and the job can make a solver for it
  std::vector<std::pair<std::string_view, const PathHeuristic*>> heuristics_;
  std::vector<TransitionId> goal_;
  std::vector<TestSequence> found_;
  std::vector<std::string> foundBy_;        // by sequence of found_
  std::vector<TransitionId> foundPath_;     // the single path found_ follows, when one
  std::uint64_t noGoodsInPlans_ = 0;        // look-aheads a no-good answered
  Best best_;
  std::uint64_t paths_ = 0;  // checked at the current bound, heuristics' plans included
  Statistics stats_;
};

}  // namespace

GenerationResult runSymTest(const GenerationJob& job, const SymTestOptions& options) {
  return Search(job, options).run();
}

}  // namespace symseq::symtest
