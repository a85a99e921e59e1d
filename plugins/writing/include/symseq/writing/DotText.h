#pragma once
// Text for DOT files, shared by the model and tree pictures (the dot and tree writers).
#include <string>

#pragma GCC visibility push(default)

namespace symseq {

// `s` as a DOT string: quotes and backslashes escaped, line breaks as DOT's `\n`.
[[nodiscard]] inline std::string dotQuoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

}  // namespace symseq

#pragma GCC visibility pop
