#pragma once
// What the ring benchmarks (bench_tree, bench_parallel) share: the registry with the built
// plugins, the `tree` strategy set to explore the ring (RingModel.h) breadth first to a number of
// states without stopping at full coverage or enriching tables, and the exploration's job: every
// transition a target, 40 test steps, a 10-minute budget, a fresh `bfs` searcher.
#include <chrono>
#include <cstdint>
#include <string_view>
#include <vector>

#include "symseq/plugin/Registry.h"
#include "symseq/plugin/Searcher.h"
#include "symseq/plugin/Strategy.h"
#include "symseq/run/PluginOptions.h"

namespace symseq::bench {

class RingBench {
 public:
  RingBench() { registry_.loadDirectory(Registry::defaultPluginDir()); }

  [[nodiscard]] const Registry& registry() const { return registry_; }

  [[nodiscard]] PluginPtr<Strategy> tree(std::uint64_t maxStates, std::int64_t threads = 1) const {
    Options options = defaultOptions(registry_.info(PluginKind::Strategy, "tree"));
    options.set("max_states", static_cast<std::int64_t>(maxStates));
    options.set("stop_when_covered", false);
    options.set("enrich_attempts", std::int64_t{0});
    options.set("threads", threads);
    return registry_.makeStrategy("tree", options);
  }

  [[nodiscard]] PluginPtr<Solver> solver(std::string_view name, ExprContext& ctx) const {
    return registry_.makeSolver(name, ctx, defaultOptions(registry_.info(PluginKind::Solver, name)));
  }

  [[nodiscard]] PluginPtr<Searcher> bfs() const {
    return registry_.makeSearcher("bfs", defaultOptions(registry_.info(PluginKind::Searcher, "bfs")));
  }

  // The job on `system`, starting now; `searcher` (fresh per run) is the caller's to keep alive.
  [[nodiscard]] static GenerationJob job(const TransitionSystem& system, Solver& solver, Searcher& searcher) {
    std::vector<TransitionId> targets(system.transitions.size());
    for (TransitionId t = 0; t < targets.size(); ++t) targets[t] = t;
    Budgets budgets;
    budgets.depth = 40;
    budgets.time = std::chrono::milliseconds(600'000);
    GenerationJob job{system, solver, {}, std::move(targets), budgets, 0, std::chrono::steady_clock::now() + budgets.time};
    job.searcher = &searcher;
    return job;
  }

 private:
  Registry registry_;
};

}  // namespace symseq::bench
