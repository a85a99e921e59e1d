#include "symseq/support/DidYouMean.h"

#include <algorithm>

namespace symseq {

namespace {

// Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
// adjacent characters each cost one, since a swap ("depht") is the commonest typo. Only
// distances up to `limit` are computed exactly; a larger one is reported as limit + 1. Cells
// farther than `limit` from the diagonal cannot lie on a path of cost <= limit, so each row
// computes 2 * limit + 1 cells: O(|a| * limit) time and O(|b|) memory, linear for the small limits
// of did-you-mean however long the words are (a 1 MB unknown name took seconds when the whole
// |a| x |b| table was filled).
std::size_t boundedDistance(std::string_view a, std::string_view b, std::size_t limit) {
  const std::size_t n = a.size(), m = b.size();
  const std::size_t over = limit + 1;  // "more than limit"; every cell is capped at it
  if ((n > m ? n - m : m - n) > limit) return over;
  // Rows i-2, i-1 and i of the table; a cell outside row i's band holds `over`.
  std::vector<std::size_t> before(m + 1, over), previous(m + 1, over), current(m + 1, over);
  for (std::size_t j = 0; j <= std::min(m, limit); ++j) previous[j] = j;
  for (std::size_t i = 1; i <= n; ++i) {
    const std::size_t lo = i > limit ? i - limit : 0;
    const std::size_t hi = std::min(m, i + limit);
    if (lo == 0)
      current[0] = std::min(i, over);
    else
      current[lo - 1] = over;
    std::size_t rowMin = lo == 0 ? current[0] : over;
    for (std::size_t j = std::max<std::size_t>(lo, 1); j <= hi; ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      std::size_t d = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d = std::min(d, before[j - 2] + 1);
      current[j] = std::min(d, over);
      rowMin = std::min(rowMin, current[j]);
    }
    if (hi + 1 <= m) current[hi + 1] = over;
    // A cell is at most one more than the cell above it (a deletion), so a row over the limit
    // follows one at the limit or over; a later cell comes from this row or, by a swap, from the
    // row above plus one: every later row is over the limit too.
    if (rowMin > limit) return over;
    std::swap(before, previous);
    std::swap(previous, current);
  }
  return previous[m];
}

}  // namespace

std::size_t editDistance(std::string_view a, std::string_view b) {
  return boundedDistance(a, b, std::max(a.size(), b.size()));
}

std::optional<std::string> closestMatch(std::string_view word, const std::vector<std::string>& candidates) {
  // Allow about one edit per three characters, at least one and at most three.
  const std::size_t limit = std::clamp<std::size_t>(word.size() / 3, 1, 3);
  std::optional<std::string> best;
  std::size_t bestDistance = limit + 1;
  for (const auto& c : candidates) {
    // Only a distance below the best so far matters; a length difference beyond it rules the
    // candidate out without looking at its characters (boundedDistance's first check).
    const std::size_t d = boundedDistance(word, c, bestDistance - 1);
    if (d < bestDistance) {
      bestDistance = d;
      best = c;
      if (d == 0) break;
    }
  }
  return best;
}

std::string didYouMean(std::string_view word, const std::vector<std::string>& candidates) {
  if (auto m = closestMatch(word, candidates)) return "; did you mean '" + *m + "'?";
  return {};
}

}  // namespace symseq
