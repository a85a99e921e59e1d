#include "harness/TomlString.h"

namespace symseq::bench {

std::string tomlString(const std::string& text) {
  std::string out = "\"";
  for (char ch : text) {
    if (ch == '"' || ch == '\\') out += '\\';
    out += ch;
  }
  return out + "\"";
}

}  // namespace symseq::bench
