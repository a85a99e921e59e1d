#pragma once
// `symseq bench compare A B`: per configuration, the ratio of B's median run time to A's, with a
// verdict that respects the noise (Mann-Whitney U with five or more repetitions on each side),
// and whether the results themselves (coverage, lengths, queries) agree.
#include <string>
#include <vector>

#include "harness/ResultsFile.h"

namespace symseq::bench {

struct CompareOptions {
  double alpha = 0.05;             // significance level of the two-sided test
  std::size_t minRepetitions = 5;  // below this on either side, only the ratio is given
};

// Markdown: a table and a one-line summary.
[[nodiscard]] std::string compareResults(const Results& a, const Results& b, const CompareOptions& options);

// The configurations whose results (every field but the measured ones) differ between A and B,
// that have cells on one side only, or a different set of cells: empty when B reproduces A.
[[nodiscard]] std::vector<std::string> differingConfigurations(const Results& a, const Results& b);

}  // namespace symseq::bench
