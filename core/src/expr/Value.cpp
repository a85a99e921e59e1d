#include "symseq/expr/Value.h"

#include <limits>

#include "symseq/support/Error.h"

namespace symseq {

namespace {
[[noreturn]] void wrongSort(const Sort& actual, std::string_view wanted) {
  throw EvalError("value of sort " + actual.toString() + " used as " + std::string(wanted));
}

// The decimal digits of r when it has a finite expansion (denominator 2^a 5^b), else nullopt.
std::optional<std::string> finiteDecimal(const Rational& r) {
  BigInt num = boost::multiprecision::numerator(r);
  const BigInt den = boost::multiprecision::denominator(r);
  BigInt d = den;
  while (d % 2 == 0) d /= 2;
  while (d % 5 == 0) d /= 5;
  if (d != 1) return std::nullopt;
  const bool negative = num < 0;
  if (negative) num = -num;
  const BigInt whole = num / den;
  BigInt rest = num % den;
  std::string text = (negative ? "-" : "") + whole.str() + ".";
  if (rest == 0) return text + "0";
  while (rest != 0) {
    rest *= 10;
    text += static_cast<char>('0' + static_cast<int>(rest / den));
    rest %= den;
  }
  return text;
}
}  // namespace

Value Value::boolean(bool b) {
  Value v;
  v.sort_ = Sort::boolean();
  v.data_ = b;
  return v;
}

Value Value::integer(BigInt i) {
  Value v;
  v.sort_ = Sort::integer();
  v.data_ = std::move(i);
  return v;
}

Value Value::real(Rational r) {
  Value v;
  v.sort_ = Sort::real();
  v.data_ = std::move(r);
  return v;
}

Value Value::bitVec(std::uint32_t width, BigInt bits) {
  Value v;
  v.sort_ = Sort::bitVec(width);
  const BigInt modulus = BigInt(1) << width;
  bits %= modulus;
  if (bits < 0) bits += modulus;
  v.data_ = std::move(bits);
  return v;
}

bool Value::asBool() const {
  if (!sort_.isBool()) wrongSort(sort_, "bool");
  return std::get<bool>(data_);
}

const BigInt& Value::asInt() const {
  if (!sort_.isInt()) wrongSort(sort_, "int");
  return std::get<BigInt>(data_);
}

const Rational& Value::asReal() const {
  if (!sort_.isReal()) wrongSort(sort_, "real");
  return std::get<Rational>(data_);
}

const BigInt& Value::bits() const {
  if (!sort_.isBitVec()) wrongSort(sort_, "bit-vector");
  return std::get<BigInt>(data_);
}

BigInt Value::signedBits() const {
  const BigInt& b = bits();
  const BigInt half = BigInt(1) << (sort_.width() - 1);
  return b >= half ? b - (BigInt(1) << sort_.width()) : b;
}

std::string Value::toString() const {
  switch (sort_.kind()) {
    case SortKind::Bool: return std::get<bool>(data_) ? "true" : "false";
    case SortKind::Int: return std::get<BigInt>(data_).str();
    case SortKind::Real: {
      const Rational& r = std::get<Rational>(data_);
      if (auto text = finiteDecimal(r)) return *text;
      return "real(" + boost::multiprecision::numerator(r).str() + ", " +
             boost::multiprecision::denominator(r).str() + ")";
    }
    case SortKind::BitVec: return std::get<BigInt>(data_).str() + "bv" + std::to_string(sort_.width());
  }
  return "?";
}

std::string Value::toJsonLiteral() const {
  switch (sort_.kind()) {
    case SortKind::Bool: return toString();
    case SortKind::Int: {
      const BigInt& i = std::get<BigInt>(data_);
      if (i >= std::numeric_limits<std::int64_t>::min() && i <= std::numeric_limits<std::int64_t>::max()) return i.str();
      return "\"" + i.str() + "\"";
    }
    case SortKind::Real:
    case SortKind::BitVec: return "\"" + toString() + "\"";
  }
  return "null";
}

std::strong_ordering operator<=>(const Value& a, const Value& b) {
  if (auto c = a.sort_ <=> b.sort_; c != 0) return c;
  switch (a.sort_.kind()) {
    case SortKind::Bool: return std::get<bool>(a.data_) <=> std::get<bool>(b.data_);
    case SortKind::Int:
    case SortKind::BitVec: {
      const auto& x = std::get<BigInt>(a.data_);
      const auto& y = std::get<BigInt>(b.data_);
      return x < y ? std::strong_ordering::less : (y < x ? std::strong_ordering::greater : std::strong_ordering::equal);
    }
    case SortKind::Real: {
      const auto& x = std::get<Rational>(a.data_);
      const auto& y = std::get<Rational>(b.data_);
      return x < y ? std::strong_ordering::less : (y < x ? std::strong_ordering::greater : std::strong_ordering::equal);
    }
  }
  return std::strong_ordering::equal;
}

}  // namespace symseq
