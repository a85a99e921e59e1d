#include "symseq/tree/TreeSearch.h"

#include <algorithm>
#include <chrono>
#include <deque>
#include <limits>
#include <map>
#include <set>

#include "symseq/exec/SymbolicExecutor.h"
#include "symseq/exec/SymbolicTree.h"
#include "symseq/plugin/SearcherLookahead.h"
#include "symseq/solver/BudgetLayer.h"
#include "symseq/expr/Fold.h"
#include "symseq/support/DidYouMean.h"
#include "symseq/tree/SolveTab.h"
#include "symseq/tree/Summaries.h"
#include "CheckPool.h"
#include "TreeTests.h"

namespace symseq {

namespace {

// Over programs known by contracts: pruned children that only the programs' determinism prunes,
// and groups of mutually consistent tests (TreeTests.h).
constexpr std::string_view kPrunedByDeterminism = "pruned_by_determinism";
constexpr std::string_view kTestGroups = "test_groups";

constexpr OptionSpec kOptions[] = {
    {"enrich_attempts", OptionType::Int, "10",
     "m of SolveTab: attempts to enrich the function tables per unsatisfiable path condition (0: static tables)"},
    {"max_states", OptionType::Int, "100000", "the most symbolic states the tree keeps (>= 1)"},
    {"height", OptionType::Int, "0",
     "the most transitions on a path of the tree (the paper's height); 0: bounded by [budgets] depth alone"},
    {"stop_when_covered", OptionType::Bool, "true", "stop as soon as every target is covered"},
    {"determinism", OptionType::String, "\"uf\"",
     "how programs known by contracts stay deterministic: uf (congruence on uninterpreted symbols) or pairwise "
     "(the paper's condition on fresh results; for comparison, same answers)"},
    {"threads", OptionType::Int, "1",
     "threads checking the children's guards, each with a solver of its own (>= 1); the results do not depend on it"},
};


// A frontier state with what expanding it needs.
struct Pending {
  SymbolicState state;
  std::vector<CallRecord> calls;  // κ of the path
  std::uint32_t steps = 0;        // input transitions on the path: test steps
};

// A feasible child: the state to expand later and its node in the tree.
struct Child {
  Pending pending;
  TreeNode node;
};

// A child built but not yet decided: its state, and the terms of its step after χ and folding.
struct Built {
  TransitionId transition = 0;
  Pending child;
  Expr guard;
  std::vector<Expr> inputs;
  std::vector<Expr> outputs;
  std::vector<CallRecord> newCalls;
};

// The run's deadline less a reserve for building the tests: a twentieth of the time left,
// between 50 ms and 2 s.
std::chrono::steady_clock::time_point explorationDeadline(std::chrono::steady_clock::time_point deadline) {
  using namespace std::chrono;
  const auto left = deadline - steady_clock::now();
  if (left <= steady_clock::duration::zero()) return deadline;
  const auto reserve = std::clamp<steady_clock::duration>(left / 20, milliseconds(50), seconds(2));
  return reserve >= left ? deadline : deadline - reserve;
}

class TreeExplorer {
 public:
  TreeExplorer(const GenerationJob& job, Searcher& searcher, const TreeSearchOptions& options, std::uint32_t threads)
      : job_(job), searcher_(searcher), options_(options), system_(job.system), executor_(job.system),
        tree_(std::make_shared<SymbolicTree>()), targetList_(job.targets), coveredFlags_(job.targets.size(), 0),
        lastNewCoverage_(std::chrono::steady_clock::now()), uncoveredOut_(system_.locations.size(), 0),
        exploreUntil_(explorationDeadline(job.deadline)) {
    for (const HeuristicRef& h : job.heuristics) {
      if (const auto* table = dynamic_cast<const TableHeuristic*>(h.heuristic)) {
        heuristics_.push_back(table);
      } else if (const auto* search = dynamic_cast<const SearchHeuristic*>(h.heuristic)) {
        scorers_.push_back(search);
      } else {
        // The run file's reader let through only heuristics of families the strategy consults.
        throw PluginError("heuristic '" + std::string(h.name) + "' is neither a TableHeuristic nor a SearchHeuristic, "
                          "although the tree strategy consults only those families", std::nullopt,
                          "its descriptor declares a family its code does not implement; report this to its author");
      }
    }
    if (options.determinism == Determinism::Pairwise && !system_.externals.empty())
      throw ConfigError("determinism = \"pairwise\" is for models whose functions are programs known by contracts, "
                        "and this model has external functions", std::nullopt, "use determinism = \"uf\"");
    for (TransitionId t : job.targets) {
      targets_.insert(t);
      ++uncoveredOut_[system_.transitions[t].source];
    }
    computeDistances();
    // Helpers only for what they can check alone: guards without calls, in the uf encoding.
    if (threads > 1 && job.solvers != nullptr && !pairwise() && system_.externals.empty() &&
        system_.contracts.empty())
      pool_.emplace(*job.solvers, threads - 1);
    // A searcher that knows its next selections lets several states go in one hand-over.
    if (pool_) lookahead_ = dynamic_cast<const SearcherLookahead*>(&searcher);
  }

