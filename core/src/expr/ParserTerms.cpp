// The leaves of the syntax (number and rational literals, names, calls) and the parser's
// error messages. See ParserImpl.h.
#include "ParserImpl.h"
#include "symseq/support/DidYouMean.h"

namespace symseq {

namespace {

constexpr std::string_view kReserved[] = {"true", "false", "real", "to_real", "slt", "sle",
                                          "sgt",  "sge",   "sdiv", "srem"};

// The longest number literal read, in characters: eight times the longest bit-vector literal
// in decimal (2^4096 has 1,234 digits). Parsing a longer one would be quick (digitsValue), but
// every later stage (the normal form, SMT-LIB for the solvers, result files) prints it with
// Boost's decimal conversion, which is quadratic: a 1 MB literal took minutes there.
constexpr std::size_t kMaxLiteralLength = 10'000;

// What fail() says of a literal longer than that: the message and the hint.
struct TooLong {
  std::string message;
  std::string hint;
};
std::optional<TooLong> tooLong(std::string_view literal) {
  if (literal.size() <= kMaxLiteralLength) return std::nullopt;
  const std::string bound = std::to_string(kMaxLiteralLength);
  return TooLong{"number literal of " + std::to_string(literal.size()) + " characters exceeds the limit of " + bound,
                 "symseq reads number literals of up to " + bound +
                     " characters (8 times the largest bit-vector value, 2^4096, in decimal); a larger constant "
                     "could not be printed, solved or written quickly"};
}

bool allDigits(std::string_view s, bool hex) {
  if (s.empty()) return false;
  for (char c : s) {
    const bool digit = c >= '0' && c <= '9';
    const bool hexLetter = (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    if (!digit && !(hex && hexLetter)) return false;
  }
  return true;
}

// The value of a run of digits, in time subquadratic in their number: digit by digit
// (value = value * base + d) is quadratic and took 49 s for a literal of a million digits. The
// digits are cut into chunks that fit a machine word, and the chunks combined pairwise, so the
// large multiplications are few and balanced (Boost's cpp_int multiplies those by Karatsuba).
BigInt digitsValue(std::string_view s, unsigned base) {
  // Digits per chunk: base^chunk < 2^64 (10^19, 16^15).
  const std::size_t chunk = base == 10 ? 19 : 15;
  const std::size_t chunks = (s.size() + chunk - 1) / chunk;
  std::vector<BigInt> values;
  values.reserve(chunks);
  // The first chunk takes the remainder, so every other one is full.
  const std::size_t first = s.size() - (chunks == 0 ? 0 : (chunks - 1) * chunk);
  for (std::size_t at = 0, length = first; at < s.size(); at += length, length = chunk) {
    std::uint64_t v = 0;
    for (const char c : s.substr(at, length))
      v = v * base + (c <= '9' ? static_cast<unsigned>(c - '0') : static_cast<unsigned>((c | 0x20) - 'a' + 10));
    values.emplace_back(v);
  }
  // Combine neighbours, most significant first; after each round a value stands for twice as
  // many digits as before, except a leading odd one out, which keeps fewer.
  BigInt scale = 1;
  for (std::size_t i = 0; i < chunk; ++i) scale *= base;
  while (values.size() > 1) {
    const std::size_t odd = values.size() % 2;
    std::vector<BigInt> next;
    next.reserve(values.size() / 2 + odd);
    if (odd == 1) next.push_back(std::move(values[0]));
    for (std::size_t i = odd; i + 1 < values.size(); i += 2) next.push_back(values[i] * scale + values[i + 1]);
    values = std::move(next);
    if (values.size() > 1) scale *= scale;
  }
  return values.empty() ? BigInt(0) : std::move(values[0]);
}
}  // namespace

bool isReservedName(std::string_view name) {
  for (std::string_view r : kReserved)
    if (r == name) return true;
  return false;
}

namespace syntax {

Expr Parser::parseNumber(const Token& t, bool negative) {
  if (const auto problem = tooLong(t.text)) fail(t, problem->message, problem->hint);
  const std::string_view text = t.text;
  const std::string hint = "write an integer (42, 0x2A, 2Ah), a real (2.5) or a bit-vector (255bv8, 0xffbv8)";
  const bool hex = text.size() > 1 && (text[1] == 'x' || text[1] == 'X') && text[0] == '0';
  const std::size_t bv = text.rfind("bv");
  // Hexadecimal integers: 0x1F, and the card world's 1Fh (seed-requirements 2.9 item 10). The
  // lexer only makes digit-first words numbers, so h1F and Fh stay names.
  const bool suffixHex = !hex && text.size() > 1 && (text.back() == 'h' || text.back() == 'H');
  if ((hex || suffixHex) && bv == std::string_view::npos) {
    const std::string_view digits = hex ? text.substr(2) : text.substr(0, text.size() - 1);
    if (!allDigits(digits, true))
      fail(t, "invalid hexadecimal literal '" + std::string(text) + "'",
           "write an integer in hexadecimal as 0x1F or 1Fh (a bit-vector as 0xffbv8)");
    const BigInt value = digitsValue(digits, 16);
    return ctx_.intVal(negative ? BigInt(-value) : value);
  }
  if (bv != std::string_view::npos) {
    const std::string_view digits = text.substr(hex ? 2 : 0, bv - (hex ? 2 : 0));
    const std::string_view widthText = text.substr(bv + 2);
    if (!allDigits(digits, hex) || !allDigits(widthText, false))
      fail(t, "invalid bit-vector literal '" + std::string(text) + "'", "write it like 255bv8 or 0xffbv8");
    const BigInt width = digitsValue(widthText, 10);
    if (width < 1 || width > Sort::kMaxBitVecWidth)
      fail(t, "bit-vector width " + width.str() + " is out of range",
           "use a width from 1 to " + std::to_string(Sort::kMaxBitVecWidth));
    const auto w = static_cast<std::uint32_t>(width);
    const BigInt value = digitsValue(digits, hex ? 16 : 10);
    if (value >= (BigInt(1) << w))
      fail(t, "literal " + std::string(text) + " does not fit in " + std::to_string(w) + " bits",
           "the largest bv" + std::to_string(w) + " value is " + ((BigInt(1) << w) - 1).str());
    return ctx_.bvVal(w, value);
  }
  if (const std::size_t dot = text.find('.'); dot != std::string_view::npos) {
    const std::string_view whole = text.substr(0, dot);
    const std::string_view fraction = text.substr(dot + 1);
    if (!allDigits(whole, false) || !allDigits(fraction, false))
      fail(t, "invalid number literal '" + std::string(text) + "'", hint);
    // 10^digits by squaring: one multiplication per digit was quadratic in a long fraction.
    const BigInt denominator = boost::multiprecision::pow(BigInt(10), static_cast<unsigned>(fraction.size()));
    BigInt numerator = digitsValue(whole, 10) * denominator + digitsValue(fraction, 10);
    if (negative) numerator = -numerator;
    return ctx_.realVal(Rational(numerator, denominator));
  }
  if (!allDigits(text, false)) fail(t, "invalid number literal '" + std::string(text) + "'", hint);
  const BigInt value = digitsValue(text, 10);
  return ctx_.intVal(negative ? BigInt(-value) : value);
}

// real(N, D): a rational literal from two integer literals; N may carry a '-'.
Expr Parser::parseRational() {
  if (!isPunct("("))
    fail(peek(), "expected '(' after 'real', found " + syntax::describe(peek()), "write a rational as real(1, 3)");
  const Token& open = advance();
  const BigInt numerator = parseIntegerLiteral("numerator");
  if (!accept(","))
    fail(peek(), "expected ',' after the numerator of real(N, D), found " + syntax::describe(peek()));
  const Token& denominatorToken = peek();
  const BigInt denominator = parseIntegerLiteral("denominator");
  if (denominator == 0) fail(denominatorToken, "the denominator of real(N, D) must not be zero");
  expectClose(open);
  return ctx_.realVal(Rational(numerator, denominator));
}

BigInt Parser::parseIntegerLiteral(std::string_view role) {
  const bool negative = role == "numerator" && accept("-");
  const Token& t = peek();
  if (t.kind != TokenKind::Number || !allDigits(t.text, false))
    fail(t, "expected an integer literal for the " + std::string(role) + " of real(N, D), found " +
                syntax::describe(t),
         "write a rational as real(1, 3) or real(-1, 3)");
  if (const auto problem = tooLong(t.text)) fail(t, problem->message, problem->hint);
  advance();
  const BigInt value = digitsValue(t.text, 10);
  return negative ? BigInt(-value) : value;
}

Expr Parser::variable(const Token& name) const {
  const std::string text(name.text);
  if (syntax::builtinCall(text))
    fail(name, "'" + text + "' is a builtin; call it as " + text + (text == "to_real" ? "(x)" : "(a, b)"));
  if (auto v = scope_.lookupVariable(text)) return *v;
  if (scope_.lookupFunction(text) != nullptr) fail(name, "'" + text + "' is a function; call it as " + text + "(...)");
  if (scope_.lookupArray(text) != nullptr)
    fail(name, "'" + text + "' is an array, not a value; index it, as in " + text + "[0]",
         "a whole array can only be passed to a function with an array parameter");
  fail(name, "unknown variable '" + text + "'" + didYouMean(text, scope_.variableNames()));
}

// A bare array name as a whole call argument (followed by ',' or ')'), if the next token is one.
const std::vector<Expr>* Parser::wholeArrayArgument() const {
  if (peek().kind != TokenKind::Identifier || pos_ + 1 >= tokens_.size()) return nullptr;
  const Token& after = tokens_[pos_ + 1];
  if (after.kind != TokenKind::Punct || (after.text != "," && after.text != ")")) return nullptr;
  return scope_.lookupArray(peek().text);
}

Expr Parser::cell(const Token& name, const std::vector<Expr>& cells, Expr index, const Token& indexStart) {
  const std::string text(name.text);
  if (!index.sort().isInt())
    fail(indexStart, "the index of array '" + text + "' has sort " + index.sort().toString() + ", expected int");
  if (cells.empty()) fail(name, "array '" + text + "' has no cells");
  const std::string range = "0 to " + std::to_string(cells.size() - 1);
  if (index.isConst()) {
    const BigInt& k = index.value().asInt();
    if (k < 0 || k >= cells.size())
      fail(indexStart, "index " + k.str() + " is out of range for array '" + text + "' of " +
                           std::to_string(cells.size()) + " cells",
           "valid indices are " + range);
    return cells[static_cast<std::size_t>(k)];
  }
  // ite(i == 0, A[0], ite(i == 1, A[1], ... A[n-1])): an index out of range reads the last cell.
  Expr read = cells.back();
  for (std::size_t k = cells.size() - 1; k-- > 0;)
    read = ctx_.mkIte(ctx_.mkEq(index, ctx_.intVal(static_cast<long>(k))), cells[k], read);
  return read;
}

void Parser::checkCallee(const Token& name) const {
  const std::string text(name.text);
  if (syntax::builtinCall(text) || scope_.lookupFunction(text) != nullptr) return;
  if (scope_.lookupVariable(text)) fail(name, "'" + text + "' is a variable, not a function");
  std::vector<std::string> candidates = scope_.functionNames();
  for (std::string_view r : kReserved)
    if (syntax::builtinCall(r) || r == "real") candidates.emplace_back(r);
  fail(name, "unknown function '" + text + "'" + didYouMean(text, candidates));
}

Expr Parser::finishCall(const Token& name, const std::vector<Expr>& args) {
  const std::string text(name.text);
  if (const auto builtin = syntax::builtinCall(text)) {
    const std::size_t arity = *builtin == Op::ToReal ? 1 : 2;
    if (args.size() != arity)
      fail(name, "'" + text + "' takes " + std::to_string(arity) + " argument" + (arity == 1 ? "" : "s") + ", got " +
                     std::to_string(args.size()),
           "call it as " + text + (arity == 1 ? "(x)" : "(a, b)"));
    return make(*builtin, args, name);
  }
  const FunctionDecl& f = *scope_.lookupFunction(text);
  if (args.size() != f.params().size())
    fail(name, "function '" + f.name() + "' takes " + std::to_string(f.params().size()) + " argument" +
                   (f.params().size() == 1 ? "" : "s") + ", got " + std::to_string(args.size()),
         "its signature is " + f.signature());
  try {
    return ctx_.apply(f, args);
  } catch (const SortError& e) {
    throw SortError(e.message(), locator_.at(name.offset), e.hint());
  }
}

void Parser::failExpected(std::string_view what, std::size_t openOffset) const {
  std::string message = "expected " + std::string(what);
  if (openOffset != std::string_view::npos) message += " at " + locator_.lineColumn(openOffset);
  fail(peek(), message + ", found " + syntax::describe(peek()));
}

void Parser::failArguments(const Token& name, const Token& open) const {
  fail(peek(), "expected ',' or ')' to close '(' at " + locator_.lineColumn(open.offset) + " in the call of '" +
                   std::string(name.text) + "', found " + syntax::describe(peek()));
}

void Parser::failChained(const Token& op, int level) const {
  if (level == syntax::kRelation)
    fail(op, "comparisons do not chain: '" + std::string(op.text) + "' follows another comparison",
         "write 'a < b && b < c' instead of 'a < b < c'");
  fail(op, "'" + std::string(op.text) + "' does not chain with another '==' or '!='",
       "use parentheses, e.g. '(a == b) == c'");
}

void Parser::fail(const Token& at, std::string message, std::string hint) const {
  throw ParseError(std::move(message), locator_.at(at.offset), std::move(hint));
}

void Parser::expectClose(const Token& open) {
  if (accept(")")) return;
  failExpected("')' to close '('", open.offset);
}

}  // namespace syntax

}  // namespace symseq
