// Exploration throughput of the symbolic-tree search (plugins/tree TreeSearch.h, through the `tree`
// strategy plugin and the `bfs` searcher): a generated IOSTS explored breadth first to 100,000 symbolic states (and 1,000 for a smoke test), with every guarded child checked by the
// solver. Counters: `states` kept, `pruned` children, `queries`, and `states_per_s` (states kept
// per second of the whole exploration, solver included). The `.../layers` rows put the solver
// chain's layers between the search and the back end (independence, query cache, counterexample
// cache, in that order: docs/solver-layers.md); `queries` then counts what reached the back end.
// The 1M-state rows (scaling) are not in the smoke filter.
//
// The generated IOSTS (`ring`): K states in a ring; from each state i three transitions
//   in_i  : in?(x), s := s + x       -> i+1   (no guard: the child needs no query)
//   up_i  : tau [s > i]              -> i+1   (a query)
//   reset_i: tau [s <= i], s := 0    -> 0     (a query)
// so the tree branches threefold and about two children in three cost a solver query.
#include <benchmark/benchmark.h>

#include "RingBench.h"
#include "RingModel.h"
#include "symseq/tree/TreeSearch.h"
#include "symseq/solver/CounterexampleCache.h"
#include "symseq/solver/IndependenceLayer.h"
#include "symseq/solver/QueryCache.h"

using namespace symseq;

namespace {

void explore(benchmark::State& state, const char* solverName, std::uint64_t maxStates, bool layers) {
  const bench::RingBench ring;
  auto tree = ring.tree(maxStates);
  double states = 0, pruned = 0, queries = 0, seconds = 0;
  for (auto _ : state) {
    ExprContext ctx;
    const TransitionSystem sys = bench::ringModel(ctx, 6);
    PluginPtr<Solver> solver = ring.solver(solverName, ctx);
    if (layers) {
      solver = makePluginPtr<CounterexampleCache>(std::move(solver), ctx);
      solver = makePluginPtr<QueryCache>(std::move(solver), ctx);
      solver = makePluginPtr<IndependenceLayer>(std::move(solver), ctx);
    }
    auto bfs = ring.bfs();  // fresh per run
    const auto start = std::chrono::steady_clock::now();
    const GenerationResult r = tree->generate(bench::RingBench::job(sys, *solver, *bfs));
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    states = static_cast<double>(r.stats.get(stat::kStates));
    pruned = static_cast<double>(r.stats.get(stat::kPrunedStates));
    queries = static_cast<double>(solver->stats().queries);
  }
  state.counters["states"] = states;
  state.counters["pruned"] = pruned;
  state.counters["queries"] = queries;
  state.counters["states_per_s"] = states / seconds;
}

}  // namespace

BENCHMARK_CAPTURE(explore, ring_100k_states/z3, "z3", 100'000, false)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_CAPTURE(explore, ring_100k_states/cvc5, "cvc5", 100'000, false)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_CAPTURE(explore, ring_100k_states/z3/layers, "z3", 100'000, true)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_CAPTURE(explore, ring_100k_states/cvc5/layers, "cvc5", 100'000, true)->Unit(benchmark::kMillisecond)->Iterations(1);
// Scaling: a tree ten times larger.
BENCHMARK_CAPTURE(explore, ring_1m_states/z3, "z3", 1'000'000, false)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_CAPTURE(explore, ring_1m_states/z3/layers, "z3", 1'000'000, true)->Unit(benchmark::kMillisecond)->Iterations(1);
// A small tree for the smoke test under the sanitizers, with and without the layers.
BENCHMARK_CAPTURE(explore, ring_1k_states/z3, "z3", 1'000, false)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_CAPTURE(explore, ring_1k_states/z3/layers, "z3", 1'000, true)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_MAIN();