  GenerationResult run() {
    addRoot();
    while (!searcher_.empty() && !stopped()) {
      const FrontierState next = searcher_.select(progress());
      ++sinceNewCoverage_;
      ++expansions_;
      if (lookahead_ != nullptr && expandAhead(next)) continue;
      auto it = pending_.find(next.node);
      Pending state = std::move(it->second);
      pending_.erase(it);
      if (expands(next, state)) expand(next, state);
      paths_[next.node] = {};  // only frontier states need theirs
    }
    incomplete_ = incomplete_ || !searcher_.empty();
    return finish();
  }

 private:
  // A pruned child, and its path condition when it calls programs (to tell whether their
  // determinism pruned it, once the parent's constraints are off the solver).
  struct Pruned {
    TransitionId transition = 0;
    std::vector<Expr> pathCondition;  // empty unless the child calls programs
  };

  bool stopped() {
    if (options_.stopWhenCovered && coveredTargets_ == targets_.size()) return true;
    if (tree_->nodes.size() >= options_.maxStates || std::chrono::steady_clock::now() >= exploreUntil_ ||
        job_.stopRequested()) {
      incomplete_ = true;
      return true;
    }
    return false;
  }

  // The bounds: test steps ([budgets] depth, as for every strategy) and the tree's height.
  bool expands(const FrontierState& f, const Pending& state) const {
    return state.steps < job_.budgets.depth && (options_.height == 0 || f.depth < options_.height);
  }

  SearchProgress progress() const {
    return SearchProgress{.model = system_,
                          .targets = targetList_,
                          .covered = coveredFlags_,
                          .coveredCount = coveredTargets_,
                          .uncoveredOutgoing = uncoveredOut_,
                          .distanceToUncovered = distance_,
                          .paths = paths_,
                          .expansions = expansions_,
                          .expansionsSinceNewCoverage = sinceNewCoverage_,
                          .secondsSinceNewCoverage =
                              std::chrono::duration<double>(std::chrono::steady_clock::now() - lastNewCoverage_).count(),
                          .scorers = scorers_};
  }

  // Per location, the transitions before an uncovered target can be taken: a reverse breadth-first
  // search on the location graph from the sources of the uncovered targets.
  void computeDistances() {
    distance_.assign(system_.locations.size(), kNoDistance);
    std::deque<LocationId> queue;
    for (LocationId l = 0; l < uncoveredOut_.size(); ++l)
      if (uncoveredOut_[l] > 0) {
        distance_[l] = 0;
        queue.push_back(l);
      }
    if (incoming_.empty()) {
      incoming_.resize(system_.locations.size());
      for (TransitionId t = 0; t < system_.transitions.size(); ++t)
        incoming_[system_.transitions[t].target].push_back(system_.transitions[t].source);
    }
    while (!queue.empty()) {
      const LocationId l = queue.front();
      queue.pop_front();
      for (LocationId from : incoming_[l])
        if (distance_[from] == kNoDistance) {
          distance_[from] = distance_[l] + 1;
          queue.push_back(from);
        }
    }
  }

  void addRoot() {
    TreeNode root;
    root.location = system_.initial;
    tree_->nodes.push_back(root);
    pending_.emplace(0, Pending{executor_.initial(), {}});
    paths_.emplace_back();
    const FrontierState f{0, root.location, 0, 0.0, kNoDistance};
    searcher_.update(std::span(&f, 1));
  }

