#include "Scanner.h"

#include <array>
#include <cctype>

#include "symseq/support/FoundText.h"

namespace symseq::design {

namespace {

bool isNameStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_'; }
bool isNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }
bool isDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

// Longest first, so `:=` wins over `:` and `|i|`, `||` over `|`.
constexpr std::array<std::string_view, 25> kSymbols = {
    "|i|", ":=", "->", "<>", "<=", ">=", "!=", "||", "|", "(", ")", "{", "}",
    ",",   ";",  ":",  ".",  "=",  "<",  ">",  "+", "-", "*", "&", "!"};

class Scanner {
 public:
  Scanner(std::string_view text, const std::string& file) : text_(text), file_(file) {}

  std::vector<Token> run() {
    std::vector<Token> tokens;
    for (skipBlanks(); pos_ < text_.size(); skipBlanks()) tokens.push_back(next());
    tokens.push_back(Token{TokenKind::End, "", here(), pos_});
    return tokens;
  }

 private:
  [[nodiscard]] SourceLocation here() const { return {file_, line_, column_}; }
  [[nodiscard]] bool at(std::string_view s) const { return text_.substr(pos_, s.size()) == s; }

  void advance(std::size_t n) {
    for (std::size_t i = 0; i < n && pos_ < text_.size(); ++i) {
      if (text_[pos_++] == '\n') {
        ++line_;
        column_ = 1;
      } else {
        ++column_;
      }
    }
  }

  void skipBlanks() {
    while (pos_ < text_.size()) {
      if (at("--") || at("//")) {
        while (pos_ < text_.size() && text_[pos_] != '\n') advance(1);
      } else if (std::isspace(static_cast<unsigned char>(text_[pos_])) != 0) {
        advance(1);
      } else {
        return;
      }
    }
  }

  Token next() {
    Token t{TokenKind::Symbol, "", here(), pos_};
    const char c = text_[pos_];
    std::size_t end = pos_;
    if (isNameStart(c)) {
      while (end < text_.size() && isNameChar(text_[end])) ++end;
      t.kind = TokenKind::Name;
    } else if (isDigit(c)) {
      while (end < text_.size() && isDigit(text_[end])) ++end;
      t.kind = TokenKind::Int;
      // `5.25` is a decimal; `5.` followed by no digit stays the integer 5.
      if (end + 1 < text_.size() && text_[end] == '.' && isDigit(text_[end + 1])) {
        ++end;
        while (end < text_.size() && isDigit(text_[end])) ++end;
        t.kind = TokenKind::Decimal;
      }
      if (end < text_.size() && isNameStart(text_[end]))
        throw ParseError("expected a number, found " + foundText(text_, pos_, true), here(),
                         "separate the number from the name that follows it");
    } else {
      for (const std::string_view s : kSymbols) {
        if (at(s)) {
          end = pos_ + s.size();
          break;
        }
      }
      if (end == pos_)
        throw ParseError("unexpected " + foundText(text_, pos_), here(),
                         "a .design file holds names, numbers, `--` comments and the symbols of "
                         "docs/models/design.md");
    }
    t.text = std::string(text_.substr(pos_, end - pos_));
    advance(end - pos_);
    return t;
  }

  std::string_view text_;
  const std::string& file_;
  std::size_t pos_ = 0;
  std::uint32_t line_ = 1;
  std::uint32_t column_ = 1;
};

}  // namespace

std::vector<Token> scan(std::string_view text, const std::string& file) { return Scanner(text, file).run(); }

}  // namespace symseq::design
