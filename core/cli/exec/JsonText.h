#pragma once
// JSON text read with positions and numbers kept as written: result.json and verdict traces are located at
// file:line:col, and adapter answers carry integers of any size and exact decimals. nlohmann-json
// (3.11) checks the syntax and locates syntax errors but keeps no positions and turns big numbers
// into doubles, so a small scanner walks the text again once it is known to be valid.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "symseq/support/Error.h"

namespace symseq::exec {

struct JsonNode {
  enum class Kind : std::uint8_t { Object, Array, String, Number, Bool, Null } kind = Kind::Null;
  std::size_t offset = 0;  // where the value starts in the text
  std::string text{};      // String: decoded; Number: as written; Bool: "true" or "false"
  std::vector<std::pair<std::string, JsonNode>> members{};  // Object, in order
  std::vector<std::size_t> keyOffsets{};                    // Object: where each key starts
  std::vector<JsonNode> items{};                            // Array

  // The last member named `key` (as JSON readers do), or null.
  [[nodiscard]] const JsonNode* member(std::string_view key) const;
};

// A syntax error: its message (nlohmann-json's, without its prefix) and the byte offset it names.
struct JsonSyntax {
  bool ok = true;
  std::string message{};
  std::size_t offset = 0;
};

// Checks `text`; on success `root` holds it.
[[nodiscard]] JsonSyntax parseJson(std::string_view text, JsonNode& root);

// Line and column (1-based, bytes) of `offset` in `text`.
[[nodiscard]] SourceLocation locate(std::string_view text, std::size_t offset, const std::string& file);

// `text` as a JSON string literal, quotes included.
[[nodiscard]] std::string jsonQuoted(std::string_view text);

}  // namespace symseq::exec
