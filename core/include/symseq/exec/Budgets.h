#pragma once
// The limits every search runs within (run file section [budgets]).
#include <chrono>
#include <cstdint>

#pragma GCC visibility push(default)

namespace symseq {

struct Budgets {
  std::chrono::milliseconds time{60'000};
  std::uint64_t solverQueries = 1'000'000;
  std::uint32_t depth = 64;  // steps per sequence (CFG: loop iterations)
};

}  // namespace symseq

#pragma GCC visibility pop
