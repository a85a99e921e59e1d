#include "Lexer.h"

#include <array>
#include <cstdio>

namespace symseq::syntax {

namespace {

bool isIdentStart(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isIdentChar(char c) { return isIdentStart(c) || isDigit(c) || c == '.'; }
bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Longest match first, so "<=" wins over "<" and "^^" over "^".
constexpr std::string_view kPunct[] = {
    "=>", "||", "^^", "&&", "==", "!=", "<=", ">=", "<<", ">>",  //
    "(", ")", "[", "]", ",", "?", ":", "!", "~", "-", "+", "*", "/", "%", "<", ">", "|", "^", "&"};

std::string showChar(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (u >= 0x20 && u < 0x7f) return {'\'', c, '\''};
  std::array<char, 8> buf{};
  std::snprintf(buf.data(), buf.size(), "\\x%02x", u);
  return std::string("byte ") + buf.data();
}

}  // namespace

SourceLocation Locator::at(std::size_t offset) const {
  SourceLocation loc = start_;
  std::size_t lineStart = 0;
  bool sawNewline = false;
  for (std::size_t i = 0; i < offset && i < text_.size(); ++i) {
    if (text_[i] == '\n') {
      ++loc.line;
      lineStart = i + 1;
      sawNewline = true;
    }
  }
  // On the first line the text may start mid-line in the user's file.
  loc.column = static_cast<std::uint32_t>(sawNewline ? offset - lineStart + 1 : start_.column + offset);
  return loc;
}

std::string Locator::lineColumn(std::size_t offset) const {
  const SourceLocation loc = at(offset);
  return std::to_string(loc.line) + ":" + std::to_string(loc.column);
}

std::vector<Token> tokenize(std::string_view text, const Locator& locator) {
  std::vector<Token> tokens;
  std::size_t i = 0;
  while (true) {
    while (i < text.size() && isSpace(text[i])) ++i;
    if (i == text.size()) break;
    const std::size_t begin = i;
    const char c = text[i];
    if (isIdentStart(c) || isDigit(c)) {
      // A number literal is read as one word (2.5, 0xffbv8) and checked by the parser.
      while (i < text.size() && isIdentChar(text[i])) ++i;
      tokens.push_back({isDigit(c) ? TokenKind::Number : TokenKind::Identifier, text.substr(begin, i - begin), begin});
      continue;
    }
    bool matched = false;
    for (std::string_view p : kPunct) {
      if (text.substr(i, p.size()) == p) {
        tokens.push_back({TokenKind::Punct, text.substr(i, p.size()), begin});
        i += p.size();
        matched = true;
        break;
      }
    }
    if (!matched)
      throw ParseError("unexpected character " + showChar(c), locator.at(begin),
                       c == '=' ? "compare with '==', or write an implication as '=>'" : "");
  }
  tokens.push_back({TokenKind::End, {}, text.size()});
  return tokens;
}

std::string describe(const Token& t) {
  if (t.kind == TokenKind::End) return "end of input";
  std::string quoted;  // built by appending: GCC 12 warns falsely (-Wrestrict) on "'" + s + "'"
  quoted.reserve(t.text.size() + 2);
  quoted += '\'';
  quoted += t.text;
  quoted += '\'';
  return quoted;
}

}  // namespace symseq::syntax