  void expand(const FrontierState& parentState, const Pending& from) {
    if (pool_) return expandInParallel(parentState, from);
    const TreeNodeId parent = parentState.node;
    const double parentCost = parentState.queryCostSeconds;
    const std::size_t coveredBefore = coveredTargets_;
    std::vector<FrontierState> added;
    std::vector<Pruned> pruned;
    // The parent's path condition is asserted once for all its children, which add their guard
    // (in the pairwise encoding each child is checked whole instead).
    job_.solver.push();
    if (!pairwise()) for (Expr c : from.state.pathCondition) job_.solver.add(c);
    for (TransitionId t : system_.outgoing(from.state.location)) {
      if (stopped()) break;
      const auto started = std::chrono::steady_clock::now();
      std::optional<Child> child = step(from, t, pruned);
      const double cost = parentCost + std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      if (!child) continue;
      addChild(parentState, t, std::move(*child), cost, added);
    }
    finishExpansion(parent, coveredBefore, pruned, added);
  }

  // As expand, with the guards checked on the pool's threads. The children are built, checked
  // and added in waves, each as long as the sequential loop would surely go on: no more children
  // than states left, and ending at the one that may cover the last uncovered target. So the same
  // children are checked, added and pruned in the same order as by expand (the queries differ
  // only in the solver that answers them). For searchers without lookahead (expandAhead).
  void expandInParallel(const FrontierState& parentState, const Pending& from) {
    const TreeNodeId parent = parentState.node;
    const std::size_t coveredBefore = coveredTargets_;
    std::vector<FrontierState> added;
    std::vector<Pruned> pruned;
    const auto outgoing = system_.outgoing(from.state.location);  // a vector, made per call
    const std::size_t threads = pool_->threads();
    std::size_t next = 0;
    while (next < outgoing.size() && !stopped()) {
      mayCover_.clear();
      const std::size_t end = next + surelyStepped(outgoing, next, 0).children;
      // Guard j of the wave goes to share j mod threads.
      std::vector<StateChecks> shares(threads, StateChecks{from.state.pathCondition, noSummaries()});
      Wave wave = buildWave(from, std::span(outgoing).subspan(next, end - next), shares);
      for (StateChecks& share : shares) pool_->submit(share);
      pool_->finish(job_.solver);
      decideWave(parentState, std::move(wave), shares, pruned, added);
      next = end;
    }
    finishExpansion(parent, coveredBefore, pruned, added, /*scoped=*/false);
  }

  // Children built and waiting for their guards' answers: per child, the share and index its
  // guard went to (kNoQuery: decided without a query).
  struct Wave {
    std::vector<Built> children;
    std::vector<double> buildSeconds;
    std::vector<std::pair<std::size_t, std::size_t>> query;
  };

  // Builds the children through `transitions` from `from`, the guards to check going round
  // `shares` (one share: all to it).
  Wave buildWave(const Pending& from, std::span<const TransitionId> transitions, std::vector<StateChecks>& shares) {
    Wave wave;
    std::size_t queries = 0;
    for (TransitionId t : transitions) {
      const auto started = std::chrono::steady_clock::now();
      wave.children.push_back(build(from, t));
      wave.buildSeconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
      const Built& b = wave.children.back();
      if (!b.guard.isConst() && b.newCalls.empty() && from.calls.empty()) {
        StateChecks& share = shares[queries % shares.size()];
        wave.query.emplace_back(queries % shares.size(), share.guards.size());
        share.guards.push_back(b.guard);
        ++queries;
      } else {
        wave.query.emplace_back(kNoQuery, kNoQuery);
      }
    }
    return wave;
  }

  // Decides and adds a wave's children in order, with the answers the shares got.
  void decideWave(const FrontierState& parentState, Wave wave, const std::vector<StateChecks>& shares,
                  std::vector<Pruned>& pruned, std::vector<FrontierState>& added) {
    for (std::size_t i = 0; i < wave.children.size(); ++i) {
      if (i > 0 && stopped()) break;  // only the time can stop the loop within a wave
      const TransitionId t = wave.children[i].transition;
      const auto [share, index] = wave.query[i];
      const GuardAnswer* answer = share == kNoQuery ? nullptr : &shares[share].answers[index];
      std::optional<Child> child = decide(std::move(wave.children[i]), pruned, answer);
      const double cost = parentState.queryCostSeconds + wave.buildSeconds[i] + (answer ? answer->seconds : 0.0);
      if (!child) continue;
      addChild(parentState, t, std::move(*child), cost, added);
    }
  }

