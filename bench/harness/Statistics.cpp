#include "harness/Statistics.h"

#include <algorithm>
#include <boost/math/distributions/normal.hpp>
#include <cmath>

namespace symseq::bench {

std::optional<Summary> summarize(std::vector<double> values) {
  if (values.empty()) return std::nullopt;
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  const double median = n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
  return Summary{median, values.front(), values.back()};
}

namespace {

// P(U <= u) under the null hypothesis, by the recurrence on the number of arrangements
// c(m, n, u) = c(m-1, n, u-n) + c(m, n-1, u): the largest value comes from the first sample
// (beating all n of the second) or from the second.
double exactCdf(std::size_t m, std::size_t n, std::size_t u) {
  // table[j][k]: arrangements of i values of the first sample and j of the second with U = k.
  const std::size_t maxU = m * n;
  std::vector<std::vector<double>> prev(n + 1, std::vector<double>(maxU + 1, 0.0));
  for (std::size_t j = 0; j <= n; ++j) prev[j][0] = 1;  // i = 0: U is 0
  for (std::size_t i = 1; i <= m; ++i) {
    std::vector<std::vector<double>> cur(n + 1, std::vector<double>(maxU + 1, 0.0));
    cur[0][0] = 1;  // j = 0: U is 0
    for (std::size_t j = 1; j <= n; ++j)
      for (std::size_t k = 0; k <= maxU; ++k) cur[j][k] = (k >= j ? prev[j][k - j] : 0.0) + cur[j - 1][k];
    prev = std::move(cur);
  }
  double below = 0;
  double total = 0;
  for (std::size_t k = 0; k <= maxU; ++k) {
    total += prev[n][k];
    if (k <= u) below += prev[n][k];
  }
  return below / total;
}

}  // namespace

MannWhitney mannWhitneyU(const std::vector<double>& a, const std::vector<double>& b) {
  MannWhitney r;
  const double m = static_cast<double>(a.size());
  const double n = static_cast<double>(b.size());
  if (a.empty() || b.empty()) return r;
  bool ties = false;
  for (double x : a)
    for (double y : b) {
      r.u += x > y ? 1.0 : (x == y ? 0.5 : 0.0);
      ties = ties || x == y;
    }
  std::vector<double> all(a);
  all.insert(all.end(), b.begin(), b.end());
  std::sort(all.begin(), all.end());
  double tieTerm = 0;  // sum of t^3 - t over groups of tied values
  for (std::size_t i = 0; i < all.size();) {
    std::size_t j = i;
    while (j < all.size() && all[j] == all[i]) ++j;
    const double t = static_cast<double>(j - i);
    tieTerm += t * t * t - t;
    ties = ties || t > 1;
    i = j;
  }
  const double mean = m * n / 2;
  if (!ties && a.size() <= 20 && b.size() <= 20) {
    // Two-sided: twice the smaller tail, using the symmetry of the null distribution.
    const double low = std::min(r.u, m * n - r.u);
    r.pValue = std::min(1.0, 2 * exactCdf(a.size(), b.size(), static_cast<std::size_t>(low)));
    r.exact = true;
    return r;
  }
  const double total = m + n;
  const double variance = m * n / 12 * ((total + 1) - tieTerm / (total * (total - 1)));
  if (variance <= 0) return r;  // every value the same: no evidence either way
  const double z = std::max(0.0, std::abs(r.u - mean) - 0.5) / std::sqrt(variance);
  const boost::math::normal standard;
  r.pValue = std::min(1.0, 2 * boost::math::cdf(boost::math::complement(standard, z)));
  return r;
}

}  // namespace symseq::bench
