#include "symseq/solver/NumeralText.h"

#include <string>

#include "symseq/support/Error.h"

namespace symseq {

namespace {
bool isDigits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}
}  // namespace

BigInt parseIntegerText(std::string_view text) {
  const bool negative = !text.empty() && text.front() == '-';
  const std::string_view digits = negative ? text.substr(1) : text;
  // cpp_int's string constructor also takes hex and octal prefixes; insist on plain decimal.
  if (!isDigits(digits)) throw SolverError("the solver returned a malformed integer '" + std::string(text) + "'");
  BigInt value(std::string{digits});
  return negative ? BigInt(-value) : value;
}

Rational parseRationalText(std::string_view text) {
  const auto slash = text.find('/');
  if (slash == std::string_view::npos) return Rational(parseIntegerText(text));
  const BigInt num = parseIntegerText(text.substr(0, slash));
  const std::string_view denText = text.substr(slash + 1);
  if (!isDigits(denText)) throw SolverError("the solver returned a malformed rational '" + std::string(text) + "'");
  const BigInt den(std::string{denText});
  if (den == 0) throw SolverError("the solver returned a rational with denominator 0: '" + std::string(text) + "'");
  return Rational(num, den);
}

}  // namespace symseq
