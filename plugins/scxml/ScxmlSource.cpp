#include "ScxmlSource.h"

#include <algorithm>
#include <cstdint>

namespace symseq::scxml {

namespace {
bool isXmlSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
}  // namespace

SourceText::SourceText(std::string_view text, std::string file) : text_(text), file_(std::move(file)) {
  lineStarts_.push_back(0);
  for (std::size_t i = 0; i < text_.size(); ++i)
    if (text_[i] == '\n') lineStarts_.push_back(i + 1);
}

SourceLocation SourceText::at(std::size_t offset) const {
  const auto next = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset);
  const auto line = static_cast<std::size_t>(next - lineStarts_.begin());  // >= 1: lineStarts_[0] == 0
  return SourceLocation{file_, static_cast<std::uint32_t>(line),
                        static_cast<std::uint32_t>(offset - lineStarts_[line - 1] + 1)};
}

// pugixml has checked the document is well-formed, so the start tag is `name (S attr S? = S? q v q)* S? /?>`.
std::optional<RawAttribute> SourceText::attribute(std::size_t nameOffset, std::string_view name) const {
  std::size_t i = nameOffset;
  const auto n = text_.size();
  while (i < n && !isXmlSpace(text_[i]) && text_[i] != '>' && text_[i] != '/') ++i;  // the element name
  while (i < n) {
    while (i < n && isXmlSpace(text_[i])) ++i;
    if (i >= n || text_[i] == '>' || text_[i] == '/') return std::nullopt;
    const std::size_t nameBegin = i;
    while (i < n && !isXmlSpace(text_[i]) && text_[i] != '=') ++i;
    const std::string_view attrName = text_.substr(nameBegin, i - nameBegin);
    while (i < n && isXmlSpace(text_[i])) ++i;
    if (i >= n || text_[i] != '=') return std::nullopt;
    ++i;
    while (i < n && isXmlSpace(text_[i])) ++i;
    if (i >= n) return std::nullopt;
    const char quote = text_[i++];
    const std::size_t valueBegin = i;
    while (i < n && text_[i] != quote) ++i;
    if (attrName == name) return RawAttribute{text_.substr(valueBegin, i - valueBegin), valueBegin};
    ++i;  // the closing quote
  }
  return std::nullopt;
}

}  // namespace symseq::scxml
