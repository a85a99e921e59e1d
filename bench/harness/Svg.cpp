#include "harness/Svg.h"

#include <algorithm>
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

}  // namespace symseq::bench
