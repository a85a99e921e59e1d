#pragma once
// A position-tracking scanner over a .iosts file: words, symbols, counts, and expression text
// that runs to a stop character outside brackets (a guard to its ']', a term to ';' or '}').
// '#' starts a comment anywhere; inside expression text it is blanked, so columns stay right.
#include <cstdint>
#include <string>
#include <string_view>

#include "IostsModel.h"

namespace symseq::iosts {

class Scanner {
 public:
  Scanner(std::string_view text, std::string file) : text_(text), file_(std::move(file)) {}

  [[nodiscard]] SourceLocation here() const { return {file_, line_, column_}; }
  [[nodiscard]] bool atEnd() const { return pos_ >= text_.size(); }
  [[nodiscard]] char peek() const { return atEnd() ? '\0' : text_[pos_]; }

  // Skips blanks and comments; newlines too unless `sameLine`.
  void skip(bool sameLine = false);
  // True at the end of the line or file (after blanks and a comment).
  [[nodiscard]] bool atLineEnd();
  // A name [A-Za-z_][A-Za-z0-9_]*, or an error saying what was expected.
  Name word(std::string_view what, bool sameLine = true);
  // True when the next word (without consuming it) is `w`.
  [[nodiscard]] bool nextWordIs(std::string_view w);
  bool accept(std::string_view symbol, bool sameLine = true);
  void expect(std::string_view symbol, std::string_view context, bool sameLine = true);
  // A positive integer literal (an array size, a bit-vector width is part of its sort's word).
  std::uint32_t count(std::string_view what);
  // Text up to the first character of `stops` outside (), [] (not consumed); may span lines.
  // An error at '{', '}' (unless a stop), the end of the file, or when the text is empty.
  ExprText until(std::string_view stops, std::string_view what);

  // What is next, for "found ..." in messages.
  [[nodiscard]] std::string found() const;
  [[noreturn]] void fail(const std::string& message, std::string hint = {}) const;
  [[noreturn]] static void failAt(SourceLocation where, const std::string& message, std::string hint = {});

 private:
  char advance();

  std::string_view text_;
  std::string file_;
  std::size_t pos_ = 0;
  std::uint32_t line_ = 1;
  std::uint32_t column_ = 1;
};

}  // namespace symseq::iosts
