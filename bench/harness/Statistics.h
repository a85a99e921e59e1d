#pragma once
// The few statistics the reports need: median and range over repetitions, and the Mann-Whitney
// U test for "is B faster than A, beyond the noise?".
#include <optional>
#include <vector>

namespace symseq::bench {

struct Summary {
  double median = 0;
  double min = 0;
  double max = 0;
};

// nullopt for no values; the median of an even count is the mean of the middle two.
[[nodiscard]] std::optional<Summary> summarize(std::vector<double> values);

struct MannWhitney {
  double u = 0;       // U of the first sample: pairs (a, b) with a > b, ties counting one half
  double pValue = 1;  // two-sided
  bool exact = false; // exact null distribution (no ties, small samples), else the normal approximation
};

// Two-sided Mann-Whitney U test. Exact when there are no ties and both samples have at most 20
// values; otherwise the normal approximation with the tie correction and a continuity correction
// (as scipy.stats.mannwhitneyu with method="asymptotic").
[[nodiscard]] MannWhitney mannWhitneyU(const std::vector<double>& a, const std::vector<double>& b);

}  // namespace symseq::bench