  // How many of `outgoing`'s children from `first` on the sequential loop surely steps, `before`
  // children of this round being stepped ahead of them, each perhaps kept: no more than the room
  // left for states, and ending at the child that may cover the last uncovered target (with
  // stop_when_covered). `mayCover` collects the targets of the children counted.
  struct Stepped {
    std::size_t children = 0;
    bool mayCoverAll = false;  // the last child counted may cover the last uncovered target
  };
  Stepped surelyStepped(std::span<const TransitionId> outgoing, std::size_t first, std::size_t before) {
    const std::size_t room = options_.maxStates - tree_->nodes.size();  // >= 1: not stopped
    const std::size_t uncovered = targets_.size() - coveredTargets_;
    Stepped out;
    for (std::size_t i = first; i < outgoing.size() && before + out.children < room; ++i) {
      const TransitionId t = outgoing[i];
      ++out.children;
      if (targets_.contains(t) && !covered_.contains(t) && mayCover_.insert(t).second && options_.stopWhenCovered &&
          mayCover_.size() == uncovered) {
        out.mayCoverAll = true;
        break;
      }
    }
    return out;
  }

  // Expands `first` (just selected) and the states the searcher will select after it, as the
  // loop of run() would one by one, with the guards of all their children checked in one round of
  // the pool: each state's guards go to one thread, helpers start on theirs while the exploring
  // thread builds the next state's children. Only states whose children the sequential loop
  // surely all steps join the round (expandInParallel's rule, over the round), so the same
  // queries are asked and the same children kept in the same order as on one thread. False, and
  // nothing done, when `first` alone is not such a state.
  bool expandAhead(const FrontierState& first) {
    mayCover_.clear();
    std::vector<FrontierState> round{first};
    for (const FrontierState& f : lookahead_->upcoming(kRoundStates - 1)) round.push_back(f);
    // The states of the round, each with its children's transitions.
    std::vector<std::vector<TransitionId>> outgoing;
    std::size_t children = 0;
    for (const FrontierState& f : round) {
      const Pending& state = pending_.at(f.node);
      std::vector<TransitionId> out;
      if (expands(f, state)) out = system_.outgoing(state.state.location);
      const std::size_t room = options_.maxStates - tree_->nodes.size();
      if (children >= room) break;  // the loop might stop before selecting it
      const Stepped stepped = surelyStepped(out, 0, children);
      if (stepped.children < out.size()) break;  // not all its children surely stepped
      children += out.size();
      outgoing.push_back(std::move(out));
      if (stepped.mayCoverAll || children >= kRoundChildren) break;
    }
    if (outgoing.empty()) return false;
    round.resize(outgoing.size());
    // Build every child in the loop's order (so expressions are made in the same order as on
    // one thread), handing each state's guards to the pool as soon as they are built.
    std::vector<Wave> waves;
    std::vector<std::vector<StateChecks>> checks;
    waves.reserve(round.size());
    checks.reserve(round.size());  // the pool holds pointers into it
    for (std::size_t k = 0; k < round.size(); ++k) {
      const Pending& state = pending_.at(round[k].node);
      checks.push_back({StateChecks{state.state.pathCondition, noSummaries()}});
      waves.push_back(buildWave(state, outgoing[k], checks.back()));
      pool_->submit(checks.back().front());
    }
    pool_->finish(job_.solver);
    // Decide and add, state by state, selecting each as the loop does.
    for (std::size_t k = 0; k < round.size(); ++k) {
      if (k > 0) {
        if (stopped()) break;  // the time budget: the rest stay in the frontier
        const FrontierState next = searcher_.select(progress());
        if (next.node != round[k].node)
          throw PluginError("the searcher selected another state than it announced (SearcherLookahead::upcoming)",
                            std::nullopt, "its upcoming() must return what select() will; report this to its author");
        ++sinceNewCoverage_;
        ++expansions_;
      }
      auto it = pending_.find(round[k].node);
      const Pending state = std::move(it->second);
      pending_.erase(it);
      if (expands(round[k], state)) {
        const std::size_t coveredBefore = coveredTargets_;
        std::vector<FrontierState> added;
        std::vector<Pruned> pruned;
        decideWave(round[k], std::move(waves[k]), checks[k], pruned, added);
        finishExpansion(round[k].node, coveredBefore, pruned, added, /*scoped=*/false);
      }
      paths_[round[k].node] = {};
    }
    return true;
  }

