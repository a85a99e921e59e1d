#include "symseq/support/DidYouMean.h"

#include <algorithm>

namespace symseq {

std::size_t editDistance(std::string_view a, std::string_view b) {
  // Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
  // adjacent characters each cost one, since a swap ("depht") is the commonest typo.
  const std::size_t n = a.size(), m = b.size();
  std::vector<std::vector<std::size_t>> d(n + 1, std::vector<std::size_t>(m + 1));
  for (std::size_t i = 0; i <= n; ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= m; ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= n; ++i) {
    for (std::size_t j = 1; j <= m; ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[n][m];
}

std::optional<std::string> closestMatch(std::string_view word, const std::vector<std::string>& candidates) {
  // Allow about one edit per three characters, at least one and at most three.
  const std::size_t limit = std::clamp<std::size_t>(word.size() / 3, 1, 3);
  std::optional<std::string> best;
  std::size_t bestDistance = limit + 1;
  for (const auto& c : candidates) {
    const std::size_t d = editDistance(word, c);
    if (d < bestDistance) {
      bestDistance = d;
      best = c;
    }
  }
  return best;
}

std::string didYouMean(std::string_view word, const std::vector<std::string>& candidates) {
  if (auto m = closestMatch(word, candidates)) return "; did you mean '" + *m + "'?";
  return {};
}

}  // namespace symseq
