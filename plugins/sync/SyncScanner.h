#pragma once
// A position-tracking cursor over a .sync file (docs/models/sync.md). Items are line-based; an
// expression runs to a stop word or character at parenthesis depth 0, and may span lines while
// a parenthesis is open. Internal to the plugin.
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

#include "symseq/support/Error.h"

namespace symseq::sync {

// An expression's text and where it starts in the file (for the kernel parser's locations).
struct ExprText {
  std::string text;
  SourceLocation where;
};

class Cursor {
 public:
  Cursor(std::string_view text, std::string file) : text_(text), file_(std::move(file)) {}

  [[nodiscard]] SourceLocation here() const { return {file_, line_, column_}; }
  [[nodiscard]] const std::string& file() const { return file_; }
  [[nodiscard]] bool atEnd() const { return pos_ >= text_.size(); }
  [[nodiscard]] char peek() const { return atEnd() ? '\0' : text_[pos_]; }

  // Skips blanks and comments; newlines too unless `sameLine`.
  void skip(bool sameLine);
  [[nodiscard]] bool atLineEnd();
  // Requires the end of the line (or file) and consumes the newline.
  void endLine(std::string_view after);

  [[nodiscard]] bool atWord() const;
  // The next identifier on this line without consuming it ("" when none).
  [[nodiscard]] std::string peekWord();
  // An identifier on this line, or an error saying what was expected.
  std::string word(std::string_view what);
  bool acceptWord(std::string_view w);
  bool accept(std::string_view symbol);
  void expect(std::string_view symbol, std::string_view context);
  // Decimal digits on this line.
  std::uint32_t number(std::string_view what);

  // An expression: up to a stop word or stop character at depth 0, or the end of the line.
  ExprText expression(std::string_view what, std::initializer_list<std::string_view> stopWords,
                      std::string_view stopChars);

  [[nodiscard]] std::string found() const;
  [[noreturn]] void fail(const std::string& message, std::string hint = {}) const;

 private:
  char advance();
  [[nodiscard]] bool wordAt(std::size_t pos, std::string_view w) const;

  std::string_view text_;
  std::string file_;
  std::size_t pos_ = 0;
  std::uint32_t line_ = 1;
  std::uint32_t column_ = 1;
};

[[nodiscard]] bool isIdentStart(char c);
[[nodiscard]] bool isIdentChar(char c);

}  // namespace symseq::sync