  // SolveTab's query for a child without calls: its guard under the empty conjunction of summaries.
  Expr noSummaries() { return summaries(system_.context(), {}, tables()); }

  static constexpr std::size_t kNoQuery = static_cast<std::size_t>(-1);

  // Adds a feasible child under the state expanded (expand and its threaded version).
  void addChild(const FrontierState& parentState, TransitionId t, Child child, double cost,
                std::vector<FrontierState>& added) {
    const TreeNodeId parent = parentState.node;
    const TreeNodeId id = static_cast<TreeNodeId>(tree_->nodes.size());
    TreeNode& node = tree_->nodes.emplace_back(std::move(child.node));
    node.id = id;
    node.parent = parent;
    tree_->nodes[parent].children.push_back(id);
    const bool coveredNew = cover(t);
    std::vector<TransitionId> path = paths_[parent];
    path.push_back(t);
    paths_.push_back(std::move(path));
    const std::uint32_t before = parentState.pathStepsSinceNewCoverage;
    const std::uint32_t since = coveredNew ? 0 : before == kNoDistance ? kNoDistance : before + 1;
    added.push_back({id, child.pending.state.location, child.pending.state.depth, cost, since});
    pending_.emplace(id, std::move(child.pending));
  }

  bool pairwise() const { return options_.determinism == Determinism::Pairwise; }


  // Ends an expansion (expand and its threaded version): the parent's scope popped, the pruned
  // children recorded (which may ask the solver again), then distances and the searcher updated.
  void finishExpansion(TreeNodeId parent, std::size_t coveredBefore, const std::vector<Pruned>& pruned,
                       const std::vector<FrontierState>& added, bool scoped = true) {
    if (scoped) job_.solver.pop();  // expand's scope for the parent's path condition
    for (const Pruned& p : pruned) record(parent, p);
    if (coveredTargets_ != coveredBefore) computeDistances();
    searcher_.update(added);
  }

  void record(TreeNodeId parent, const Pruned& p) {
    bool determinismNeeded = false;
    if (!p.pathCondition.empty()) {
      job_.solver.push();
      for (Expr e : pairwiseEncoding(system_.context(), p.pathCondition, /*withDeterminism=*/false)) job_.solver.add(e);
      determinismNeeded = job_.solver.check() == CheckResult::Sat;
      job_.solver.pop();
      if (determinismNeeded) stats_.add(kPrunedByDeterminism);
    }
    tree_->pruned.push_back({parent, p.transition, determinismNeeded});
  }

  // The whole path condition, in the pairwise encoding of the programs' determinism.
  CheckResult checkPairwise(const std::vector<Expr>& pathCondition) {
    job_.solver.push();
    for (Expr e : pairwiseEncoding(system_.context(), pathCondition)) job_.solver.add(e);
    const CheckResult r = job_.solver.check();
    job_.solver.pop();
    return r;
  }

  // Whether `t` is a target covered for the first time.
  bool cover(TransitionId t) {
    if (!targets_.contains(t) || !covered_.insert(t).second) return false;
    ++coveredTargets_;
    job_.reportCovered(coveredTargets_);
    sinceNewCoverage_ = 0;
    lastNewCoverage_ = std::chrono::steady_clock::now();
    --uncoveredOut_[system_.transitions[t].source];
    const auto at = std::lower_bound(targetList_.begin(), targetList_.end(), t);
    coveredFlags_[static_cast<std::size_t>(at - targetList_.begin())] = 1;
    return true;
  }

  // The child through `t`, or none when it is infeasible up to the tables (or unknown; then
  // it is added to `pruned`).
  std::optional<Child> step(const Pending& from, TransitionId t, std::vector<Pruned>& pruned) {
    return decide(build(from, t), pruned, nullptr);
  }

