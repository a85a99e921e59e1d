// Long literals and names in expressions (issue 16): values right at every chunk boundary of the
// literal conversion, a located error past the literal bound, and did-you-mean on huge names.
#include <doctest/doctest.h>

#include <string>

#include "ExprCheck.h"
#include "symseq/expr/Parser.h"

using namespace symseq;

namespace {

// Deterministic digits (a linear congruential sequence), so a failure is reproducible.
std::string digits(std::size_t n, unsigned base, unsigned seed) {
  std::string out;
  for (std::size_t i = 0; i < n; ++i) {
    seed = seed * 1103515245u + 12345u;
    out += "0123456789abcdef"[(seed >> 16) % base];
  }
  if (!out.empty() && out[0] == '0') out[0] = '1';
  return out;
}

// "line:col message" of the ParseError parsing `text` throws.
std::string errorOf(ExprContext& ctx, std::string_view text) {
  try {
    (void)parseExpr(ctx, text);
  } catch (const ParseError& e) {
    REQUIRE(e.location().has_value());
    return std::to_string(e.location()->line) + ":" + std::to_string(e.location()->column) + " " + e.message();
  }
  return "<no error>";
}

}  // namespace

TEST_CASE("long decimal, hexadecimal and real literals have the value Boost reads from their text") {
  ExprContext ctx;
  std::vector<std::size_t> lengths;
  for (std::size_t n = 1; n <= 80; ++n) lengths.push_back(n);  // every chunk boundary (19, 15 digits) and mix
  for (const std::size_t n : {152u, 285u, 999u, 4096u, 9990u}) lengths.push_back(n);
  for (const std::size_t n : lengths) {
    CAPTURE(n);
    const std::string dec = digits(n, 10, static_cast<unsigned>(n));
    CHECK_SAME(parseExpr(ctx, dec), ctx.intVal(BigInt(dec)));
    const std::string hex = digits(n, 16, static_cast<unsigned>(n) + 7);
    CHECK_SAME(parseExpr(ctx, "0x" + hex), ctx.intVal(BigInt("0x" + hex)));
    CHECK_SAME(parseExpr(ctx, "0" + hex + "h"), ctx.intVal(BigInt("0x" + hex)));
    const std::string fraction = digits(n, 10, static_cast<unsigned>(n) + 3);
    CHECK_SAME(parseExpr(ctx, "12." + fraction),
               ctx.realVal(Rational(BigInt("12" + fraction), boost::multiprecision::pow(BigInt(10), static_cast<unsigned>(n)))));
  }
  // The largest bit-vector value, 2^4096 - 1, in hexadecimal and in decimal.
  const BigInt largest = (BigInt(1) << 4096) - 1;
  CHECK_SAME(parseExpr(ctx, "0x" + std::string(1024, 'f') + "bv4096"), ctx.bvVal(4096, largest));
  CHECK_SAME(parseExpr(ctx, largest.str() + "bv4096"), ctx.bvVal(4096, largest));
  // Right at the bound.
  const std::string longest = digits(10'000, 10, 1);
  CHECK_SAME(parseExpr(ctx, longest), ctx.intVal(BigInt(longest)));
}

TEST_CASE("a number literal longer than 10000 characters is a located error") {
  ExprContext ctx;
  ctx.var("x", Sort::integer());
  const std::string hint =
      "symseq reads number literals of up to 10000 characters (8 times the largest bit-vector value, 2^4096, in "
      "decimal); a larger constant could not be printed, solved or written quickly";
  CHECK(errorOf(ctx, "x < " + digits(10'001, 10, 5)) ==
        "1:5 number literal of 10001 characters exceeds the limit of 10000");
  CHECK(errorOf(ctx, "x < 1" + std::string(1 << 20, '7')) ==
        "1:5 number literal of 1048577 characters exceeds the limit of 10000");
  CHECK(errorOf(ctx, "x <\n  0x" + std::string(20'000, 'f')) ==
        "2:3 number literal of 20002 characters exceeds the limit of 10000");
  CHECK(errorOf(ctx, "real(1, " + digits(10'001, 10, 2) + ")") ==
        "1:9 number literal of 10001 characters exceeds the limit of 10000");
  try {
    (void)parseExpr(ctx, "x < 1" + std::string(1 << 20, '7'));
  } catch (const ParseError& e) {
    CHECK(e.hint() == hint);
  }
}

TEST_CASE("an unknown name of a megabyte gets a did-you-mean only from a candidate within three edits") {
  ExprContext ctx;
  for (int i = 0; i < 100; ++i) ctx.var("v" + std::to_string(i), Sort::integer());
  const std::string huge(1 << 20, 'v');
  CHECK(errorOf(ctx, "v1 < " + huge) == "1:6 unknown variable '" + huge + "'");
  std::string near = huge;
  near[12345] = 'w';
  ctx.var(near, Sort::integer());
  CHECK(errorOf(ctx, "v1 < " + huge) == "1:6 unknown variable '" + huge + "'; did you mean '" + near + "'?");
}
