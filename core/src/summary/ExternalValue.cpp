#include "symseq/summary/ExternalValue.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "symseq/summary/FunctionTable.h"
#include "symseq/support/Error.h"

namespace symseq {

namespace {

// The exact rational of the shortest decimal that reads back as `d` (so 0.97 is 97/100).
Rational shortestDecimal(double d) {
  char buffer[64];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, d, std::chars_format::scientific);
  const std::string text(buffer, end);  // d.ddde±x
  const std::size_t e = text.find('e');
  std::string mantissa = text.substr(0, e);
  const int exponent = std::stoi(text.substr(e + 1));
  const bool negative = !mantissa.empty() && mantissa[0] == '-';
  if (negative) mantissa.erase(0, 1);
  const std::size_t dot = mantissa.find('.');
  const int fractionDigits = dot == std::string::npos ? 0 : static_cast<int>(mantissa.size() - dot - 1);
  if (dot != std::string::npos) mantissa.erase(dot, 1);
  BigInt digits(mantissa);
  if (negative) digits = -digits;
  const int scale = exponent - fractionDigits;
  BigInt power = 1;
  for (int i = 0; i < std::abs(scale); ++i) power *= 10;
  return scale >= 0 ? Rational(digits * power) : Rational(digits, power);
}

}  // namespace

symseq_value toExternalValue(const Value& v, const std::string& function, std::size_t index) {
  symseq_value out{};
  switch (v.sort().kind()) {
    case SortKind::Int:
      if (v.asInt() < std::numeric_limits<std::int64_t>::min() || v.asInt() > std::numeric_limits<std::int64_t>::max())
        throw EvalError("argument " + std::to_string(index + 1) + " of " + function + " (" + v.toString() +
                        ") does not fit the C convention's int64_t");
      out.i = static_cast<std::int64_t>(v.asInt());
      break;
    case SortKind::Real: out.r = static_cast<double>(v.asReal()); break;
    case SortKind::Bool: out.b = v.asBool() ? 1 : 0; break;
    case SortKind::BitVec:
      throw EvalError(function + " takes a bit-vector, which the C convention of external functions does not cover");
  }
  return out;
}

Value fromExternalValue(const symseq_value& v, Sort sort, const std::string& function) {
  switch (sort.kind()) {
    case SortKind::Int: return Value::integer(BigInt(v.i));
    case SortKind::Real:
      if (!std::isfinite(v.r)) throw EvalError(function + " returned a real that is not finite");
      return Value::real(shortestDecimal(v.r));
    case SortKind::Bool: return Value::boolean(v.b != 0);
    case SortKind::BitVec: break;
  }
  throw EvalError(function + " returns a bit-vector, which the C convention of external functions does not cover");
}

Value callExternal(const FunctionDecl& f, std::span<const Value> args, const ExternalRun& run) {
  std::vector<symseq_value> in;
  in.reserve(args.size());
  for (std::size_t i = 0; i < args.size(); ++i) in.push_back(toExternalValue(args[i], f.name(), i));
  symseq_value out{};
  const std::int32_t code = run(in, out);
  if (code != 0) throw EvalError(callText(f.name(), args) + " failed with error code " + std::to_string(code));
  return fromExternalValue(out, f.result(), callText(f.name(), args));
}

ConfigError missingExternalSymbol(const std::filesystem::path& library, const std::string& symbol, const FunctionDecl& f) {
  return ConfigError("the library '" + library.string() + "' has no symbol '" + symbol + "' for the external function " +
                         f.signature(),
                     std::nullopt,
                     "export it with C linkage (extern \"C\", see core/include/symseq/external.h), or name the "
                     "right symbol under [externals.symbols]");
}

}  // namespace symseq
