// `symseq expr FILE`: checks one expression in the model syntax and prints its sort and its
// normal form (or SMT-LIB2). The file declares variables first, one per line, then the
// expression:
//   # comment
//   var x : int
//   var b : bool
//   x + 1 > 2 && !b
#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>

#include "Commands.h"
#include "ExprFile.h"
#include "symseq/expr/Parser.h"
#include "symseq/expr/Printer.h"
#include "symseq/support/DidYouMean.h"

namespace symseq::cli {

namespace {

std::string readFile(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw Error("cannot read '" + file.string() + "'", std::nullopt, "check the path");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The expression syntax's names (the lexer's): a letter or '_', then letters, digits, '_', '.'.
bool isIdentifier(std::string_view name) {
  const auto start = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; };
  if (name.empty() || !start(name[0])) return false;
  return std::all_of(name.begin(), name.end(), [&](char c) { return start(c) || (c >= '0' && c <= '9') || c == '.'; });
}

// One `var NAME : SORT` line; `column` is where `var` starts.
void declare(ExprContext& ctx, std::string_view line, const std::string& file, std::uint32_t lineNo) {
  auto loc = [&](std::size_t col) { return SourceLocation{file, lineNo, static_cast<std::uint32_t>(col + 1)}; };
  const std::size_t nameStart = line.find_first_not_of(" \t", line.find("var") + 3);
  const std::size_t colon = line.find(':');
  if (nameStart == std::string_view::npos || colon == std::string_view::npos || colon < nameStart)
    throw ParseError("expected 'var NAME : SORT'", loc(line.find("var")), "for example: var x : int");
  std::string_view name = line.substr(nameStart, colon - nameStart);
  name = name.substr(0, name.find_last_not_of(" \t") + 1);
  // The kernel's own "a variable needs a name" has no location: refuse here, at the line.
  if (name.empty()) throw ParseError("a variable needs a name", loc(colon), "for example: var x : int");
  if (!isIdentifier(name))
    throw ParseError("'" + std::string(name) + "' is not a variable name", loc(nameStart),
                     "a name is a letter or '_' followed by letters, digits, '_' and '.', e.g. var x_1 : int");
  const std::size_t sortStart = line.find_first_not_of(" \t", colon + 1);
  if (sortStart == std::string_view::npos) throw ParseError("expected a sort after ':'", loc(colon));
  std::string_view sortText = line.substr(sortStart);
  sortText = sortText.substr(0, sortText.find_last_not_of(" \t\r") + 1);
  const auto sort = Sort::fromString(sortText);
  if (!sort)
    throw ParseError("unknown sort '" + std::string(sortText) + "'" +
                         didYouMean(sortText, {"bool", "int", "real", "bv8", "bv16", "bv32", "bv64"}),
                     loc(sortStart), "sorts are bool, int, real and bvN for a bit-vector of N bits");
  if (isReservedName(name)) throw ParseError("'" + std::string(name) + "' is a reserved name", loc(nameStart));
  if (ctx.findVar(name)) throw ParseError("variable '" + std::string(name) + "' is declared twice", loc(nameStart));
  ctx.var(name, *sort);
}

int runExpr(const std::filesystem::path& file, bool smtlib) {
  const std::string text = readFile(file);
  ExprContext ctx;
  const Expr e = readExprFile(ctx, text, file.string());
  if (smtlib) {
    const Expr assertion = e.sort().isBool() ? e : ctx.mkEq(e, e);
    std::cout << toSmtLibScript(std::span(&assertion, 1));
  } else {
    std::cout << e.sort().toString() << ": " << toString(e) << "\n";
  }
  return 0;
}

}  // namespace

Expr readExprFile(ExprContext& ctx, std::string_view text, const std::string& name) {
  std::size_t offset = 0;
  std::uint32_t lineNo = 1;
  // Declarations and comments, line by line, until the expression starts.
  while (offset < text.size()) {
    const std::size_t end = std::min(text.find('\n', offset), text.size());
    const std::string_view line(text.data() + offset, end - offset);
    const std::size_t first = line.find_first_not_of(" \t\r");
    const bool blank = first == std::string_view::npos || line[first] == '#';
    const bool isDecl = !blank && line.substr(first, 4) == "var ";
    if (!blank && !isDecl) break;
    if (isDecl) declare(ctx, line, name, lineNo);
    offset = end + 1;
    ++lineNo;
  }
  if (offset >= text.size()) throw ParseError("no expression after the declarations", SourceLocation{name, lineNo, 1});
  ParseOptions options;
  options.start = SourceLocation{name, lineNo, 1};
  return parseExpr(ctx, text.substr(offset), options);
}

void addExprCommand(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand("expr", "check an expression file: print its sort and normal form");
  auto file = std::make_shared<std::filesystem::path>();
  auto smtlib = std::make_shared<bool>(false);
  cmd->add_option("FILE", *file, "declarations (var x : int) followed by one expression")->required();
  cmd->add_flag("--smtlib", *smtlib, "print an SMT-LIB2 script instead");
  cmd->callback([&action, file, smtlib] { action = [file, smtlib] { return runExpr(*file, *smtlib); }; });
}

}  // namespace symseq::cli
