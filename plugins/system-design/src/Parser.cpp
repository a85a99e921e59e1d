#include "Parser.h"

#include <algorithm>
#include <array>
#include <utility>

#include "Scanner.h"
#include "symseq/support/FoundText.h"

namespace symseq::design {

namespace {

using syntax::Decl;
using syntax::DesignText;
using syntax::Instr;
using syntax::InstrKind;
using syntax::Term;
using syntax::TermKind;

constexpr std::array<std::string_view, 26> kKeywords = {
    "design", "public", "private", "body", "port", "time", "discrete", "dense", "var",
    "use",    "as",     "when",    "while", "in",  "provided", "if", "then", "else",
    "touch",  "and",    "or",      "not",  "True", "False", "true", "false"};

class Parser {
 public:
  Parser(std::string_view text, const std::string& file) : text_(text), tokens_(scan(text, file)) {}

  std::vector<DesignText> file() {
    std::vector<DesignText> designs;
    do designs.push_back(design());
    while (!atEnd());
    return designs;
  }

 private:
  // ---- tokens
  [[nodiscard]] const Token& peek(std::size_t ahead = 0) const {
    return tokens_[std::min(pos_ + ahead, tokens_.size() - 1)];
  }
  [[nodiscard]] bool atEnd() const { return peek().kind == TokenKind::End; }
  [[nodiscard]] bool isSymbol(std::string_view s, std::size_t ahead = 0) const {
    return peek(ahead).kind == TokenKind::Symbol && peek(ahead).text == s;
  }
  [[nodiscard]] bool isWord(std::string_view w, std::size_t ahead = 0) const {
    return peek(ahead).kind == TokenKind::Name && peek(ahead).text == w;
  }
  const Token& take() {
    const Token& t = peek();
    if (!atEnd()) ++pos_;
    return t;
  }
  bool acceptSymbol(std::string_view s) {
    if (!isSymbol(s)) return false;
    take();
    return true;
  }
  bool acceptWord(std::string_view w) {
    if (!isWord(w)) return false;
    take();
    return true;
  }
  [[nodiscard]] std::string found() const { return foundText(text_, peek().offset, true); }

  [[noreturn]] void fail(const std::string& expected, std::string hint = {}) const {
    if (hint.empty()) hint = "the grammar is in docs/models/design.md";
    throw ParseError("expected " + expected + ", found " + found(), peek().where, std::move(hint));
  }
  void expectSymbol(std::string_view s, const std::string& context, std::string hint = {}) {
    if (!acceptSymbol(s)) fail("'" + std::string(s) + "' " + context, std::move(hint));
  }
  void expectWord(std::string_view w, const std::string& context, std::string hint = {}) {
    if (!acceptWord(w)) fail("'" + std::string(w) + "' " + context, std::move(hint));
  }
  // `public:` and friends: a keyword and a colon.
  void expectSection(std::string_view w, const std::string& context) {
    expectWord(w, context, "a design reads 'design NAME', 'public:', ['private:'], 'body:'");
    expectSymbol(":", "after '" + std::string(w) + "'");
  }
  [[nodiscard]] static bool isKeyword(std::string_view w) {
    for (const std::string_view k : kKeywords)
      if (k == w) return true;
    return false;
  }
  std::string name(const std::string& what) {
    if (peek().kind != TokenKind::Name) fail(what);
    if (isKeyword(peek().text)) fail(what, "'" + peek().text + "' is a keyword of the .design format");
    return take().text;
  }

  // ---- declarations
  DesignText design() {
    DesignText d;
    d.where = peek().where;
    expectWord("design", "to start a design", "every design starts with 'design NAME'");
    d.name = name("a design name after 'design'");
    expectSection("public", "after 'design " + d.name + "'");
    while (acceptWord("port")) declList(d.ports, "port");
    if (isWord("time")) {
      d.timeWhere = take().where;
      if (acceptWord("discrete")) {
        d.time = TimeKind::Discrete;
      } else if (acceptWord("dense")) {
        d.time = TimeKind::Dense;
      } else {
        fail("'discrete' or 'dense' after 'time'");
      }
    }
    if (acceptWord("private")) {
      expectSymbol(":", "after 'private'");
      while (acceptWord("var")) declList(d.privates, "variable");
      while (acceptWord("use")) useList(d.uses);
    }
    if (!isWord("body")) {
      const std::string expected = d.privates.empty() && d.uses.empty() ? "'port', 'time', 'private:' or 'body:'"
                                                                        : "'var', 'use' or 'body:'";
      fail(expected + " in design " + d.name);
    }
    expectSection("body", "");
    d.body = program();
    if (!atEnd() && !isWord("design")) fail("a program operator (';', '|', ',', '|i|') or the next 'design'");
    return d;
  }

