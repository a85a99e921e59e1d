#pragma once
// A table of text cells, rendered as Markdown (reports, compare) or CSV (reports).
#include <string>
#include <vector>

namespace symseq::bench {

struct Table {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::vector<bool> numeric;  // right-aligned in Markdown; missing entries are text

  [[nodiscard]] std::string markdown() const;
  [[nodiscard]] std::string csv() const;  // RFC 4180 quoting
};

// "%g"-style text of a number, at most `digits` significant digits.
[[nodiscard]] std::string number(double value, int digits = 4);

}  // namespace symseq::bench
