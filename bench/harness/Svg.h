#pragma once
// Plots for reports, as plain SVG: one horizontal bar per configuration at its median, with a
// whisker from the minimum to the maximum over repetitions; and growth plots, one line per series
// against a numeric axis (a scaling family's N).
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

// One point of a growth plot: the median at x, with a whisker from min to max over repetitions.
struct GrowthPoint {
  double x = 0;
  double median = 0;
  double min = 0;
  double max = 0;
};

struct GrowthSeries {
  std::string label;                 // the legend entry, e.g. "symtest-greedy, solver.name=z3"
  std::vector<GrowthPoint> points;   // in increasing x
};

// Medians joined by lines, one colour per series, x linear from the smallest to the largest x.
// The y axis is logarithmic (decades) when every value is positive and they span a factor of
// 100 or more, so exponential growth shows as a straight line and small sizes stay readable;
// otherwise linear from 0. The title says which.
[[nodiscard]] std::string growthChart(const std::string& title, const std::string& xLabel, const std::string& unit,
                                      const std::vector<GrowthSeries>& series);

}  // namespace symseq::bench
