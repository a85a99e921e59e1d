#include "ScxmlSource.h"

#include <algorithm>
#include <cstdint>

namespace symseq::scxml {

namespace {
bool isXmlSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
}  // namespace

SourceText::SourceText(std::string_view text, std::string file) : text_(text), file_(std::move(file)), lines_(text) {}

SourceLocation SourceText::at(std::size_t offset) const { return lines_.at(offset, file_); }

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
