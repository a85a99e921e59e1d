#include "SymTestSearch.h"

#include <algorithm>
#include <optional>
#include <set>

#include "PathChecker.h"
#include "symseq/acyclic/PathHeuristic.h"
#include "symseq/acyclic/BoundedCoverage.h"

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
    std::optional<CoverageWitness> joint;
    std::vector<CoverageWitness> witnesses;
    std::uint32_t lower = 0;  // no target's own shortest sequence is longer
    {
      // Proofs first, on the same solver, in a scope that ends before the path search.
      BoundedCoverage coverage(core_, job_.solver, depth, job_.deadline);
      TargetFeasibility feasibility = coverage.feasibility(job_.targets);
      result.uncovered = feasibility.uncovered;
      goal_ = feasibility.feasible;
      lower = feasibility.longestShortest();
      witnesses = std::move(feasibility.witnesses);
      if (options_.findPath == FindPathMode::Exact && !goal_.empty()) {
        // Neither the syntactic minimum nor any target's own shortest sequence can be beaten.
        const std::uint32_t least = std::max(minimumIterations(core_, goal_), lower);
        joint = coverage.jointOptimum(goal_, least, witnesses);
        if (joint) bound = joint->length;
      }
    }
    if (goal_.empty()) {
      result.stats = stats_;
      return result;
    }
    const Ending ending = search(bound);
    if (ending == Ending::Found) {
      result.sequences = found_;
    } else if (ending == Ending::OutOfBudget) {
      if (best_.sequence) result.sequences.push_back(*best_.sequence);
      for (TransitionId t : goal_)
        if (!best_.targets.contains(t)) result.uncovered[t] = UncoveredReason::BudgetExhausted;
    } else {
      // The search gave up at its path limit, or no single sequence within the bound takes every
      // feasible target (it exhausted the bound): the model check answers instead.
      if (!joint && options_.findPath == FindPathMode::Greedy) {
        BoundedCoverage coverage(core_, job_.solver, depth, job_.deadline);
        joint = coverage.jointOptimum(goal_, lower, witnesses);
      }
      result.sequences = joint ? std::vector<TestSequence>{joint->sequence} : BoundedCoverage::suite(witnesses);
      stats_.set(stat::kModelCheckSequences, result.sequences.size());
    }
    result.stats = stats_;
    return result;
  }

 private:
  [[nodiscard]] bool outOfBudget() const {
    return Clock::now() >= job_.deadline || job_.solver.stats().queries >= job_.budgets.solverQueries;
  }

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
    if (auto sequence = checker_.sequence(cut)) best_ = {covered.size(), iterations, std::move(sequence), std::move(covered)};
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

  Ending search(std::uint32_t bound) {
    std::vector<Branch> open{Branch{}};
    paths_ = 0;
    std::vector<Branch> deferred;
    bool first = true;
    while (!open.empty() || !deferred.empty()) {
      if (open.empty()) {
        open.push_back(std::move(deferred.back()));
        deferred.pop_back();
      }
      if (outOfBudget()) return Ending::OutOfBudget;
      if (paths_ >= options_.maxPaths) return Ending::PathLimit;
      ++paths_;
      const Branch branch = std::move(open.back());
      open.pop_back();
      if (!first) stats_.add(stat::kBacktracks);
      first = false;
      stats_.add(stat::kIterations);

      const SyntacticPath planned = findPath(core_, {branch.forced, goal_, bound, options_.findPath});
      const std::vector<TransitionId> path = planned.flatten();
      const PathOutcome outcome = checker_.check(path);
      const std::size_t feasible = outcome.feasibleLength;
      const bool complete = coversGoal(path);
      if (feasible == path.size() && complete) {
        if (auto sequence = checker_.sequence(feasible)) {
          found_ = {std::move(*sequence)};
          return Ending::Found;
        }
        return Ending::OutOfBudget;
      }
      noteFeasiblePrefix(path, feasible);
      if (feasible < path.size() && complete && tryHeuristics(planned, feasible, bound)) return Ending::Found;
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
  std::vector<std::pair<std::string_view, const PathHeuristic*>> heuristics_;
  std::vector<TransitionId> goal_;
  std::vector<TestSequence> found_;
  Best best_;
  std::uint64_t paths_ = 0;  // checked at the current bound, heuristics' plans included
  Statistics stats_;
};

}  // namespace

GenerationResult runSymTest(const GenerationJob& job, const SymTestOptions& options) {
  return Search(job, options).run();
}

}  // namespace symseq::symtest
