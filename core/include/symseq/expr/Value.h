#pragma once
// Concrete values: what variables take in a model, a test step or a replay.
// Integers and rationals are exact (arbitrary precision), as in SMT-LIB.
#include <boost/multiprecision/cpp_int.hpp>
#include <compare>
#include <string>
#include <variant>

#include "symseq/expr/Sort.h"

#pragma GCC visibility push(default)

namespace symseq {

using BigInt = boost::multiprecision::cpp_int;
using Rational = boost::multiprecision::cpp_rational;

class Value {
 public:
  Value() = default;  // false
  static Value boolean(bool b);
  static Value integer(BigInt i);
  static Value real(Rational r);
  // The bits are taken modulo 2^width, so negative numbers give two's complement.
  static Value bitVec(std::uint32_t width, BigInt bits);

  [[nodiscard]] Sort sort() const { return sort_; }
  // Each accessor throws EvalError when the value has another sort.
  [[nodiscard]] bool asBool() const;
  [[nodiscard]] const BigInt& asInt() const;
  [[nodiscard]] const Rational& asReal() const;
  [[nodiscard]] const BigInt& bits() const;  // bit-vector as an unsigned number
  [[nodiscard]] BigInt signedBits() const;   // bit-vector as a two's complement number

  // A literal of the expression syntax: true, -3, 2.5, real(1, 3), 255bv8.
  [[nodiscard]] std::string toString() const;
  // A JSON-friendly rendering: numbers stay numbers when they fit an int64, else strings.
  [[nodiscard]] std::string toJsonLiteral() const;

  friend bool operator==(const Value&, const Value&) = default;
  // A total order (by sort, then value) so that values can key ordered maps.
  friend std::strong_ordering operator<=>(const Value& a, const Value& b);

 private:
  Sort sort_ = Sort::boolean();
  std::variant<bool, BigInt, Rational> data_ = false;
};

}  // namespace symseq

#pragma GCC visibility pop
