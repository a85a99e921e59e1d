#pragma once
// Tokens of the infix expression syntax (see symseq/expr/Parser.h). Internal to the parser.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "symseq/support/Error.h"

namespace symseq::syntax {

enum class TokenKind : unsigned char { End, Identifier, Number, Punct };

struct Token {
  TokenKind kind = TokenKind::End;
  std::string_view text;   // a view into the parsed text
  std::size_t offset = 0;  // byte offset of the first character
};

// Maps byte offsets of the text to file:line:col, counting from where the text starts.
class Locator {
 public:
  Locator(std::string_view text, SourceLocation start) : text_(text), start_(std::move(start)) {}
  [[nodiscard]] SourceLocation at(std::size_t offset) const;
  // "line:col", for messages that point at another token.
  [[nodiscard]] std::string lineColumn(std::size_t offset) const;

 private:
  std::string_view text_;
  SourceLocation start_;
};

// Splits the whole text up front; throws ParseError at an unexpected character.
[[nodiscard]] std::vector<Token> tokenize(std::string_view text, const Locator& locator);

// "end of input" or the token in quotes, for "found ..." in messages.
[[nodiscard]] std::string describe(const Token& t);

}  // namespace symseq::syntax
