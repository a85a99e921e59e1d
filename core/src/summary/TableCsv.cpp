#include "symseq/summary/TableCsv.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "symseq/expr/Evaluator.h"
#include "symseq/expr/Parser.h"

namespace symseq {

namespace {

// Table cells are closed literals: no model variable may be read.
class NoVariables final : public Scope {
 public:
  std::optional<Expr> lookupVariable(std::string_view) const override { return std::nullopt; }
  const FunctionDecl* lookupFunction(std::string_view) const override { return nullptr; }
  std::vector<std::string> variableNames() const override { return {}; }
};

Value cellValue(ExprContext& ctx, std::string_view text, Sort sort, const SourceLocation& where) {
  const NoVariables scope;
  const Expr e = parseExpr(ctx, text, ParseOptions{where, &scope});
  Value v;
  try {
    v = evaluate(e, Valuation{});
  } catch (const EvalError& error) {  // `0 / 0`: the evaluator knows no file, the cell does
    throw ParseError("this value cannot be computed: " + error.message(), where, "write a literal such as 42 or 2.5");
  }
  // An integer literal in a real column means that real.
  if (sort.isReal() && v.sort().isInt()) v = Value::real(Rational(v.asInt()));
  if (v.sort() != sort)
    throw ParseError("this value is " + v.sort().toString() + ", the column is " + sort.toString(), where,
                     "write a " + sort.toString() + " literal here");
  return v;
}

// Splits at commas outside double quotes (a value like real(1, 3) holds a comma and is quoted);
// each cell keeps the 1-based column where its text starts. Throws out_of_range for an open quote.
std::vector<std::pair<std::string, std::uint32_t>> splitRow(const std::string& line) {
  std::vector<std::pair<std::string, std::uint32_t>> cells;
  std::string cell;
  std::uint32_t column = 1;
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '"') {
      quoted = !quoted;
      if (quoted && cell.find_first_not_of(" \t") == std::string::npos) column = static_cast<std::uint32_t>(i + 2);
      continue;
    }
    if (c == ',' && !quoted) {
      cells.emplace_back(cell, column);
      cell.clear();
      column = static_cast<std::uint32_t>(i + 2);
      continue;
    }
    cell += c;
  }
  if (quoted) throw std::out_of_range("open quote");
  cells.emplace_back(cell, column);
  return cells;
}

std::string csvCell(const Value& v) {
  const std::string text = v.toString();
  return text.find(',') == std::string::npos ? text : "\"" + text + "\"";
}

}  // namespace

void readTableCsv(const std::filesystem::path& file, FunctionTable& table, const TableRowCheck& check) {
  std::ifstream in(file, std::ios::binary);
  if (!in)
    throw ConfigError("cannot read the table of " + table.function().name() + " '" + file.string() + "'",
                      SourceLocation{file.string(), 0, 0}, "check the path under [externals.tables] in the run file");
  // The values are parsed in a context of their own: table files never add to the run's terms.
  ExprContext scratch;
  const FunctionDecl& f = table.function();
  const std::size_t columns = f.params().size() + 1;
  std::string line;
  for (std::uint32_t lineNo = 1; std::getline(in, line); ++lineNo) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    std::vector<std::pair<std::string, std::uint32_t>> cells;  // text, column
    try {
      cells = splitRow(line);
    } catch (const std::out_of_range&) {
      throw ParseError("a quoted value is not closed", SourceLocation{file.string(), lineNo, static_cast<std::uint32_t>(line.size())},
                       "close it with a double quote");
    }
    const SourceLocation rowStart{file.string(), lineNo, static_cast<std::uint32_t>(first + 1)};
    if (cells.size() != columns)
      throw ParseError("this row has " + std::to_string(cells.size()) + " values, " + f.signature() + " needs " +
                           std::to_string(columns) + " (the " + std::to_string(columns - 1) + " arguments, then the result)",
                       rowStart, "write one value per argument and the result last, separated by commas");
    TableRow row;
    for (std::size_t i = 0; i < columns; ++i) {
      const auto& [text, column] = cells[i];
      const std::size_t lead = text.find_first_not_of(" \t");
      const SourceLocation where{file.string(), lineNo,
                                 column + static_cast<std::uint32_t>(lead == std::string::npos ? 0 : lead)};
      if (lead == std::string::npos) throw ParseError("empty value", where, "write a literal such as 42 or 2.5");
      const Sort sort = i + 1 < columns ? f.params()[i] : f.result();
      Value v = cellValue(scratch, text, sort, where);
      if (i + 1 < columns)
        row.args.push_back(std::move(v));
      else
        row.result = std::move(v);
    }
    if (const Value* known = table.lookup(row.args); known && *known != row.result)
      throw ParseError("these inputs are already in the table with the result " + known->toString(), rowStart,
                       "a function has one result per input: remove one of the two rows");
    if (check) check(row, rowStart);
    table.add(std::move(row));
  }
}

std::string tableCsv(const FunctionTable& table) {
  std::ostringstream out;
  out << "# " << table.function().signature() << ": arguments, then the result\n";
  for (const TableRow& row : table.rows()) {
    for (const Value& v : row.args) out << csvCell(v) << ",";
    out << csvCell(row.result) << "\n";
  }
  return out.str();
}

}  // namespace symseq
