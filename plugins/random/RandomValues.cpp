#include "RandomValues.h"

#include <limits>

namespace symseq::random {

std::uint64_t RandomValues::below(std::uint64_t bound) {
  // 2^64 mod bound: the lowest draws that would make some residues more likely than others.
  const std::uint64_t skip = (std::uint64_t{0} - bound) % bound;
  for (;;) {
    const std::uint64_t u = engine_();
    if (u >= skip) return u % bound;
  }
}

std::int64_t RandomValues::inRange() {
  // The span, computed in unsigned arithmetic so that the full int64 range does not overflow.
  const std::uint64_t span = static_cast<std::uint64_t>(range_.max) - static_cast<std::uint64_t>(range_.min);
  const std::uint64_t offset = span == std::numeric_limits<std::uint64_t>::max() ? engine_() : below(span + 1);
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(range_.min) + offset);  // modulo 2^64, as C++20 defines
}

Value RandomValues::draw(Sort sort) {
  switch (sort.kind()) {
    case SortKind::Bool: return Value::boolean((engine_() >> 63) != 0);
    case SortKind::Int: return Value::integer(BigInt(inRange()));
    case SortKind::Real: {
      const BigInt numerator(inRange());
      const auto denominator = static_cast<std::int64_t>(1 + below(4));
      return Value::real(Rational(numerator, BigInt(denominator)));
    }
    case SortKind::BitVec: {
      BigInt bits = 0;
      for (std::uint32_t filled = 0; filled < sort.width(); filled += 64) bits = (bits << 64) | BigInt(engine_());
      return Value::bitVec(sort.width(), bits);  // taken modulo 2^width
    }
  }
  return Value::boolean(false);
}

}  // namespace symseq::random
