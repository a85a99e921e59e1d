#include "SyncScanner.h"
#include "symseq/support/FoundText.h"

#include <cctype>

namespace symseq::sync {

bool isIdentStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_'; }
bool isIdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

void Cursor::skip(bool sameLine) {
  while (!atEnd()) {
    const char c = peek();
    if (c == '#') {
      while (!atEnd() && peek() != '\n') advance();
    } else if (c == '\n' && sameLine) {
      return;
    } else if (std::isspace(static_cast<unsigned char>(c)) != 0) {
      advance();
    } else {
      return;
    }
  }
}

bool Cursor::atLineEnd() {
  skip(true);
  return atEnd() || peek() == '\n';
}

void Cursor::endLine(std::string_view after) {
  if (!atLineEnd()) fail("expected the end of the line after " + std::string(after) + ", found " + found());
  if (!atEnd()) advance();
}

bool Cursor::atWord() const { return isIdentStart(peek()); }

std::string Cursor::peekWord() {
  skip(true);
  std::size_t end = pos_;
  if (!isIdentStart(peek())) return {};
  while (end < text_.size() && isIdentChar(text_[end])) ++end;
  return std::string(text_.substr(pos_, end - pos_));
}

std::string Cursor::word(std::string_view what) {
  skip(true);
  if (!isIdentStart(peek())) fail("expected " + std::string(what) + ", found " + found());
  std::string w;
  while (!atEnd() && isIdentChar(peek())) w += advance();
  return w;
}

bool Cursor::acceptWord(std::string_view w) {
  skip(true);
  if (!wordAt(pos_, w)) return false;
  for (std::size_t i = 0; i < w.size(); ++i) advance();
  return true;
}

bool Cursor::accept(std::string_view symbol) {
  skip(true);
  if (text_.substr(pos_, symbol.size()) != symbol) return false;
  for (std::size_t i = 0; i < symbol.size(); ++i) advance();
  return true;
}

void Cursor::expect(std::string_view symbol, std::string_view context) {
  if (!accept(symbol)) fail("expected '" + std::string(symbol) + "' " + std::string(context) + ", found " + found());
}

std::uint32_t Cursor::number(std::string_view what) {
  skip(true);
  if (std::isdigit(static_cast<unsigned char>(peek())) == 0)
    fail("expected " + std::string(what) + ", found " + found());
  std::uint64_t value = 0;
  while (std::isdigit(static_cast<unsigned char>(peek())) != 0) {
    value = value * 10 + static_cast<std::uint64_t>(advance() - '0');
    if (value > 1000000) fail(std::string(what) + " is too large");
  }
  if (isIdentChar(peek())) fail("expected " + std::string(what) + ", found " + found());
  return static_cast<std::uint32_t>(value);
}

bool Cursor::wordAt(std::size_t pos, std::string_view w) const {
  if (text_.substr(pos, w.size()) != w) return false;
  if (pos > 0 && isIdentChar(text_[pos - 1])) return false;
  const std::size_t end = pos + w.size();
  return end >= text_.size() || !isIdentChar(text_[end]);
}

ExprText Cursor::expression(std::string_view what, std::initializer_list<std::string_view> stopWords,
                            std::string_view stopChars) {
  skip(true);
  ExprText e{"", here()};
  int depth = 0;
  while (!atEnd()) {
    const char c = peek();
    if (c == '#') {  // a comment: to the end of the line, kept out of the text
      while (!atEnd() && peek() != '\n') advance();
      continue;
    }
    if (depth == 0) {
      if (c == '\n' || stopChars.find(c) != std::string_view::npos) break;
      bool stop = false;
      for (std::string_view w : stopWords) stop = stop || wordAt(pos_, w);
      if (stop) break;
    }
    if (c == '(') ++depth;
    if (c == ')' && depth > 0) --depth;
    e.text += advance();
  }
  while (!e.text.empty() && std::isspace(static_cast<unsigned char>(e.text.back())) != 0) e.text.pop_back();
  if (e.text.empty()) fail("expected " + std::string(what) + ", found " + found());
  return e;
}

std::string Cursor::found() const { return foundText(text_, pos_, true); }

void Cursor::fail(const std::string& message, std::string hint) const {
  throw ParseError(message, here(), std::move(hint));
}

char Cursor::advance() {
  const char c = text_[pos_++];
  if (c == '\n') {
    ++line_;
    column_ = 1;
  } else {
    ++column_;
  }
  return c;
}

}  // namespace symseq::sync
