// SearcherLookahead (plugin/SearcherLookahead.h): the promise that lets the tree search on several
// threads check several frontier states in one hand-over. `bfs` makes it and keeps it whatever is
// added; `dfs` cannot, so it does not offer it; a searcher that breaks it stops the search.
#include <doctest/doctest.h>

#include "../../bench/CountingSolvers.h"
#include "../../bench/RingModel.h"
#include "symseq/plugin/Registry.h"
#include "symseq/plugin/SearcherLookahead.h"
#include "symseq/run/PluginOptions.h"
#include "symseq/tree/TreeSearch.h"

using namespace symseq;

namespace {

FrontierState state(std::uint32_t node) {
  FrontierState s;
  s.node = node;
  return s;
}

PluginPtr<Searcher> searcher(const Registry& registry, const char* name) {
  return registry.makeSearcher(name, defaultOptions(registry.info(PluginKind::Searcher, name)));
}

// A breadth-first searcher whose lookahead lies: it announces the newest state, selects the oldest.
class LyingSearcher final : public Searcher, public SearcherLookahead {
 public:
  void update(std::span<const FrontierState> added) override { queue_.insert(queue_.end(), added.begin(), added.end()); }
  FrontierState select(const SearchProgress&) override {
    const FrontierState next = queue_.front();
    queue_.erase(queue_.begin());
    return next;
  }
  bool empty() const override { return queue_.empty(); }
  std::vector<FrontierState> upcoming(std::size_t count) const override {
    std::vector<FrontierState> out(queue_.rbegin(), queue_.rend());
    out.resize(std::min(count, out.size()));
    return out;
  }

 private:
  std::vector<FrontierState> queue_;
};

}  // namespace

TEST_CASE("searcher lookahead: bfs announces its next selections, whatever is added in between") {
  Registry registry;
  registry.loadDirectory(Registry::defaultPluginDir());
  auto bfs = searcher(registry, "bfs");
  const auto* lookahead = dynamic_cast<const SearcherLookahead*>(bfs.get());
  REQUIRE(lookahead != nullptr);
  const std::vector<FrontierState> first{state(1), state(2), state(3)};
  bfs->update(first);
  const std::vector<FrontierState> announced = lookahead->upcoming(2);
  REQUIRE(announced.size() == 2);
  CHECK(lookahead->upcoming(10).size() == 3);  // no more than it holds
  const std::vector<FrontierState> more{state(4), state(5)};
  bfs->update(more);
  ExprContext ctx;
  const TransitionSystem sys = bench::ringModel(ctx, 2);
  const SearchProgress progress{.model = sys,
                                .targets = {},
                                .covered = {},
                                .coveredCount = 0,
                                .uncoveredOutgoing = {},
                                .distanceToUncovered = {},
                                .paths = {},
                                .expansions = 0,
                                .expansionsSinceNewCoverage = 0,
                                .secondsSinceNewCoverage = 0,
                                .scorers = {}};
  for (const FrontierState& f : announced) CHECK(bfs->select(progress).node == f.node);
}

TEST_CASE("searcher lookahead: dfs does not offer it") {
  Registry registry;
  registry.loadDirectory(Registry::defaultPluginDir());
  auto dfs = searcher(registry, "dfs");
  CHECK(dynamic_cast<const SearcherLookahead*>(dfs.get()) == nullptr);
}

TEST_CASE("searcher lookahead: a searcher that selects another state than it announced stops the search") {
  Registry registry;
  registry.loadDirectory(Registry::defaultPluginDir());
  ExprContext ctx;
  const TransitionSystem sys = bench::ringModel(ctx, 3);
  auto solver = registry.makeSolver("z3", ctx, defaultOptions(registry.info(PluginKind::Solver, "z3")));
  const bench::CountingSolvers helpers(registry, "z3", ctx);
  std::vector<TransitionId> targets(sys.transitions.size());
  for (TransitionId t = 0; t < targets.size(); ++t) targets[t] = t;
  Budgets budgets;
  budgets.depth = 6;
  LyingSearcher liar;
  GenerationJob job{sys, *solver, {}, targets, budgets, 0, std::chrono::steady_clock::now() + std::chrono::minutes(1)};
  job.searcher = &liar;
  job.solvers = &helpers;
  TreeSearchOptions options;
  options.threads = 2;
  options.stopWhenCovered = false;
  options.maxStates = 200;
  CHECK_THROWS_WITH_AS((void)exploreTree(job, liar, options), doctest::Contains("announced"), PluginError);
  // On one thread the lookahead is not consulted: the same searcher is only breadth first.
  LyingSearcher again;
  job.searcher = &again;
  options.threads = 1;
  CHECK_NOTHROW((void)exploreTree(job, again, options));
}
