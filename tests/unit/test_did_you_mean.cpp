#include <doctest/doctest.h>

#include <algorithm>
#include <optional>

#include "symseq/support/DidYouMean.h"

using namespace symseq;

TEST_CASE("editDistance counts insertions, deletions and substitutions") {
  CHECK(editDistance("", "") == 0);
  CHECK(editDistance("abc", "") == 3);
  CHECK(editDistance("", "abc") == 3);
  CHECK(editDistance("kitten", "sitting") == 3);
  CHECK(editDistance("seed", "seed") == 0);
  CHECK(editDistance("wieght", "weight") == 1);  // a swap of adjacent letters is one edit
}

TEST_CASE("closestMatch allows about one edit per three characters") {
  const std::vector<std::string> keys{"name", "query_timeout_ms", "log_smt2"};
  CHECK(closestMatch("nme", keys) == std::optional<std::string>("name"));
  CHECK(closestMatch("query_timout_ms", keys) == std::optional<std::string>("query_timeout_ms"));
  CHECK(closestMatch("log_smt", keys) == std::optional<std::string>("log_smt2"));
  CHECK_FALSE(closestMatch("banana", keys).has_value());
  CHECK_FALSE(closestMatch("x", std::vector<std::string>{}).has_value());
}

TEST_CASE("closestMatch breaks ties by the candidates' order") {
  CHECK(closestMatch("ab", {"ax", "xb"}) == std::optional<std::string>("ax"));
  CHECK(closestMatch("ab", {"xb", "ax"}) == std::optional<std::string>("xb"));
}

TEST_CASE("didYouMean renders a suggestion or nothing") {
  CHECK(didYouMean("z4", {"cvc5", "z3"}) == "; did you mean 'z3'?");
  CHECK(didYouMean("yices", {"cvc5", "z3"}).empty());
}

namespace {

// The textbook table, filled whole: the reference the banded computation must agree with.
std::size_t fullTableDistance(std::string_view a, std::string_view b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

}  // namespace

TEST_CASE("editDistance and closestMatch agree with the full table on every pair of short words") {
  // All words over {a, b, c} up to length 4: swaps, repeats and length differences of every kind.
  std::vector<std::string> words{""};
  for (std::size_t k = 0; k < words.size() && words.size() < 121; ++k)
    if (words[k].size() < 4)
      for (const char c : {'a', 'b', 'c'}) words.push_back(words[k] + c);
  for (const auto& a : words)
    for (const auto& b : words) {
      CAPTURE(a);
      CAPTURE(b);
      CHECK(editDistance(a, b) == fullTableDistance(a, b));
    }
  for (const auto& w : words) {
    // The first candidate at the least distance, if within the limit.
    const std::size_t limit = std::clamp<std::size_t>(w.size() / 3, 1, 3);
    std::optional<std::string> expected;
    std::size_t best = limit + 1;
    for (const auto& c : words)
      if (const std::size_t d = fullTableDistance(w, c); d < best) {
        best = d;
        expected = c;
      }
    std::vector<std::string> others;  // without w itself, so the answer is not always distance 0
    for (const auto& c : words)
      if (c != w) others.push_back(c);
    std::optional<std::string> expectedOther;
    best = limit + 1;
    for (const auto& c : others)
      if (const std::size_t d = fullTableDistance(w, c); d < best) {
        best = d;
        expectedOther = c;
      }
    CAPTURE(w);
    CHECK(closestMatch(w, words) == expected);
    CHECK(closestMatch(w, others) == expectedOther);
  }
}

TEST_CASE("closestMatch on a 1 MB word suggests only a candidate within three edits") {
  const std::string huge(1 << 20, 'x');
  std::string near = huge;
  near[1000] = 'y';
  near.erase(5000, 1);
  const std::vector<std::string> candidates{"x", "xx", "depth", huge + "xxxx", near};
  CHECK(closestMatch(huge, candidates) == std::optional<std::string>(near));
  CHECK_FALSE(closestMatch(huge, {"x", "xx", "depth", huge + "xxxx"}).has_value());
  CHECK_FALSE(closestMatch("depht", {huge}).has_value());
  CHECK(closestMatch("depht", {huge, "depth"}) == std::optional<std::string>("depth"));
}