  // The child through `t` with its new terms rewritten by χ and folded; no query.
  Built build(const Pending& from, TransitionId t) {
    ExprContext& ctx = system_.context();
    const Transition& transition = system_.transitions[t];
    SymbolicStep s = executor_.apply(from.state, t);
    Pending child{std::move(s.next), from.calls, from.steps + (transition.action.kind == ActionKind::Input ? 1u : 0u)};
    // The executor appended the raw guard; the path condition keeps the rewritten, folded one.
    if (child.state.pathCondition.size() > from.state.pathCondition.size()) child.state.pathCondition.pop_back();
    CallExtractor chi(ctx, child.state.depth);
    // One memo for the step's terms: they share their DAG, and a fresh one per term makes a long
    // block quadratic (each assignment re-folding every earlier one).
    RewriteMemo folded;
    const Expr guard = foldConstants(ctx, chi.rewrite(s.guard), folded);
    std::vector<Expr> outputs;
    for (Expr o : s.outputs) outputs.push_back(foldConstants(ctx, chi.rewrite(o), folded));
    // Only what this step assigned is new; the rest of the store was rewritten by an ancestor.
    for (const Update& u : transition.updates) {
      Expr& value = child.state.store.at(u.variable);
      value = foldConstants(ctx, chi.rewrite(value), folded);
    }
    return Built{t, std::move(child), guard, std::move(s.inputs), std::move(outputs), chi.calls()};
  }

  // Whether the built child is kept, as step: `answered` is SolveTab's answer for a child without
  // calls when a helper already checked its guard; none to check it here.
  std::optional<Child> decide(Built built, std::vector<Pruned>& pruned, const GuardAnswer* answered) {
    ExprContext& ctx = system_.context();
    const TransitionId t = built.transition;
    const Transition& transition = system_.transitions[t];
    Pending& child = built.child;
    const Expr guard = built.guard;
    if (guard.isConst() && !guard.value().asBool()) {
      stats_.add(stat::kPrunedStates);
      pruned.push_back({t, {}});
      return std::nullopt;
    }
    if (!guard.isConst()) child.state.pathCondition.push_back(guard);
    const std::vector<CallRecord>& newCalls = built.newCalls;
    child.calls.insert(child.calls.end(), newCalls.begin(), newCalls.end());
    // Whether determinism may be what prunes the child: some conjunct of its path condition (not
    // only the new guard) reads a program's result.
    const bool callsPrograms =
        !system_.contracts.empty() &&
        std::any_of(child.state.pathCondition.begin(), child.state.pathCondition.end(),
                    [](Expr c) { return appliesFunction(c, FunctionKind::Program); });
    if (pairwise()) {
      // Without external functions (the constructor checks), so no tables to consult.
      const CheckResult r = guard.isConst() ? CheckResult::Sat : checkPairwise(child.state.pathCondition);
      if (r != CheckResult::Sat) {
        if (r == CheckResult::Unknown) noteUnknown(job_.solver.reasonUnknown());
        stats_.add(stat::kPrunedStates);
        pruned.push_back({t, child.state.pathCondition});
        return std::nullopt;
      }
    } else if (!guard.isConst() || !newCalls.empty()) {
      // A true guard without new calls keeps the parent's (satisfiable) constraints.
      const std::span<const Expr> newGuard(&guard, guard.isConst() ? 0 : 1);  // the parent's are asserted
      SolveTabResult r;
      if (answered != nullptr)
        r.answer = answered->answer;  // what SolveTab answers without calls: no heuristic, no row
      else
        r = solveTab(SolveTabJob{ctx, job_.solver, newGuard, child.calls, tables(), job_.functions, heuristics_,
                                 options_.enrichAttempts});
      stats_.add(stat::kHeuristicCalls, r.heuristicCalls);
      stats_.add(stat::kHeuristicSuccesses, r.heuristicSuccesses);
      stats_.add(stat::kTableRowsAdded, r.rowsAdded);
      failures_.insert(failures_.end(), r.failures.begin(), r.failures.end());
      if (r.answer != CheckResult::Sat) {
        stats_.add(stat::kPrunedStates);
        pruned.push_back({t, callsPrograms ? child.state.pathCondition : std::vector<Expr>{}});
        // Unsatisfiable up to the tables is not infeasible: richer tables might satisfy it,
        // unless the path condition is unsatisfiable whatever the functions return.
        if (r.answer == CheckResult::Unknown)
          noteUnknown(answered != nullptr ? answered->reasonUnknown : job_.solver.reasonUnknown());
        else if (!child.calls.empty() && !infeasibleForAnyFunction(guard))
          incomplete_ = true;
        if (r.answer == CheckResult::Unsat && child.calls.empty()) rememberExcluded(t, child.state.pathCondition);
        return std::nullopt;
      }
    }
    TreeNode node;
    node.transition = t;
    node.location = child.state.location;
    node.depth = child.state.depth;
    node.guard = guard;
    node.inputs = std::move(built.inputs);
    node.outputs = std::move(built.outputs);
    node.calls = newCalls;
    // The program calls the step made: updates whose whole value applies a program.
    for (const Update& u : transition.updates)
      if (u.value.op() == Op::Apply && u.value.function().kind() == FunctionKind::Program)
        node.programCalls.push_back(child.state.store.at(u.variable));
    return Child{std::move(child), std::move(node)};
  }

