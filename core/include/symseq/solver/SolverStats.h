#pragma once
// What a solver did during a run, reported in results and benchmarks.
#include <chrono>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#pragma GCC visibility push(default)

namespace symseq {

struct SolverStats {
  std::uint64_t queries = 0;
  std::uint64_t sat = 0;
  std::uint64_t unsat = 0;
  std::uint64_t unknown = 0;
  std::chrono::duration<double> time{0};  // wall-clock time spent in check()
  // The counters of the layers between the strategy and the back end, outermost first, each
  // named "<layer>.<counter>" ("query-cache.hits", "independence.dropped", ...); `queries` and
  // the answers above count what reached the back end.
  std::vector<std::pair<std::string, std::uint64_t>> layers{};
};

}  // namespace symseq

#pragma GCC visibility pop
