#include "symseq/support/LineIndex.h"

#include <algorithm>
#include <cstdint>
#include <utility>

namespace symseq {

LineIndex::LineIndex(std::string_view text) {
  lineStarts_.push_back(0);
  for (std::size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n') lineStarts_.push_back(i + 1);
}

SourceLocation LineIndex::at(std::size_t offset, std::string file) const {
  const auto next = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset);
  const auto line = static_cast<std::size_t>(next - lineStarts_.begin());  // >= 1: lineStarts_[0] == 0
  return SourceLocation{std::move(file), static_cast<std::uint32_t>(line),
                        static_cast<std::uint32_t>(offset - lineStarts_[line - 1] + 1)};
}

}  // namespace symseq
