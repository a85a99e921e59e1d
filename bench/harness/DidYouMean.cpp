#include "harness/DidYouMean.h"

#include <algorithm>
#include <numeric>
#include <utility>
#include <vector>

namespace symseq::bench {

namespace {

// Levenshtein distance with one row, plus the swap of two adjacent characters (the commonest
// typo, "depht") as one edit: optimal string alignment, as symseq's own suggestions use.
std::size_t editDistance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> before(b.size() + 1), previous(b.size() + 1), row(b.size() + 1);
  std::iota(previous.begin(), previous.end(), std::size_t{0});
  for (std::size_t i = 1; i <= a.size(); ++i) {
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      row[j] = std::min({previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) row[j] = std::min(row[j], before[j - 2] + 1);
    }
    before = std::exchange(previous, row);
  }
  return previous[b.size()];
}

}  // namespace

std::string didYouMean(std::string_view word, const std::vector<std::string>& candidates) {
  const std::size_t limit = std::clamp<std::size_t>(word.size() / 3, 1, 3);
  const std::string* best = nullptr;
  std::size_t bestDistance = limit + 1;
  for (const std::string& c : candidates)
    if (const std::size_t d = editDistance(word, c); d < bestDistance) {
      bestDistance = d;
      best = &c;
    }
  return best ? "; did you mean '" + *best + "'?" : "";
}

}  // namespace symseq::bench