  void declList(std::vector<Decl>& out, const std::string& what) {
    do {
      Decl decl;
      decl.where = peek().where;
      decl.name = name("a " + what + " name");
      if (acceptSymbol(":=")) decl.initial = term();
      expectSymbol(":", "and a sort after " + what + " '" + decl.name + "'", "write '" + decl.name + " : int'");
      decl.sort.where = peek().where;
      if (peek().kind != TokenKind::Name) fail("a sort (int, bool, real or time)");
      decl.sort.name = take().text;
      out.push_back(std::move(decl));
    } while (acceptSymbol(","));
  }

  void useList(std::vector<syntax::UseDecl>& out) {
    do {
      syntax::UseDecl use;
      use.where = peek().where;
      use.design = name("a design name after 'use'");
      use.instance = use.design;
      if (acceptWord("as")) {
        use.instance = name("an instance name after 'as'");
        use.named = true;
      }
      out.push_back(std::move(use));
    } while (acceptSymbol(","));
  }

  // ---- programs: choice < interleaving < sequence
  syntax::Program binary(ProgramKind kind, syntax::Program left, syntax::Program right, const SourceLocation& where) {
    syntax::Program p;
    p.kind = kind;
    p.where = where;
    p.parts.push_back(std::move(left));
    p.parts.push_back(std::move(right));
    return p;
  }

  syntax::Program program() {
    syntax::Program p = interleaving();
    while (isSymbol("|") || isSymbol(",")) {
      const SourceLocation where = take().where;
      p = binary(ProgramKind::Choice, std::move(p), interleaving(), where);
    }
    return p;
  }

  syntax::Program interleaving() {
    syntax::Program p = sequence();
    while (isSymbol("|i|")) {
      const SourceLocation where = take().where;
      p = binary(ProgramKind::Interleave, std::move(p), sequence(), where);
    }
    return p;
  }

  syntax::Program sequence() {
    syntax::Program p = atom();
    while (isSymbol(";") || isSymbol("||")) {
      const SourceLocation where = take().where;
      p = binary(ProgramKind::Sequence, std::move(p), atom(), where);
    }
    return p;
  }

  syntax::Program atom() {
    syntax::Program p;
    p.where = peek().where;
    if (acceptWord("when")) {
      p.kind = ProgramKind::Basic;
      p.condition = parenthesised("after 'when'");
      p.body = block("the body of 'when'");
      if (acceptSymbol("(")) {
        p.post = formula();
        expectSymbol(")", "to close the post-property");
      }
      return p;
    }
    if (acceptWord("while")) {
      p.kind = ProgramKind::While;
      p.condition = parenthesised("after 'while'");
      p.parts.push_back(group("the body of 'while'"));
      return p;
    }
    if (isSymbol("{") || isSymbol("(")) return group("a program");
    fail("a program ('when', 'while', '{' or '(')");
  }

  syntax::Program group(const std::string& what) {
    const bool brace = isSymbol("{");
    if (!brace && !isSymbol("(")) fail("'{' to open " + what);
    take();
    syntax::Program p = program();
    expectSymbol(brace ? "}" : ")", "to close " + what);
    return p;
  }

  Term parenthesised(const std::string& context) {
    expectSymbol("(", context);
    Term t = formula();
    expectSymbol(")", "to close the condition");
    return t;
  }

  // ---- instructions
  std::vector<Instr> block(const std::string& what) {
    expectSymbol("{", "to open " + what);
    std::vector<Instr> out;
    while (!isSymbol("}")) {
      out.push_back(instruction());
      // `;` separates instructions; after a `}` (an `if`) it may be left out, as the paper does.
      if (!acceptSymbol(";") && !isSymbol("}") && out.back().kind != InstrKind::If)
        fail("';' or '}' after the instruction", "separate instructions with ';'");
    }
    take();
    return out;
  }

  Instr instruction() {
    Instr ins;
    ins.where = peek().where;
    if (acceptWord("in")) {
      ins.kind = InstrKind::Consume;
      expectSymbol("(", "after 'in'");
      ins.first = qualified("a port 'D.p' to consume");
      expectSymbol(")", "after the consumed port");
      if (acceptWord("provided")) ins.second = parenthesised("after 'provided'");
      return ins;
    }
    if (acceptWord("if")) {
      ins.kind = InstrKind::If;
      ins.first = parenthesised("after 'if'");
      acceptWord("then");
      ins.then = block("the 'then' branch");
      if (acceptWord("else")) ins.otherwise = block("the 'else' branch");
      return ins;
    }
    if (peek().kind != TokenKind::Name || isKeyword(peek().text))
      fail("an instruction ('in', 'if', 'D.p -> U.q' or 'x := t')");
    if (isSymbol(".", 1)) {
      ins.first = qualified("a port");
      if (acceptSymbol("->")) {
        ins.kind = InstrKind::Route;
        ins.second = qualified("a port 'U.q' of a reused design after '->'");
        return ins;
      }
    } else {
      ins.first.kind = TermKind::Name;
      ins.first.where = peek().where;
      ins.first.first = take().text;
    }
    ins.kind = InstrKind::Assign;
    expectSymbol(":=", ins.first.kind == TermKind::Name ? "after '" + ins.first.first + "'" : "or '->' after the port");
    ins.second = term();
    return ins;
  }

