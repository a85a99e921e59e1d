#pragma once
// The JSON text of a GraphWalker model, with positions: nlohmann-json (3.11) checks the syntax
// and locates syntax errors but keeps no positions, so a small scanner walks the valid text
// again and records where every value and key starts, and, for strings, where every decoded
// byte came from, so an error inside a guard points at the character as written in the file
// (escapes such as \" and \u0026 included).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "symseq/support/Error.h"
#include "symseq/support/LineIndex.h"

namespace symseq::graphwalker {

// Line and column (1-based, columns count bytes) of byte offsets into one file.
class SourceText {
 public:
  SourceText(std::string_view text, std::string file);
  [[nodiscard]] SourceLocation at(std::size_t offset) const;
  [[nodiscard]] std::string_view text() const { return text_; }
  [[nodiscard]] const std::string& file() const { return file_; }

 private:
  std::string_view text_;
  std::string file_;
  LineIndex lines_;
};

struct JsonValue {
  enum class Kind : std::uint8_t { Object, Array, String, Number, Bool, Null };
  Kind kind = Kind::Null;
  std::size_t offset = 0;  // of the value's first character
  std::string text{};      // String: decoded; Number: as written; Bool: "true" or "false"
  // String: the file offset each decoded byte came from (its escape's backslash for an escape);
  // one more entry at the end, the closing quote.
  std::vector<std::size_t> from{};
  std::vector<std::pair<std::string, JsonValue>> members{};  // Object, in order
  std::vector<std::size_t> keyOffsets{};                     // Object: where each key starts
  std::vector<JsonValue> items{};                            // Array

  // The member named `key` (the last one when repeated); nullptr when absent.
  [[nodiscard]] const JsonValue* member(std::string_view key) const;
};

// "an object", "a string", ... for messages.
[[nodiscard]] std::string kindName(JsonValue::Kind kind);

// Checks the syntax with nlohmann-json (a ParseError at the file's line:col otherwise) and
// returns the document with positions.
[[nodiscard]] JsonValue parseJson(const SourceText& source);

}  // namespace symseq::graphwalker
