#include "symseq/expr/Sort.h"

#include <charconv>

#include "symseq/support/Error.h"

namespace symseq {

Sort Sort::bitVec(std::uint32_t width) {
  if (width == 0 || width > kMaxBitVecWidth)
    throw SortError("bit-vector width " + std::to_string(width) + " is out of range",
                    std::nullopt, "use a width from 1 to " + std::to_string(kMaxBitVecWidth));
  return Sort(SortKind::BitVec, width);
}

std::string Sort::toString() const {
  switch (kind_) {
    case SortKind::Bool: return "bool";
    case SortKind::Int: return "int";
    case SortKind::Real: return "real";
    case SortKind::BitVec: return "bv" + std::to_string(width_);
  }
  return "?";
}

std::optional<Sort> Sort::fromString(std::string_view text) {
  if (text == "bool") return boolean();
  if (text == "int") return integer();
  if (text == "real") return real();
  if (text.size() > 2 && text.substr(0, 2) == "bv") {
    std::uint32_t w = 0;
    const auto digits = text.substr(2);
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), w);
    if (ec == std::errc() && end == digits.data() + digits.size() && digits[0] != '0' && w <= kMaxBitVecWidth)
      return Sort(SortKind::BitVec, w);
  }
  return std::nullopt;
}

}  // namespace symseq
