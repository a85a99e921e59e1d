#include "symseq/support/FoundText.h"

#include <cctype>

namespace symseq {

namespace {

bool isWordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

}  // namespace

std::string foundText(std::string_view text, std::size_t pos, bool wordsMayStartWithDigit) {
  if (pos >= text.size()) return "the end of the file";
  const char c = text[pos];
  if (c == '\n') return "the end of the line";
  const bool wordStart = std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_' ||
                         (wordsMayStartWithDigit && std::isdigit(static_cast<unsigned char>(c)) != 0);
  if (wordStart) {
    std::size_t end = pos;
    while (end < text.size() && isWordChar(text[end])) ++end;
    return "'" + std::string(text.substr(pos, end - pos)) + "'";
  }
  if (std::isprint(static_cast<unsigned char>(c)) == 0) {  // shown as a code, not raw bytes
    static constexpr char kHex[] = "0123456789abcdef";
    const auto byte = static_cast<unsigned char>(c);
    return std::string("the byte 0x") + kHex[byte >> 4] + kHex[byte & 15];
  }
  return "'" + std::string(1, c) + "'";
}

}  // namespace symseq