  // The parent's path condition is asserted: the child's is that and `guard`.
  bool infeasibleForAnyFunction(Expr guard) {
    if (guard.isConst()) return !guard.value().asBool();
    return job_.solver.check(std::span(&guard, 1)) == CheckResult::Unsat;
  }

  FunctionTables& tables() { return job_.tables ? *job_.tables : emptyTables_; }

  // At most this many pruned path conditions per target are kept to ask, once the search is
  // over, whether the run's [assume] constraints alone exclude the target.
  static constexpr std::size_t kExcludedCandidates = 4;

  // A target's pruned path condition without the job's assumptions (they are among the axioms
  // the executor put at its root), when the run has some.
  void rememberExcluded(TransitionId t, const std::vector<Expr>& pathCondition) {
    if (job_.assumptions.empty() || !targets_.contains(t)) return;
    std::vector<std::vector<Expr>>& kept = excludedCandidates_[t];
    if (kept.size() >= kExcludedCandidates) return;
    std::vector<Expr> without;
    for (Expr c : pathCondition)
      if (std::find(job_.assumptions.begin(), job_.assumptions.end(), c) == job_.assumptions.end()) without.push_back(c);
    kept.push_back(std::move(without));
  }

  // Whether some pruned path to `t` is feasible once the assumptions are dropped: the target is
  // coverable, only not under the run's [assume] constraints.
  bool excludedByAssumption(TransitionId t) {
    const auto it = excludedCandidates_.find(t);
    if (it == excludedCandidates_.end()) return false;
    for (const std::vector<Expr>& pathCondition : it->second)
      if (job_.solver.check(pathCondition) == CheckResult::Sat) return true;
    return false;
  }

  // A state left undecided by an unknown answer. Within the budgets (the per-query limit, an
  // incomplete theory) its subtree is set aside and the search goes on; the budget layer's refusal
  // or a passed deadline means the budget, not the solver, left it undecided.
  // `reason` is the answering solver's: the run's, or a worker's when threads > 1.
  void noteUnknown(const std::string& reason) {
    const bool spent = std::chrono::steady_clock::now() >= exploreUntil_ || BudgetLayer::isBudgetRefusal(reason);
    if (spent) {
      incomplete_ = true;
    } else {
      ++unknownStates_;
      if (firstUnknown_.empty()) firstUnknown_ = reason.empty() ? "no reason given" : reason;
    }
  }

  // Why `t` stays uncovered when the tree was explored within the budgets but for states the
  // solver could not decide: those subtrees may hold it.
  std::string unknownDetail() const {
    return "the solver answered unknown (" + firstUnknown_ + ") on " + std::to_string(unknownStates_) +
           " state(s) of the tree, whose subtrees were set aside; [solver] query_timeout_ms limits each query";
  }

  GenerationResult finish() {
    GenerationResult result;
    stats_.set(stat::kStates, tree_->nodes.size());
    stats_.set(stat::kIterations, tree_->nodes.size());
    TreeTestBuilder builder(job_, *tree_, tables());
    result.sequences = builder.build(covered_);
    if (!system_.contracts.empty()) stats_.set(kTestGroups, builder.groups());
    for (TransitionId t : job_.targets) {
      if (builder.tested().contains(t)) continue;
      const bool setAside = !incomplete_ && !covered_.contains(t) && unknownStates_ > 0;
      result.uncovered[t] = !covered_.contains(t) && excludedByAssumption(t) ? UncoveredReason::ExcludedByAssumption
                            : incomplete_ || covered_.contains(t)           ? UncoveredReason::BudgetExhausted
                            : setAside                                      ? UncoveredReason::SolverUnknown
                                                                            : UncoveredReason::InfeasibleWithinBound;
      if (result.uncovered[t] == UncoveredReason::SolverUnknown) result.uncoveredDetail[t] = unknownDetail();
    }
    result.stats = stats_;
    result.externalFailures = std::move(failures_);
    result.tree = tree_;
    return result;
  }

