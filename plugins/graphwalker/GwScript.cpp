#include "GwScript.h"

#include <array>
#include <utility>

#include "symseq/expr/Fold.h"
#include "symseq/expr/Parser.h"
#include "symseq/support/DidYouMean.h"

namespace symseq::graphwalker {

namespace {

constexpr const char* kSubsetHint =
    "symseq reads guards and actions in a JavaScript subset on integers and booleans: declarations in the "
    "model's actions, = += -= *= ++ --, + - *, < <= > >=, == === != !==, && || !, ?:, parentheses, integer "
    "literals, true and false (docs/models/graphwalker.md)";

bool isIdentStart(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$'; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isIdentChar(char c) { return isIdentStart(c) || isDigit(c); }

enum class Tok : std::uint8_t { Ident, Number, Punct, End };

struct Token {
  Tok kind = Tok::End;
  std::string text{};
  std::size_t at = 0;          // index into the decoded script
  bool newlineBefore{false};   // for JavaScript's automatic semicolon insertion
};

// Words of JavaScript the subset has no use for, each refused by name.
bool isScriptWord(std::string_view w) {
  static constexpr std::array<std::string_view, 30> kWords{
      "null",  "undefined", "NaN",    "Infinity", "new",   "typeof", "instanceof", "function", "this",  "if",
      "else",  "while",     "for",    "do",       "return", "switch", "case",      "break",    "continue", "in",
      "delete", "void",     "throw",  "try",      "catch", "class",  "with",       "yield",    "await", "of"};
  for (const auto k : kWords)
    if (w == k) return true;
  return false;
}
bool isDeclarationWord(std::string_view w) { return w == "var" || w == "let" || w == "const"; }

std::string sortName(Sort s) { return s.isInt() ? "an int" : s.isBool() ? "a bool" : s.toString(); }

enum class Mode : std::uint8_t { Guard, Step, Init };

class ScriptParser {
 public:
  ScriptParser(ExprContext& ctx, const SourceText& source, const Script& script, Mode mode)
      : ctx_(ctx), source_(source), script_(script), text_(script.string->text), mode_(mode) {
    lex();
  }

  Expr guard(const Variables& vars) {
    vars_ = &vars;
    if (peek().kind == Tok::End) return ctx_.boolVal(true);
    const Token& first = peek();
    const Expr e = expression();
    if (peek().text == ";" && peek().kind == Tok::Punct) advance();
    if (peek().kind != Tok::End) {
      if (peek().text == "=" && peek().kind == Tok::Punct)
        fail(peek(), "'=' assigns; a guard compares with '==' or '==='");
      unexpected(peek(), "the end of the guard");
    }
    if (!e.sort().isBool())
      fail(first, "the guard is " + sortName(e.sort()) + ", not a condition", "compare the value, e.g. 'x > 0'");
    return e;
  }

  std::vector<Update> actions(const Variables& vars) {
    vars_ = &vars;
    statements();
    return std::move(updates_);
  }

  void init(Variables& vars, Substitution& initial) {
    vars_ = &vars;
    mutableVars_ = &vars;
    initial_ = &initial;
    statements();
  }

 private:
  // ---- errors -----------------------------------------------------------------------------------

  [[nodiscard]] SourceLocation where(std::size_t at) const {
    const auto& from = script_.string->from;
    return source_.at(from[std::min(at, from.size() - 1)]);
  }

  [[noreturn]] void failAt(std::size_t at, const std::string& message, const std::string& hint = kSubsetHint) const {
    throw ParseError(message + " (" + script_.what + ", character " + std::to_string(at + 1) + ")", where(at), hint);
  }
  [[noreturn]] void fail(const Token& t, const std::string& message, const std::string& hint = kSubsetHint) const {
    failAt(t.at, message, hint);
  }
  [[noreturn]] void sortFail(const Token& t, const std::string& message, const std::string& hint) const {
    throw SortError(message + " (" + script_.what + ", character " + std::to_string(t.at + 1) + ")", where(t.at),
                    hint);
  }

  static std::string shown(const Token& t) {
    if (t.kind == Tok::End) return "the end of the script";
    return "'" + t.text + "'";
  }

  // A token the grammar does not take here: constructs outside the subset by name, else
  // "expected ..., found ...".
  [[noreturn]] void unexpected(const Token& t, const std::string& expected) const {
    if (t.kind == Tok::Punct) {
      const std::string& p = t.text;
      if (p == "/" || p == "/=")
        fail(t, "division is outside the JavaScript subset ('/' gives a fraction in JavaScript; symseq's numbers are "
                "integers)");
      if (p == "%" || p == "%=") fail(t, "'%' is outside the JavaScript subset");
      if (p == "&" || p == "|" || p == "^" || p == "~" || p == "<<" || p == ">>" || p == ">>>" || p == "&=" ||
          p == "|=" || p == "^=")
        fail(t, "bitwise '" + p + "' is outside the JavaScript subset", "write '&&' or '||' for conditions");
      if (p == ".") fail(t, "objects and properties ('.') are outside the JavaScript subset",
                         "keep the value in a variable of its own, declared in the model's actions");
      if (p == "[" || p == "]") fail(t, "arrays ('" + p + "') are outside the JavaScript subset");
      if (p == "{" || p == "}") fail(t, "blocks and objects ('" + p + "') are outside the JavaScript subset",
                                     "write one edge per case, each with its own guard");
      if (p == ",") fail(t, "',' is outside the JavaScript subset", "separate statements with ';'");
    }
    fail(t, "expected " + expected + ", found " + shown(t));
  }

  // ---- tokens -----------------------------------------------------------------------------------

  void lex() {
    const std::string& s = text_;
    std::size_t i = 0;
    bool newline = false;
    while (i < s.size()) {
      const char c = s[i];
      if (c == '\n' || c == '\r') {
        newline = true;
        ++i;
        continue;
      }
      if (c == ' ' || c == '\t') {
        ++i;
        continue;
      }
      if (c == '/' && i + 1 < s.size() && s[i + 1] == '/') {
        while (i < s.size() && s[i] != '\n') ++i;
        continue;
      }
      if (c == '/' && i + 1 < s.size() && s[i + 1] == '*') {
        const std::size_t end = s.find("*/", i + 2);
        if (end == std::string::npos) failAt(i, "a comment '/*' without its '*/'", "close the comment");
        if (s.find('\n', i) < end) newline = true;
        i = end + 2;
        continue;
      }
      Token t;
      t.at = i;
      t.newlineBefore = newline;
      newline = false;
      if (static_cast<unsigned char>(c) >= 0x80) failAt(i, "a non-ASCII character is outside the JavaScript subset");
      if (c == '"' || c == '\'' || c == '`')
        failAt(i, "strings are outside the JavaScript subset (symseq reads integers and booleans)",
               "model the value as a boolean or an integer, e.g. 'loggedIn = true;' or 'role = 2;'");
      if (isIdentStart(c)) {
        std::size_t j = i;
        while (j < s.size() && isIdentChar(s[j])) ++j;
        t.kind = Tok::Ident;
        t.text = s.substr(i, j - i);
        i = j;
      } else if (isDigit(c)) {
        std::size_t j = i;
        while (j < s.size() && (isIdentChar(s[j]) || s[j] == '.')) ++j;
        t.kind = Tok::Number;
        t.text = s.substr(i, j - i);
        for (const char d : t.text)
          if (!isDigit(d))
            failAt(i, "'" + t.text + "': only decimal integer literals are in the JavaScript subset",
                   "symseq's numbers are integers: no fractions, exponents or hexadecimal");
        if (t.text.size() > 1 && t.text[0] == '0')
          failAt(i, "'" + t.text + "': a leading 0 makes an octal literal in JavaScript", "write the number without it");
        i = j;
      } else if (c == '.' && i + 1 < s.size() && isDigit(s[i + 1])) {
        failAt(i, "a fraction is outside the JavaScript subset", "symseq's numbers are integers");
      } else {
        static constexpr std::array<std::string_view, 24> kPuncts{
            ">>>", "===", "!==", "==", "!=", "<=", ">=", "&&", "||", "++", "--", "+=", "-=", "*=",
            "/=",  "%=",  "&=",  "|=", "^=", "<<", ">>", "=>", "**", "?."};
        t.kind = Tok::Punct;
        t.text = std::string(1, c);
        for (const auto p : kPuncts)
          if (std::string_view(s).substr(i, p.size()) == p) {
            t.text = std::string(p);
            break;
          }
        if (t.text == "=>" || t.text == "**" || t.text == "?.")
          failAt(i, "'" + t.text + "' is outside the JavaScript subset");
        i += t.text.size();
      }
      tokens_.push_back(std::move(t));
    }
    Token end;
    end.kind = Tok::End;
    end.at = s.size();
    end.newlineBefore = newline;
    tokens_.push_back(end);
  }

  [[nodiscard]] const Token& peek(std::size_t ahead = 0) const {
    return tokens_[std::min(pos_ + ahead, tokens_.size() - 1)];
  }
  const Token& advance() {
    const Token& t = tokens_[pos_];
    if (pos_ + 1 < tokens_.size()) ++pos_;
    return t;
  }
  [[nodiscard]] bool isPunct(std::string_view p, std::size_t ahead = 0) const {
    return peek(ahead).kind == Tok::Punct && peek(ahead).text == p;
  }

  // ---- statements -------------------------------------------------------------------------------

  void statements() {
    while (peek().kind != Tok::End) {
      if (isPunct(";")) {
        advance();
        continue;
      }
      statement();
      if (isPunct(";")) {
        advance();
      } else if (peek().kind != Tok::End && !peek().newlineBefore) {
        unexpected(peek(), "';' after the statement");
      }
    }
  }

  void statement() {
    const Token& first = peek();
    if (first.kind == Tok::Ident && isDeclarationWord(first.text)) {
      advance();
      const Token& name = peek();
      if (name.kind != Tok::Ident) unexpected(name, "a variable name after '" + first.text + "'");
      checkName(name);
      advance();
      if (mode_ != Mode::Init && !vars_->find(name.text))
        fail(first, "'" + first.text + " " + name.text + "' declares a variable outside the model's actions",
             "declare every variable in the model's \"actions\" with its initial value (e.g. \"" + name.text +
                 " = 0;\"); edges and vertices assign it");
      if (!isPunct("=")) {
        if (mode_ == Mode::Init)
          fail(name, "'" + name.text + "' is declared without a value",
               "give it its initial value, which sets its sort: '" + first.text + " " + name.text +
                   " = 0;' or '" + first.text + " " + name.text + " = false;'");
        unexpected(peek(), "'=' and a value");
      }
      const Token& op = advance();
      assign(name, op, expression(), first.text == "const");
      return;
    }
    if (isPunct("++") || isPunct("--")) {
      const Token& op = advance();
      const Token& name = peek();
      if (name.kind != Tok::Ident) unexpected(name, "a variable after '" + op.text + "'");
      advance();
      step(name, op);
      return;
    }
    if (first.kind == Tok::Ident) {
      checkName(first);
      advance();
      if (isPunct("++") || isPunct("--")) {
        step(first, advance());
        return;
      }
      if (isPunct("=") || isPunct("+=") || isPunct("-=") || isPunct("*=")) {
        const Token& op = advance();
        Expr value = expression();
        if (op.text != "=") {
          const Expr current = readVariable(first);
          if (!current.sort().isInt() || !value.sort().isInt())
            sortFail(op, "'" + op.text + "' needs ints, but '" + first.text + "' is " + sortName(current.sort()) +
                             " and the value " + sortName(value.sort()),
                     "'+=', '-=' and '*=' update integers");
          value = ctx_.make(op.text == "+=" ? Op::Add : op.text == "-=" ? Op::Sub : Op::Mul, {current, value});
        }
        assign(first, op, value, false);
        return;
      }
      if (isPunct("("))
        fail(first, "calling '" + first.text + "' is outside the JavaScript subset (no functions)");
      if (isPunct("."))
        fail(first, "objects and properties ('" + first.text + "." + peek(1).text +
                        "') are outside the JavaScript subset",
             "keep the value in a variable of its own, declared in the model's actions");
      fail(first, "a statement of the subset assigns a variable: '" + first.text + " = ...', '" + first.text +
                      "++', '" + first.text + " += ...'",
           "an expression alone has no effect; a condition belongs in the edge's guard");
    }
    unexpected(first, "a statement (an assignment such as 'x = x + 1;')");
  }

  void checkName(const Token& name) const {
    if (isScriptWord(name.text) || isDeclarationWord(name.text) || name.text == "true" || name.text == "false")
      fail(name, "'" + name.text + "' is outside the JavaScript subset");
  }

  // `x++`, `x--`, `++x`, `--x`.
  void step(const Token& name, const Token& op) {
    checkName(name);
    const Expr current = readVariable(name);
    if (!current.sort().isInt())
      sortFail(op, "'" + op.text + "' needs an int, but '" + name.text + "' is " + sortName(current.sort()),
               "'++' and '--' count integers; set a boolean with '" + name.text + " = true;'");
    assign(name, op, ctx_.make(op.text == "++" ? Op::Add : Op::Sub, {current, ctx_.intVal(1)}), false);
  }

  void assign(const Token& name, const Token& op, Expr value, bool constant) {
    const Variables::Entry* entry = vars_->find(name.text);
    if (mode_ == Mode::Init) {
      const Expr folded = foldConstants(ctx_, substitute(ctx_, value, *initial_));
      if (!folded.isConst() || !(folded.sort().isInt() || folded.sort().isBool()))
        fail(op, "the value of '" + name.text + "' is not an integer or boolean constant",
             "the model's actions give each variable a constant initial value");
      if (!entry) {
        if (isReservedName(name.text))
          fail(name, "'" + name.text + "' is reserved in symseq's expressions", "rename the variable");
        mutableVars_->declare({name.text, ctx_.var(name.text, folded.sort()), constant, where(name.at)});
        entry = vars_->find(name.text);
      } else {
        checkAssignable(*entry, name, op, folded.sort());
      }
      (*initial_)[entry->var] = folded;
      return;
    }
    if (!entry) undeclared(name);
    checkAssignable(*entry, name, op, value.sort());
    updates_.push_back(Update{entry->var, value});
  }

  void checkAssignable(const Variables::Entry& entry, const Token& name, const Token& op, Sort sort) const {
    if (entry.constant)
      fail(name, "'" + name.text + "' is a const", "declare it with 'var' or 'let' in the model's actions to change it");
    if (entry.var.sort() != sort)
      sortFail(op, "'" + name.text + "' holds " + sortName(entry.var.sort()) + ", but the value is " + sortName(sort),
               "a variable keeps the sort of its initial value (the model's actions)");
  }

  [[noreturn]] void undeclared(const Token& name) const {
    fail(name, "unknown variable '" + name.text + "'" + didYouMean(name.text, vars_->names()),
         "declare it in the model's actions with its initial value, e.g. \"" + name.text + " = 0;\" or \"" +
             name.text + " = false;\"");
  }

  Expr readVariable(const Token& name) const {
    const Variables::Entry* entry = vars_->find(name.text);
    if (!entry) undeclared(name);
    return entry->var;
  }

  // ---- expressions (JavaScript's precedence, loosest first) -------------------------------------

  Expr expression() { return conditional(); }

  Expr conditional() {
    const Expr c = logicalOr();
    if (!isPunct("?")) return c;
    const Token& q = advance();
    const Expr a = conditional();
    if (!isPunct(":")) unexpected(peek(), "':' of the conditional '?:'");
    advance();
    const Expr b = conditional();
    if (!c.sort().isBool())
      sortFail(q, "the condition of '?:' is " + sortName(c.sort()) + ", not a boolean", "compare it, e.g. 'x > 0 ? 1 : 2'");
    if (a.sort() != b.sort())
      sortFail(q, "the branches of '?:' are " + sortName(a.sort()) + " and " + sortName(b.sort()),
               "both branches must be ints or both booleans");
    return ctx_.mkIte(c, a, b);
  }

  Expr logical(bool isOr) {
    Expr left = isOr ? logical(false) : equality();
    while (isPunct(isOr ? "||" : "&&")) {
      const Token& op = advance();
      const Expr right = isOr ? logical(false) : equality();
      boolOperands(op, left, right);
      left = isOr ? ctx_.make(Op::Or, {left, right}) : ctx_.make(Op::And, {left, right});
    }
    return left;
  }
  Expr logicalOr() { return logical(true); }

  void boolOperands(const Token& op, Expr a, Expr b) const {
    if (!a.sort().isBool() || !b.sort().isBool())
      sortFail(op, "'" + op.text + "' needs two booleans, but its operands are " + sortName(a.sort()) + " and " +
                       sortName(b.sort()),
               "compare integers first, e.g. 'count > 0 && loggedIn'");
  }
  void intOperands(const Token& op, Expr a, Expr b) const {
    if (!a.sort().isInt() || !b.sort().isInt())
      sortFail(op, "'" + op.text + "' needs two ints, but its operands are " + sortName(a.sort()) + " and " +
                       sortName(b.sort()),
               "the subset keeps integers and booleans apart (no JavaScript conversions)");
  }

  Expr equality() {
    Expr left = relational();
    while (isPunct("==") || isPunct("!=") || isPunct("===") || isPunct("!==")) {
      const Token& op = advance();
      const Expr right = relational();
      if (left.sort() != right.sort())
        sortFail(op, "'" + op.text + "' compares " + sortName(left.sort()) + " with " + sortName(right.sort()),
                 "the subset keeps integers and booleans apart (no JavaScript conversions)");
      const Expr eq = ctx_.mkEq(left, right);  // === is == on ints and bools
      left = op.text[0] == '!' ? ctx_.mkNot(eq) : eq;
    }
    return left;
  }

  Expr relational() {
    Expr left = additive();
    while (isPunct("<") || isPunct("<=") || isPunct(">") || isPunct(">=")) {
      const Token& op = advance();
      const Expr right = additive();
      intOperands(op, left, right);
      const Op o = op.text == "<" ? Op::Lt : op.text == "<=" ? Op::Le : op.text == ">" ? Op::Gt : Op::Ge;
      left = ctx_.make(o, {left, right});
    }
    return left;
  }

  Expr additive() {
    Expr left = multiplicative();
    while (isPunct("+") || isPunct("-")) {
      const Token& op = advance();
      const Expr right = multiplicative();
      intOperands(op, left, right);
      left = ctx_.make(op.text == "+" ? Op::Add : Op::Sub, {left, right});
    }
    return left;
  }

  Expr multiplicative() {
    Expr left = unary();
    while (isPunct("*")) {
      const Token& op = advance();
      const Expr right = unary();
      intOperands(op, left, right);
      left = ctx_.make(Op::Mul, {left, right});
    }
    return left;
  }

  // Bounds the recursion (every nesting of parentheses, `!`, `-` and `?:` passes here), so a
  // pathological script is an error, not a stack overflow.
  Expr unary() {
    if (++depth_ > kMaxDepth) fail(peek(), "the expression nests deeper than " + std::to_string(kMaxDepth) + " levels",
                                   "split it over several variables");
    Expr e = unaryInner();
    --depth_;
    return e;
  }

  Expr unaryInner() {
    if (isPunct("!")) {
      const Token& op = advance();
      const Expr a = unary();
      if (!a.sort().isBool())
        sortFail(op, "'!' needs a boolean, but its operand is " + sortName(a.sort()),
                 "compare an integer instead, e.g. 'count == 0'");
      return ctx_.mkNot(a);
    }
    if (isPunct("-")) {
      const Token& op = advance();
      if (peek().kind == Tok::Number) return ctx_.intVal(-BigInt(advance().text));
      const Expr a = unary();
      if (!a.sort().isInt()) sortFail(op, "'-' needs an int, but its operand is " + sortName(a.sort()), kSubsetHint);
      return ctx_.make(Op::Neg, {a});
    }
    if (isPunct("++") || isPunct("--"))
      fail(peek(), "'" + peek().text + "' inside an expression is outside the JavaScript subset",
           "write the increment as a statement of its own: 'x++;'");
    return primary();
  }

  Expr primary() {
    const Token& t = peek();
    if (t.kind == Tok::Number) {
      advance();
      return ctx_.intVal(BigInt(t.text));
    }
    if (t.kind == Tok::Ident) {
      if (t.text == "true" || t.text == "false") {
        advance();
        return ctx_.boolVal(t.text == "true");
      }
      if (isPunct("(", 1)) fail(t, "calling '" + t.text + "' is outside the JavaScript subset (no functions)");
      if (isPunct(".", 1))
        fail(t, "objects and properties ('" + t.text + "." + peek(2).text + "') are outside the JavaScript subset",
             "keep the value in a variable of its own, declared in the model's actions");
      if (isScriptWord(t.text) || isDeclarationWord(t.text))
        fail(t, "'" + t.text + "' is outside the JavaScript subset");
      advance();
      return readVariable(t);
    }
    if (isPunct("(")) {
      advance();
      const Expr e = expression();
      if (!isPunct(")")) unexpected(peek(), "')'");
      advance();
      return e;
    }
    if (isPunct("=")) fail(t, "'=' assigns; compare with '==' or '==='");
    unexpected(t, "a value (a variable, an integer, true or false)");
  }

  ExprContext& ctx_;
  const SourceText& source_;
  const Script& script_;
  const std::string& text_;
  Mode mode_;
  std::vector<Token> tokens_;
  std::size_t pos_ = 0;
  const Variables* vars_ = nullptr;
  Variables* mutableVars_ = nullptr;
  Substitution* initial_ = nullptr;
  std::vector<Update> updates_;
  static constexpr int kMaxDepth = 200;
  int depth_ = 0;
};

}  // namespace

const Variables::Entry* Variables::find(std::string_view name) const {
  for (const Entry& e : entries_)
    if (e.name == name) return &e;
  return nullptr;
}

void Variables::declare(Entry entry) { entries_.push_back(std::move(entry)); }

std::vector<std::string> Variables::names() const {
  std::vector<std::string> out;
  for (const Entry& e : entries_) out.push_back(e.name);
  return out;
}

Expr parseGuard(ExprContext& ctx, const SourceText& source, const Script& script, const Variables& vars) {
  return ScriptParser(ctx, source, script, Mode::Guard).guard(vars);
}

std::vector<Update> parseActions(ExprContext& ctx, const SourceText& source, const Script& script,
                                 const Variables& vars) {
  return ScriptParser(ctx, source, script, Mode::Step).actions(vars);
}

void runModelActions(ExprContext& ctx, const SourceText& source, const Script& script, Variables& vars,
                     Substitution& initial) {
  ScriptParser(ctx, source, script, Mode::Init).init(vars, initial);
}

}  // namespace symseq::graphwalker
