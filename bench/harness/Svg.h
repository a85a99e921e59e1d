#pragma once
// Plots for reports, as plain SVG: one horizontal bar per configuration at its median, with a
// whisker from the minimum to the maximum over repetitions.
#include <string>
#include <vector>

namespace symseq::bench {

struct ChartRow {
  std::string label;
  double median = 0;
  double min = 0;
  double max = 0;
};

[[nodiscard]] std::string rangeChart(const std::string& title, const std::string& unit, const std::vector<ChartRow>& rows);

}  // namespace symseq::bench
