#include "harness/Svg.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <fmt/format.h>

#include "harness/Table.h"

namespace symseq::bench {

namespace {

std::string xml(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '&': out += "&amp;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

// Distinguishable on white and in grey print; a ninth series reuses the first colour.
constexpr std::array<const char*, 8> kColours{"#4a7ab5", "#d9712b", "#3a9a4a", "#b53a3a",
                                              "#7a4ab5", "#8a6a3a", "#c25a9a", "#555555"};

}  // namespace

std::string rangeChart(const std::string& title, const std::string& unit, const std::vector<ChartRow>& rows) {
  constexpr int plotWidth = 360, rowHeight = 22, top = 40, right = 70;
  // Room for the longest label at about 7 px a character (12 px sans-serif), so none is clipped.
  std::size_t longest = 10;
  for (const ChartRow& r : rows) longest = std::max(longest, r.label.size());
  const int labelWidth = 12 + 7 * static_cast<int>(longest);
  const int height = top + rowHeight * static_cast<int>(rows.size()) + 30;
  double scale = 0;
  for (const ChartRow& r : rows) scale = std::max(scale, r.max);
  if (scale <= 0) scale = 1;
  auto x = [&](double v) { return labelWidth + v / scale * plotWidth; };
  std::string out = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" font-family=\"sans-serif\" font-size=\"12\">\n"
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      "<text x=\"10\" y=\"22\" font-size=\"15\">{} ({}; bar: median, line: min to max)</text>\n",
      labelWidth + plotWidth + right, height, xml(title), xml(unit));
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const ChartRow& r = rows[i];
    const int y = top + rowHeight * static_cast<int>(i);
    out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\n", labelWidth - 6, y + 15, xml(r.label));
    out += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{:.1f}\" height=\"{}\" fill=\"#4a7ab5\"/>\n", labelWidth, y + 4,
                       x(r.median) - labelWidth, rowHeight - 8);
    out += fmt::format("<line x1=\"{:.1f}\" y1=\"{}\" x2=\"{:.1f}\" y2=\"{}\" stroke=\"black\"/>\n", x(r.min), y + 11,
                       x(r.max), y + 11);
    out += fmt::format("<text x=\"{:.1f}\" y=\"{}\">{}</text>\n", x(r.max) + 4, y + 15, number(r.median));
  }
  const int axisY = top + rowHeight * static_cast<int>(rows.size()) + 4;
  out += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"gray\"/>\n", labelWidth, axisY,
                     labelWidth + plotWidth, axisY);
  out += fmt::format("<text x=\"{}\" y=\"{}\">0</text><text x=\"{}\" y=\"{}\" text-anchor=\"end\">{} {}</text>\n",
                     labelWidth, axisY + 16, labelWidth + plotWidth, axisY + 16, number(scale), xml(unit));
  return out + "</svg>\n";
}

std::string growthChart(const std::string& title, const std::string& xLabel, const std::string& unit,
                        const std::vector<GrowthSeries>& series) {
  constexpr int left = 80, top = 40, plotWidth = 480, plotHeight = 280, bottom = 50;
  std::size_t longest = 10;
  for (const GrowthSeries& s : series) longest = std::max(longest, s.label.size());
  const int legendWidth = 40 + 7 * static_cast<int>(longest);
  const int width = left + plotWidth + 20 + legendWidth;
  const int height = std::max(top + plotHeight + bottom, top + 20 * static_cast<int>(series.size()) + 20);

  double xMin = 0, xMax = 0, yMin = 0, yMax = 0;
  bool first = true;
  std::vector<double> xs;
  for (const GrowthSeries& s : series)
    for (const GrowthPoint& p : s.points) {
      if (first) {
        xMin = xMax = p.x;
        yMin = p.min;
        yMax = p.max;
        first = false;
      }
      xMin = std::min(xMin, p.x);
      xMax = std::max(xMax, p.x);
      yMin = std::min({yMin, p.min, p.median});
      yMax = std::max({yMax, p.max, p.median});
      if (std::find(xs.begin(), xs.end(), p.x) == xs.end()) xs.push_back(p.x);
    }
  std::sort(xs.begin(), xs.end());
  if (xMax <= xMin) {  // one size only: centre it
    xMin -= 1;
    xMax += 1;
  }
  const bool logScale = !first && yMin > 0 && yMax / yMin >= 100;
  // Linear: 0 to the largest value. Log: whole decades around the values.
  const double lo = logScale ? std::floor(std::log10(yMin)) : 0;
  double hi = logScale ? std::ceil(std::log10(yMax)) : yMax;
  if (hi <= lo) hi = lo + 1;
  auto px = [&](double x) { return left + (x - xMin) / (xMax - xMin) * plotWidth; };
  auto py = [&](double y) {
    const double v = logScale ? std::log10(y) : y;
    return top + plotHeight - (v - lo) / (hi - lo) * plotHeight;
  };

  std::string out = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" font-family=\"sans-serif\" font-size=\"12\">\n"
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      "<text x=\"10\" y=\"22\" font-size=\"15\">{} ({}, {} scale; point: median, line: min to max)</text>\n",
      width, height, xml(title), xml(unit), logScale ? "log" : "linear");
  // Axes, the y ticks (decades, or quarters of the range) and an x tick at every size measured.
  const int axisY = top + plotHeight;
  out += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"gray\"/>\n", left, axisY,
                     left + plotWidth, axisY);
  out += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"gray\"/>\n", left, top, left, axisY);
  std::vector<double> yTicks;
  if (logScale)
    for (double e = lo; e <= hi; ++e) yTicks.push_back(std::pow(10.0, e));
  else
    for (int i = 0; i <= 4; ++i) yTicks.push_back(hi * i / 4);
  for (double t : yTicks) {
    out += fmt::format("<line x1=\"{}\" y1=\"{:.1f}\" x2=\"{}\" y2=\"{:.1f}\" stroke=\"#dddddd\"/>\n", left, py(t),
                       left + plotWidth, py(t));
    out += fmt::format("<text x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\">{}</text>\n", left - 6, py(t) + 4, number(t));
  }
  for (double x : xs)
    out += fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n", px(x), axisY + 16, number(x));
  out += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n", left + plotWidth / 2, axisY + 36,
                     xml(xLabel));

  for (std::size_t i = 0; i < series.size(); ++i) {
    const GrowthSeries& s = series[i];
    const char* colour = kColours[i % kColours.size()];
    std::string points;
    for (const GrowthPoint& p : s.points) {
      points += fmt::format("{}{:.1f},{:.1f}", points.empty() ? "" : " ", px(p.x), py(p.median));
      out += fmt::format("<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\" stroke=\"{3}\"/>\n", px(p.x),
                         py(p.min), py(p.max), colour);
      out += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"3\" fill=\"{}\"/>\n", px(p.x), py(p.median), colour);
    }
    if (s.points.size() > 1)
      out += fmt::format("<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"1.5\"/>\n", points, colour);
    const int ly = top + 10 + 20 * static_cast<int>(i);
    const int lx = left + plotWidth + 20;
    out += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"3\"/>\n", lx, ly,
                       lx + 20, ly, colour);
    out += fmt::format("<text x=\"{}\" y=\"{}\">{}</text>\n", lx + 26, ly + 4, xml(s.label));
  }
  return out + "</svg>\n";
}

}  // namespace symseq::bench
