#pragma once
// What a solver did during a run, reported in results and benchmarks.
#include <chrono>
#include <cstdint>

#pragma GCC visibility push(default)

namespace symseq {

struct SolverStats {
  std::uint64_t queries = 0;
  std::uint64_t sat = 0;
  std::uint64_t unsat = 0;
  std::uint64_t unknown = 0;
  std::chrono::duration<double> time{0};  // wall-clock time spent in check()
};

}  // namespace symseq

#pragma GCC visibility pop
