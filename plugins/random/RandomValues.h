#pragma once
// Random values of each sort from a std::mt19937_64, mapped by hand: the engine's output is fixed
// by the C++ standard, std::uniform_int_distribution's is not, so a seed gives the same values
// with every standard library.
#include <cstdint>
#include <random>

#include "symseq/expr/Value.h"

namespace symseq::random {

struct IntRange {
  std::int64_t min = -100;
  std::int64_t max = 100;  // inclusive; min <= max
};

class RandomValues {
 public:
  RandomValues(std::uint64_t seed, IntRange range) : engine_(seed), range_(range) {}

  // Bool: fair; Int: uniform in the range; Real: an Int of the range over a denominator in 1..4;
  // bit-vectors: every bit fair.
  [[nodiscard]] Value draw(Sort sort);

 private:
  // Uniform in [0, bound) for bound >= 1, without modulo bias (rejection sampling).
  std::uint64_t below(std::uint64_t bound);
  std::int64_t inRange();

  std::mt19937_64 engine_;
  IntRange range_;
};

}  // namespace symseq::random
