#pragma once
// Line and column of byte offsets into one text, for readers whose parser (nlohmann-json, pugixml)
// reports byte offsets: built once per file, each lookup a binary search.
#include <cstddef>
#include <string_view>
#include <vector>

#include "symseq/support/Error.h"

#pragma GCC visibility push(default)

namespace symseq {

class LineIndex {
 public:
  explicit LineIndex(std::string_view text);
  // Line and column (1-based, columns count bytes) of `offset` in `file`.
  [[nodiscard]] SourceLocation at(std::size_t offset, std::string file) const;

 private:
  std::vector<std::size_t> lineStarts_;
};

}  // namespace symseq

#pragma GCC visibility pop
