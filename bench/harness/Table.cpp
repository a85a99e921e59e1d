#include "harness/Table.h"

#include <fmt/format.h>

namespace symseq::bench {

namespace {

std::string markdownCell(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '|') out += '\\';
    out += c == '\n' ? ' ' : c;
  }
  return out;
}

std::string csvCell(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

}  // namespace

std::string Table::markdown() const {
  auto line = [](const std::vector<std::string>& cells) {
    std::string out = "|";
    for (const auto& c : cells) out += " " + markdownCell(c) + " |";
    return out + "\n";
  };
  std::string out = line(header) + "|";
  for (std::size_t i = 0; i < header.size(); ++i) out += i < numeric.size() && numeric[i] ? "---:|" : "---|";
  out += "\n";
  for (const auto& r : rows) out += line(r);
  return out;
}

std::string Table::csv() const {
  auto line = [](const std::vector<std::string>& cells) {
    std::string out;
    for (std::size_t i = 0; i < cells.size(); ++i) out += (i ? "," : "") + csvCell(cells[i]);
    return out + "\n";
  };
  std::string out = line(header);
  for (const auto& r : rows) out += line(r);
  return out;
}

std::string number(double value, int digits) { return fmt::format("{:.{}g}", value, digits); }

}  // namespace symseq::bench