  const GenerationJob& job_;
  Searcher& searcher_;
  TreeSearchOptions options_;
  const TransitionSystem& system_;
  SymbolicExecutor executor_;
  std::shared_ptr<SymbolicTree> tree_;
  std::vector<const TableHeuristic*> heuristics_;
  std::vector<const SearchHeuristic*> scorers_;
  std::uint64_t sinceNewCoverage_ = 0;
  std::uint64_t expansions_ = 0;
  std::set<TransitionId> targets_;
  std::vector<TransitionId> targetList_;   // job.targets: sorted, unique
  std::vector<std::uint8_t> coveredFlags_; // per target of targetList_
  std::vector<std::uint32_t> distance_;    // per location, to the nearest uncovered target
  std::vector<std::vector<LocationId>> incoming_;  // per location: the sources of its incoming transitions
  std::vector<std::vector<TransitionId>> paths_;   // per tree node: its transitions (frontier states only)
  std::chrono::steady_clock::time_point lastNewCoverage_;
  std::set<TransitionId> covered_;
  std::size_t coveredTargets_ = 0;
  std::vector<std::uint32_t> uncoveredOut_;
  std::map<TreeNodeId, Pending> pending_;
  FunctionTables emptyTables_;
  Statistics stats_;
  // Exploration ends a little before the run's deadline, so that the tests of what the tree
  // covered can still be solved (one query each) within the budget.
  std::chrono::steady_clock::time_point exploreUntil_;
  std::vector<ExternalFailure> failures_;
  bool incomplete_ = false;  // some state was not decided, or not expanded for lack of budget
  std::size_t unknownStates_ = 0;  // states the solver left undecided within the budgets
  std::string firstUnknown_;       // the solver's reason for the first of them
  std::map<TransitionId, std::vector<std::vector<Expr>>> excludedCandidates_;  // rememberExcluded
  std::optional<CheckPool> pool_;  // helpers, with threads > 1
  const SearcherLookahead* lookahead_ = nullptr;  // with pool_, when the searcher offers it
  std::set<TransitionId> mayCover_;  // surelyStepped: targets a round's children may cover
  // A round of expandAhead: at most this many states and (then stopping) children, enough for a
  // helper's share to outweigh the hand-over, few enough to keep the searcher's order cheap to follow.
  static constexpr std::size_t kRoundStates = 64;
  static constexpr std::size_t kRoundChildren = 192;
};

}  // namespace

std::span<const OptionSpec> treeSearchOptionSpecs() { return kOptions; }

TreeSearchOptions treeSearchOptions(const Options& options) {
  TreeSearchOptions o;
  const std::int64_t m = options.getInt("enrich_attempts");
  if (m < 0) throw options.invalid("enrich_attempts", "must be 0 or more", "0 keeps the tables as they are");
  const std::int64_t states = options.getInt("max_states");
  if (states < 1) throw options.invalid("max_states", "must be at least 1");
  o.enrichAttempts = static_cast<std::uint64_t>(m);
  o.maxStates = static_cast<std::uint64_t>(states);
  o.stopWhenCovered = options.getBool("stop_when_covered");
  const std::int64_t height = options.getInt("height");
  if (height < 0 || height > std::numeric_limits<std::uint32_t>::max())
    throw options.invalid("height", "must be between 0 (no limit) and 4294967295");
  o.height = static_cast<std::uint32_t>(height);
  const std::string determinism = options.getString("determinism");
  if (determinism == "pairwise")
    o.determinism = Determinism::Pairwise;
  else if (determinism != "uf")
    throw options.invalid("determinism", "must be \"uf\" or \"pairwise\", not \"" + determinism + "\"" +
                                             didYouMean(determinism, {"uf", "pairwise"}));
  const std::int64_t threads = options.getInt("threads");
  if (threads < 1 || threads > 256) throw options.invalid("threads", "must be between 1 and 256", "1 searches on one thread");
  o.threads = static_cast<std::uint32_t>(threads);
  return o;
}

GenerationResult exploreTree(const GenerationJob& job, Searcher& searcher, const TreeSearchOptions& options) {
  return TreeExplorer(job, searcher, options, options.threads).run();
}

}  // namespace symseq
