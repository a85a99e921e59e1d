// Fuzz target `csv`: function tables (readTableCsv), the input read as the table of three
// functions of different signatures (every input meets the arity and sort checks of each).
// Beyond FuzzCheck.h: a table read back from its own CSV text (tableCsv) is the same table.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "FuzzCheck.h"
#include "symseq/expr/ExprContext.h"
#include "symseq/summary/TableCsv.h"

namespace {

void readAs(const std::filesystem::path& file, const symseq::FunctionDecl& f) {
  symseq::FunctionTable table(f);
  bool read = false;
  symseq::fuzz::expectLocated([&] {
    symseq::readTableCsv(file, table);
    read = true;
  });
  if (!read) return;
  const std::string text = symseq::tableCsv(table);
  const std::filesystem::path again = symseq::fuzz::writeInput(text, ".again.csv");
  symseq::FunctionTable back(f);
  try {
    symseq::readTableCsv(again, back);
  } catch (const std::exception& e) {
    symseq::fuzz::finding("a table's own CSV text does not read back", (text + "\n" + e.what()).c_str());
  }
  if (symseq::tableCsv(back) != text) symseq::fuzz::finding("a table read back differs", text.c_str());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::filesystem::path file =
      symseq::fuzz::writeInput(std::string_view(reinterpret_cast<const char*>(data), size), ".csv");
  symseq::ExprContext ctx;
  using symseq::Sort;
  readAs(file, ctx.declareFunction("INTGR", {Sort::integer(), Sort::integer()}, Sort::integer()));
  readAs(file, ctx.declareFunction("RISE", {Sort::integer()}, Sort::real()));
  readAs(file, ctx.declareFunction("P", {Sort::boolean(), Sort::bitVec(8)}, Sort::boolean()));
  return 0;
}
