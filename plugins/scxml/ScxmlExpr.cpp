#include "ScxmlExpr.h"

#include <array>
#include <optional>
#include <string_view>
#include <utility>

namespace symseq::scxml {

namespace {

constexpr const char* kSubsetHint =
    "symseq reads conditions and values in a small ECMAScript subset: && || ! == != === !== < <= > >= + - * "
    "( ), integer and boolean literals and <data> ids (docs/models/scxml.md)";

// One character of the attribute value after entity decoding, with the raw offset it came from.
struct Decoded {
  char c;
  std::size_t at;  // offset into the raw value
};

bool isIdentStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
}
bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isIdentChar(char c) { return isIdentStart(c) || isDigit(c); }
bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

class Translator {
 public:
  Translator(const RawAttribute& attr, const SourceText& source) : attr_(attr), source_(source) {}

  std::string run() {
    decode();
    std::string out(attr_.raw.size(), ' ');
    for (std::size_t i = 0; i < attr_.raw.size(); ++i)
      if (attr_.raw[i] == '\n') out[i] = '\n';  // the kernel parser counts lines itself
    std::size_t i = 0;
    while (i < chars_.size()) {
      if (isSpace(chars_[i].c)) {
        ++i;
        continue;
      }
      const auto [text, length] = token(i);
      out.replace(chars_[i].at, text.size(), text);
      i += length;
    }
    return out;
  }

 private:
  [[noreturn]] void fail(std::size_t rawAt, const std::string& message, const std::string& hint = kSubsetHint) const {
    throw ParseError(message, source_.at(attr_.offset + rawAt), hint);
  }

  void decode() {
    static constexpr std::array<std::pair<std::string_view, char>, 5> kEntities{
        {{"lt", '<'}, {"gt", '>'}, {"amp", '&'}, {"quot", '"'}, {"apos", '\''}}};
    const std::string_view raw = attr_.raw;
    for (std::size_t i = 0; i < raw.size();) {
      const char c = raw[i];
      if (static_cast<unsigned char>(c) >= 0x80) fail(i, "a non-ASCII character is outside the expression subset");
      if (c != '&') {
        chars_.push_back({c, i});
        ++i;
        continue;
      }
      const std::size_t semi = raw.find(';', i);
      if (semi == std::string_view::npos) fail(i, "'&' must start an entity reference such as &amp;");
      const std::string_view name = raw.substr(i + 1, semi - i - 1);
      std::optional<char> value;
      for (const auto& [entity, ch] : kEntities)
        if (name == entity) value = ch;
      if (!value && name.size() > 1 && name[0] == '#') {
        const bool hex = name[1] == 'x';
        long code = 0;
        for (const char d : name.substr(hex ? 2 : 1)) {
          const int digit = isDigit(d) ? d - '0' : (hex && d >= 'a' && d <= 'f') ? d - 'a' + 10
                                                   : (hex && d >= 'A' && d <= 'F') ? d - 'A' + 10 : -1;
          if (digit < 0 || code > 0x10FFFF) {
            code = -1;
            break;
          }
          code = code * (hex ? 16 : 10) + digit;
        }
        if (code >= 0 && code < 0x80) value = static_cast<char>(code);
      }
      if (!value) fail(i, "unknown or non-ASCII entity '&" + std::string(name) + ";' in an expression");
      chars_.push_back({*value, i});
      i = semi + 1;
    }
  }

  [[nodiscard]] char peek(std::size_t i) const { return i < chars_.size() ? chars_[i].c : '\0'; }

  // The kernel text of the token starting at chars_[i] and the number of decoded characters it takes.
  std::pair<std::string, std::size_t> token(std::size_t i) const {
    const char c = chars_[i].c;
    const std::size_t at = chars_[i].at;
    if (isIdentStart(c)) {
      std::size_t j = i;
      std::string word;
      while (j < chars_.size() && isIdentChar(chars_[j].c)) word += chars_[j++].c;
      std::size_t k = j;
      while (k < chars_.size() && isSpace(chars_[k].c)) ++k;
      if (peek(k) == '(') {
        if (word == "In")
          fail(at, "In() is outside the expression subset: the flattened model has no state predicate",
               "keep what the condition needs in a bool <data>, assigned by the transitions that enter and leave "
               "the state, and test that");
        fail(at, "calling '" + word + "' is outside the expression subset (no functions)");
      }
      if (word != "true" && word != "false" && (isReservedName(word) || isScriptWord(word)))
        fail(at, "'" + word + "' is outside the expression subset");
      return {word, j - i};
    }
    if (isDigit(c)) {
      std::size_t j = i;
      std::string number;
      while (j < chars_.size() && (isIdentChar(chars_[j].c) || chars_[j].c == '.')) number += chars_[j++].c;
      for (const char d : number)
        if (!isDigit(d)) fail(at, "'" + number + "': only decimal integer literals are in the expression subset");
      return {number, j - i};
    }
    const char d = peek(i + 1);
    const char e = peek(i + 2);
    if ((c == '=' || c == '!') && d == '=' && e == '=') return {std::string{c, '='}, 3};  // === is == on ints and bools
    if ((c == '=' || c == '!' || c == '<' || c == '>') && d == '=') return {std::string{c, d}, 2};
    if ((c == '&' && d == '&') || (c == '|' && d == '|')) return {std::string{c, d}, 2};
    if ((c == '+' && d == '+') || (c == '-' && d == '-'))
      fail(at, std::string("'") + c + d + "' is outside the expression subset (no increments)");
    switch (c) {
      case '<': case '>': case '!': case '+': case '-': case '*': case '(': case ')':
        return {std::string(1, c), 1};
      case '=':
        fail(at, "'=' assigns in ECMAScript; compare with '==' (assign with <assign location= expr=>)");
      case '\'': case '"':
        fail(at, "strings are outside the expression subset (the data model holds ints and bools)");
      case '&': case '|': case '^': case '~':
        fail(at, std::string("bitwise '") + c + "' is outside the expression subset");
      default:
        fail(at, std::string("'") + c + "' is outside the expression subset");
    }
  }

  static bool isScriptWord(std::string_view w) {
    static constexpr std::array<std::string_view, 18> kWords{
        "null", "undefined", "NaN", "Infinity", "typeof", "instanceof", "new", "this", "var", "let", "const",
        "function", "in", "delete", "void", "_event", "_sessionid", "_name"};
    for (const auto k : kWords)
      if (w == k) return true;
    return w == "_ioprocessors" || w == "_x";
  }

  const RawAttribute& attr_;
  const SourceText& source_;
  std::vector<Decoded> chars_;
};

}  // namespace

void DataScope::add(const std::string& name, Expr var) {
  vars_.emplace(name, var);
  names_.push_back(name);
}

std::optional<Expr> DataScope::lookupVariable(std::string_view name) const {
  const auto it = vars_.find(name);
  if (it == vars_.end()) return std::nullopt;
  return it->second;
}

std::string translateScript(const RawAttribute& attr, const SourceText& source) {
  return Translator(attr, source).run();
}

Expr parseScript(ExprContext& ctx, const RawAttribute& attr, const SourceText& source, const Scope& scope) {
  const std::string text = translateScript(attr, source);
  ParseOptions options;
  options.start = source.at(attr.offset);
  options.scope = &scope;
  return parseExpr(ctx, text, options);
}

}  // namespace symseq::scxml
