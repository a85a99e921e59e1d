#include <doctest/doctest.h>

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
