// Fuzz target `expr`: the expression parser, on an expression file (`var NAME : SORT` lines, then
// one expression), twice: through `symseq expr FILE` itself (core/cli/ExprCommand.cpp compiled in,
// its output discarded), then through the command's reader (ExprFile.h) to check beyond
// FuzzCheck.h that the printed normal form parses back to the same term (Parser.h's promise) and
// that printing SMT-LIB2 works.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <span>
#include <string_view>

#include <iostream>
#include <sstream>

#include "Commands.h"
#include "ExprFile.h"
#include "FuzzCheck.h"
#include "symseq/expr/Parser.h"
#include "symseq/expr/Printer.h"

namespace {

constexpr const char* kFile = "fuzz.expr";

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
    const symseq::Expr e = symseq::cli::readExprFile(ctx, text, kFile);
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