  Term qualified(const std::string& what) {
    Term t;
    t.kind = TermKind::Qualified;
    t.where = peek().where;
    t.first = name(what);
    expectSymbol(".", "after '" + t.first + "'", "ports are written with their design's prefix: 'D.p'");
    if (peek().kind != TokenKind::Name) fail("a port name after '" + t.first + ".'");
    t.second = take().text;  // `time` is a keyword but a valid port position
    return t;
  }

  // ---- formulas and terms: or < and < not < comparison < + - < * < unary -
  Term makeBinary(std::string op, Term left, Term right, const SourceLocation& where) {
    Term t;
    t.kind = TermKind::Binary;
    t.op = std::move(op);
    t.where = where;
    t.args.push_back(std::move(left));
    t.args.push_back(std::move(right));
    return t;
  }

  Term formula() {
    Term t = conjunction();
    while (isWord("or")) {
      const SourceLocation where = take().where;
      t = makeBinary("or", std::move(t), conjunction(), where);
    }
    return t;
  }

  Term conjunction() {
    Term t = negation();
    while (isSymbol("&") || isWord("and")) {
      const SourceLocation where = take().where;
      t = makeBinary("and", std::move(t), negation(), where);
    }
    return t;
  }

  Term negation() {
    if (isWord("not") || isSymbol("!")) {
      Term t;
      t.kind = TermKind::Unary;
      t.op = "not";
      t.where = take().where;
      t.args.push_back(negation());
      return t;
    }
    return comparison();
  }

  Term comparison() {
    Term t = sum();
    for (const std::string_view op : {"=", "<>", "!=", "<=", ">=", "<", ">"}) {
      if (isSymbol(op)) {
        const SourceLocation where = take().where;
        return makeBinary(op == "!=" ? "<>" : std::string(op), std::move(t), sum(), where);
      }
    }
    return t;
  }

  Term term() { return sum(); }

  Term sum() {
    Term t = product();
    while (isSymbol("+") || isSymbol("-")) {
      const Token& op = take();
      t = makeBinary(op.text, std::move(t), product(), op.where);
    }
    return t;
  }

  Term product() {
    Term t = unary();
    while (isSymbol("*")) {
      const SourceLocation where = take().where;
      t = makeBinary("*", std::move(t), unary(), where);
    }
    return t;
  }

  Term unary() {
    if (isSymbol("-")) {
      Term t;
      t.kind = TermKind::Unary;
      t.op = "-";
      t.where = take().where;
      t.args.push_back(unary());
      return t;
    }
    return primary();
  }

  Term primary() {
    Term t;
    t.where = peek().where;
    if (peek().kind == TokenKind::Int || peek().kind == TokenKind::Decimal) {
      t.kind = peek().kind == TokenKind::Int ? TermKind::Int : TermKind::Decimal;
      t.first = take().text;
      return t;
    }
    if (acceptSymbol("(")) {
      t = formula();
      expectSymbol(")", "to close the parenthesis");
      return t;
    }
    for (const std::string_view b : {"True", "true", "False", "false"}) {
      if (acceptWord(b)) {
        t.kind = TermKind::Bool;
        t.first = b == "True" || b == "true" ? "true" : "false";
        return t;
      }
    }
    if (acceptWord("touch")) {
      expectSymbol("(", "after 'touch'");
      const SourceLocation at = t.where;
      t = qualified("a port 'D.p' after 'touch('");
      t.kind = TermKind::Touch;
      t.where = at;
      expectSymbol(")", "to close 'touch('");
      return t;
    }
    if (peek().kind != TokenKind::Name || isKeyword(peek().text)) fail("a term");
    if (isSymbol(".", 1)) return qualified("a port");
    t.kind = TermKind::Name;
    t.first = take().text;
    return t;
  }

  std::string_view text_;
  std::vector<Token> tokens_;
  std::size_t pos_ = 0;
};

}  // namespace

std::vector<DesignText> parseDesigns(std::string_view text, const std::string& file) {
  return Parser(text, file).file();
}

}  // namespace symseq::design
