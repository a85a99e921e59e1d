#pragma once
// The sorts of the expression language: Bool, Int, Real and fixed-width bit-vectors.
#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#pragma GCC visibility push(default)

namespace symseq {

enum class SortKind : std::uint8_t { Bool, Int, Real, BitVec };

class Sort {
 public:
  static constexpr std::uint32_t kMaxBitVecWidth = 4096;

  constexpr Sort() = default;  // Bool
  static constexpr Sort boolean() { return Sort(SortKind::Bool, 0); }
  static constexpr Sort integer() { return Sort(SortKind::Int, 0); }
  static constexpr Sort real() { return Sort(SortKind::Real, 0); }
  // Throws SortError unless 1 <= width <= kMaxBitVecWidth.
  static Sort bitVec(std::uint32_t width);

  [[nodiscard]] constexpr SortKind kind() const { return kind_; }
  [[nodiscard]] constexpr std::uint32_t width() const { return width_; }  // 0 unless BitVec
  [[nodiscard]] constexpr bool isBool() const { return kind_ == SortKind::Bool; }
  [[nodiscard]] constexpr bool isInt() const { return kind_ == SortKind::Int; }
  [[nodiscard]] constexpr bool isReal() const { return kind_ == SortKind::Real; }
  [[nodiscard]] constexpr bool isBitVec() const { return kind_ == SortKind::BitVec; }
  [[nodiscard]] constexpr bool isArithmetic() const { return isInt() || isReal(); }

  // The model syntax: "bool", "int", "real", "bv8".
  [[nodiscard]] std::string toString() const;
  // Inverse of toString; nullopt for anything else.
  [[nodiscard]] static std::optional<Sort> fromString(std::string_view text);

  friend constexpr auto operator<=>(const Sort&, const Sort&) = default;

 private:
  constexpr Sort(SortKind kind, std::uint32_t width) : kind_(kind), width_(width) {}
  SortKind kind_ = SortKind::Bool;
  std::uint32_t width_ = 0;
};

}  // namespace symseq

#pragma GCC visibility pop
