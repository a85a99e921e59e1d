#pragma once
// The raw text of an SCXML file, for locating what pugixml reports as byte offsets: a line:col
// for an offset, and the raw (still entity-escaped) value of an attribute with its offset, so an
// error inside `cond="x &lt; y +"` points at the character the user wrote.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "symseq/support/Error.h"
#include "symseq/support/LineIndex.h"

namespace symseq::scxml {

struct RawAttribute {
  std::string_view raw;  // between the quotes, as written
  std::size_t offset = 0;  // of the value's first character in the file
};

class SourceText {
 public:
  SourceText(std::string_view text, std::string file);

  // Line and column (1-based, columns count bytes) of a byte offset into the file.
  [[nodiscard]] SourceLocation at(std::size_t offset) const;
  // The raw value of attribute `name` in the start tag whose element name begins at
  // `nameOffset` (pugixml's offset_debug); none when the tag has no such attribute.
  [[nodiscard]] std::optional<RawAttribute> attribute(std::size_t nameOffset, std::string_view name) const;
  [[nodiscard]] std::string_view text() const { return text_; }
  [[nodiscard]] const std::string& file() const { return file_; }

 private:
  std::string_view text_;
  std::string file_;
  LineIndex lines_;
};

}  // namespace symseq::scxml
