// Parallel tree search (plugins/tree, option `threads`; docs/parallel.md): the ring IOSTS of
// bench_tree (bench/RingModel.h) explored breadth first to 100,000 symbolic states on 1 and 2
// threads, each thread with a solver of its own, and a 1,000-state smoke variant. Counters:
// `states`, `queries` (all threads), `states_per_s` (states kept per second of the whole
// exploration). The results are the same on any number of threads (tests/unit/test_parallel_tree.cpp);
// only the time differs.
#include <benchmark/benchmark.h>

#include <mutex>
#include <string>

#include "RingModel.h"
#include "symseq/plugin/Registry.h"
#include "symseq/plugin/Searcher.h"
#include "symseq/run/PluginOptions.h"
#include "symseq/solver/SolverFactory.h"
#include "symseq/solver/SolverLayer.h"
#include "symseq/tree/TreeSearch.h"

using namespace symseq;

namespace {

// Solvers like the run's for the helper threads, counting their queries when they are done.
class Solvers final : public SolverFactory {
 public:
  Solvers(const Registry& registry, const char* name, ExprContext& ctx) : registry_(registry), name_(name), ctx_(ctx) {}
  PluginPtr<Solver> make() const override {
    return makePluginPtr<Counted>(
        registry_.makeSolver(name_, ctx_, defaultOptions(registry_.info(PluginKind::Solver, name_))), *this);
  }
  std::uint64_t queries() const {
    const std::lock_guard lock(mutex_);
    return queries_;
  }

 private:
  class Counted final : public SolverLayer {
   public:
    Counted(PluginPtr<Solver> inner, const Solvers& owner) : SolverLayer(std::move(inner)), owner_(owner) {}
    ~Counted() override {
      const std::lock_guard lock(owner_.mutex_);
      owner_.queries_ += stats().queries;
    }
    Counted(const Counted&) = delete;
    Counted& operator=(const Counted&) = delete;

   private:
    const Solvers& owner_;
  };
  const Registry& registry_;
  std::string name_;
  ExprContext& ctx_;
  mutable std::mutex mutex_;
  mutable std::uint64_t queries_ = 0;
};

void explore(benchmark::State& state, const char* solverName, std::uint64_t maxStates, std::int64_t threads) {
  Registry registry;
  registry.loadDirectory(Registry::defaultPluginDir());
  Options options = defaultOptions(registry.info(PluginKind::Strategy, "tree"));
  options.set("max_states", static_cast<std::int64_t>(maxStates));
  options.set("stop_when_covered", false);
  options.set("enrich_attempts", std::int64_t{0});
  options.set("threads", threads);
  auto tree = registry.makeStrategy("tree", options);
  double states = 0, queries = 0, seconds = 0;
  for (auto _ : state) {
    ExprContext ctx;
    const TransitionSystem sys = bench::ringModel(ctx, 6);
    auto solver = registry.makeSolver(solverName, ctx, defaultOptions(registry.info(PluginKind::Solver, solverName)));
    const Solvers helpers(registry, solverName, ctx);
    std::vector<TransitionId> targets(sys.transitions.size());
    for (TransitionId t = 0; t < targets.size(); ++t) targets[t] = t;
    Budgets budgets;
    budgets.depth = 40;
    budgets.time = std::chrono::milliseconds(600'000);
    const auto start = std::chrono::steady_clock::now();
    auto bfs = registry.makeSearcher("bfs", defaultOptions(registry.info(PluginKind::Searcher, "bfs")));
    GenerationJob job{sys, *solver, {}, targets, budgets, 0, start + budgets.time};
    job.searcher = bfs.get();
    job.solvers = &helpers;
    const GenerationResult r = tree->generate(job);
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    states = static_cast<double>(r.stats.get(stat::kStates));
    queries = static_cast<double>(solver->stats().queries + helpers.queries());
  }
  state.counters["states"] = states;
  state.counters["queries"] = queries;
  state.counters["states_per_s"] = states / seconds;
}

}  // namespace

BENCHMARK_CAPTURE(explore, ring_100k_states/z3/threads_1, "z3", 100'000, 1)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_CAPTURE(explore, ring_100k_states/z3/threads_2, "z3", 100'000, 2)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_CAPTURE(explore, ring_100k_states/cvc5/threads_1, "cvc5", 100'000, 1)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_CAPTURE(explore, ring_100k_states/cvc5/threads_2, "cvc5", 100'000, 2)->Unit(benchmark::kMillisecond)->Iterations(1);
// A small tree for the smoke test under the sanitizers.
BENCHMARK_CAPTURE(explore, ring_1k_states/z3/threads_2, "z3", 1'000, 2)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_MAIN();
