#pragma once
// Suggestions for misspelt names in a matrix or on the command line (keys, axis values, runs).
#include <string>
#include <string_view>
#include <vector>

namespace symseq::bench {

// "; did you mean 'x'?" for the closest candidate within about one edit per three characters
// (at least one, at most three; the first of equals), or "".
[[nodiscard]] std::string didYouMean(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace symseq::bench
