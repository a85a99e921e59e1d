#pragma once
// Suggestions for misspelt names (configuration keys, plugin names, variables).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#pragma GCC visibility push(default)

namespace symseq {

// Levenshtein distance; small strings only.
[[nodiscard]] std::size_t editDistance(std::string_view a, std::string_view b);

// The closest candidate within a distance that scales with the word's length, if any.
// Ties are broken by the candidates' order, so the result is deterministic.
[[nodiscard]] std::optional<std::string> closestMatch(std::string_view word,
                                                      const std::vector<std::string>& candidates);

// "; did you mean 'x'?" or "".
[[nodiscard]] std::string didYouMean(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace symseq

#pragma GCC visibility pop
