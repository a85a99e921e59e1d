#include "IostsScanner.h"
#include "symseq/support/FoundText.h"

#include <cctype>

namespace symseq::iosts {

namespace {

bool isNameStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_'; }
bool isNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }
bool isBlank(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

}  // namespace

char Scanner::advance() {
  const char c = text_[pos_++];
  if (c == '\n') {
    ++line_;
    column_ = 1;
  } else {
    ++column_;
  }
  return c;
}

void Scanner::skip(bool sameLine) {
  while (!atEnd()) {
    const char c = peek();
    if (c == '#') {
      while (!atEnd() && peek() != '\n') advance();
    } else if (isBlank(c) && !(c == '\n' && sameLine)) {
      advance();
    } else {
      return;
    }
  }
}

bool Scanner::atLineEnd() {
  skip(true);
  return atEnd() || peek() == '\n';
}

Name Scanner::word(std::string_view what, bool sameLine) {
  skip(sameLine);
  Name n{"", here()};
  if (!isNameStart(peek())) fail("expected " + std::string(what) + ", found " + found());
  while (isNameChar(peek())) n.text += advance();
  return n;
}

bool Scanner::nextWordIs(std::string_view w) {
  skip();
  return text_.substr(pos_, w.size()) == w && (pos_ + w.size() == text_.size() || !isNameChar(text_[pos_ + w.size()]));
}

bool Scanner::accept(std::string_view symbol, bool sameLine) {
  skip(sameLine);
  if (text_.substr(pos_, symbol.size()) != symbol) return false;
  for (std::size_t i = 0; i < symbol.size(); ++i) advance();
  return true;
}

void Scanner::expect(std::string_view symbol, std::string_view context, bool sameLine) {
  if (!accept(symbol, sameLine))
    fail("expected '" + std::string(symbol) + "' " + std::string(context) + ", found " + found());
}

std::uint32_t Scanner::count(std::string_view what) {
  skip(true);
  const SourceLocation where = here();
  std::string digits;
  while (std::isdigit(static_cast<unsigned char>(peek())) != 0) digits += advance();
  if (digits.empty()) fail("expected " + std::string(what) + ", found " + found());
  if (digits.size() > 6 || std::stoul(digits) == 0)
    failAt(where, std::string(what) + " " + digits + " is out of range", "write a number from 1 to 999999");
  return static_cast<std::uint32_t>(std::stoul(digits));
}

ExprText Scanner::until(std::string_view stops, std::string_view what) {
  skip(stops.find('\n') != std::string_view::npos);
  ExprText e{"", here()};
  int depth = 0;
  while (true) {
    if (atEnd() && stops.find('\n') != std::string_view::npos) break;  // a line's text ends with the file
    if (atEnd())
      fail("expected " + std::string(what) + " to end before the end of the file",
           "close every '(', '[' and '{' you open");
    const char c = peek();
    if (depth == 0 && stops.find(c) != std::string_view::npos) break;
    if (c == '{' || c == '}')
      fail("expected " + std::string(what) + " to end before " + found(), "check the brackets and the ';'");
    if (c == '#') {  // blanked, so that the expression's columns stay those of the file
      while (!atEnd() && peek() != '\n') {
        advance();
        e.text += ' ';
      }
      continue;
    }
    if (c == '(' || c == '[') ++depth;
    if ((c == ')' || c == ']') && depth > 0) --depth;
    e.text += advance();
  }
  while (!e.text.empty() && isBlank(e.text.back())) e.text.pop_back();
  if (e.text.empty()) failAt(e.where, "expected " + std::string(what) + ", found " + found());
  return e;
}

std::string Scanner::found() const { return foundText(text_, pos_); }

void Scanner::fail(const std::string& message, std::string hint) const { failAt(here(), message, std::move(hint)); }

void Scanner::failAt(SourceLocation where, const std::string& message, std::string hint) {
  throw ParseError(message, std::move(where), std::move(hint));
}

}  // namespace symseq::iosts
