// Fuzz target `expr`: the expression parser, on an expression file (`var NAME : SORT` lines, then
// one expression), twice: through `symseq expr FILE` itself (core/cli/ExprCommand.cpp compiled in,
// its output discarded), then directly, to check beyond FuzzCheck.h that the printed normal form
// parses back to the same term (Parser.h's promise) and that printing SMT-LIB2 works.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <span>
#include <string_view>

#include <iostream>
#include <sstream>

#include "Commands.h"
#include "FuzzCheck.h"
#include "symseq/expr/Parser.h"
#include "symseq/expr/Printer.h"

namespace {

constexpr const char* kFile = "fuzz.expr";

// A `var NAME : SORT` line; anything malformed is skipped (the declaration syntax is the expr
// command's, not the parser's, and its own errors are checked by tests/bad-input).
void declare(symseq::ExprContext& ctx, std::string_view line) {
  const std::size_t colon = line.find(':');
  if (colon == std::string_view::npos) return;
  std::string_view name = line.substr(4, colon - 4);
  const std::size_t first = name.find_first_not_of(" \t");
  if (first == std::string_view::npos) return;
  name = name.substr(first, name.find_last_not_of(" \t") + 1 - first);
  std::string_view sortText = line.substr(colon + 1);
  const std::size_t sortStart = sortText.find_first_not_of(" \t");
  if (sortStart == std::string_view::npos) return;
  sortText = sortText.substr(sortStart, sortText.find_last_not_of(" \t\r") + 1 - sortStart);
  const auto sort = symseq::Sort::fromString(sortText);
  if (!sort || symseq::isReservedName(name) || ctx.findVar(name)) return;
  ctx.var(name, *sort);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::string file = symseq::fuzz::writeInput(text, ".expr").string();
  {
    CLI::App app;
    symseq::cli::Action action;
    symseq::cli::addExprCommand(app, action);
    const char* argv[] = {"symseq", "expr", file.c_str()};
    app.parse(3, argv);
    std::ostringstream discard;
    std::streambuf* const out = std::cout.rdbuf(discard.rdbuf());
    symseq::fuzz::expectLocated([&] { (void)action(); });
    std::cout.rdbuf(out);
  }
  symseq::fuzz::expectLocated([&] {
    symseq::ExprContext ctx;
    std::size_t offset = 0;
    std::uint32_t lineNo = 1;
    while (offset < text.size()) {
      const std::size_t end = std::min(text.find('\n', offset), text.size());
      const std::string_view line = text.substr(offset, end - offset);
      const std::size_t first = line.find_first_not_of(" \t\r");
      const bool blank = first == std::string_view::npos || line[first] == '#';
      const bool isDecl = !blank && line.substr(first, 4) == "var ";
      if (!blank && !isDecl) break;
      if (isDecl) declare(ctx, line.substr(first));
      offset = end + 1;
      ++lineNo;
    }
    if (offset >= text.size()) return;
    symseq::ParseOptions options;
    options.start = symseq::SourceLocation{kFile, lineNo, 1};
    const symseq::Expr e = symseq::parseExpr(ctx, text.substr(offset), options);
    const std::string printed = symseq::toString(e);
    symseq::ParseOptions again;
    again.start = symseq::SourceLocation{"<printed>", 1, 1};
    symseq::Expr back = e;
    try {
      back = symseq::parseExpr(ctx, printed, again);
    } catch (const symseq::Error& err) {
      symseq::fuzz::finding("the printed term does not parse", (printed + "\n" + err.what()).c_str());
    }
    if (!(back == e)) symseq::fuzz::finding("the printed term does not parse back to itself", printed.c_str());
    const symseq::Expr assertion = e.sort().isBool() ? e : ctx.mkEq(e, e);
    (void)symseq::toSmtLibScript(std::span(&assertion, 1));
  });
  return 0;
}
