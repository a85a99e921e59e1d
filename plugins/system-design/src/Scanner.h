#pragma once
// The tokens of a `.design` file (docs/models/design.md): names, numbers and symbols with their
// positions; `--` and `//` comments and blanks dropped. Internal to the library.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "symseq/support/Error.h"

namespace symseq::design {

enum class TokenKind : std::uint8_t { Name, Int, Decimal, Symbol, End };

struct Token {
  TokenKind kind = TokenKind::End;
  std::string text;  // the name, the digits, or the symbol (`:=`, `|i|`, `(` ...)
  SourceLocation where;
  std::size_t offset = 0;  // into the file's text, for foundText
};

// Throws ParseError at the first character no token starts with. The last token is End.
[[nodiscard]] std::vector<Token> scan(std::string_view text, const std::string& file);

}  // namespace symseq::design
