// Parallel tree search (plugins/tree, option `threads`; docs/parallel.md): the ring IOSTS of
// bench_tree (bench/RingModel.h) explored breadth first to 100,000 symbolic states on 1 and 2
// threads, each thread with a solver of its own, and a 1,000-state smoke variant. Counters:
// `states`, `queries` (all threads, the tests' included), `states_per_s` (states kept per second
// of the whole exploration). The results are the same on any number of threads
// (tests/unit/test_parallel_tree.cpp); only the time differs.
#include <benchmark/benchmark.h>

#include "CountingSolvers.h"
#include "RingBench.h"
#include "RingModel.h"
#include "symseq/tree/TreeSearch.h"

using namespace symseq;

namespace {

void explore(benchmark::State& state, const char* solverName, std::uint64_t maxStates, std::int64_t threads) {
  const bench::RingBench ring;
  auto tree = ring.tree(maxStates, threads);
  double states = 0, queries = 0, seconds = 0;
  for (auto _ : state) {
    ExprContext ctx;
    const TransitionSystem sys = bench::ringModel(ctx, 6);
    auto solver = ring.solver(solverName, ctx);
    const bench::CountingSolvers helpers(ring.registry(), solverName, ctx);
    auto bfs = ring.bfs();  // fresh per run
    const auto start = std::chrono::steady_clock::now();
    GenerationJob job = bench::RingBench::job(sys, *solver, *bfs);
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
