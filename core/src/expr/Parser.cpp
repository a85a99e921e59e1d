// parseExpr: the operator-precedence machine of ParserImpl.h. Levels and associativity come
// from Syntax.h, which the printer shares, so printing and parsing agree on every grouping.
#include "ParserImpl.h"

namespace symseq {

namespace syntax {

Parser::Parser(ExprContext& ctx, std::string_view text, const ParseOptions& options, const Scope& scope)
    : ctx_(ctx), locator_(text, options.start), scope_(scope), tokens_(tokenize(text, locator_)) {}

Expr Parser::parse() {
  push(FrameKind::Ternary);
  while (!stack_.empty()) {
    // Each step reads the top frame, then pushes a child or finishes; it never keeps a
    // reference to a frame across a push, which may move the stack.
    switch (stack_.back().kind) {
      case FrameKind::Ternary: stepTernary(result_); break;
      case FrameKind::Binary: stepBinary(result_); break;
      case FrameKind::Unary: stepUnary(result_); break;
      case FrameKind::Paren:
        expectClose(tokens_[stack_.back().open]);
        finish(result_);
        break;
      case FrameKind::Call: stepCall(result_); break;
      case FrameKind::Index: stepIndex(result_); break;
    }
  }
  if (peek().kind != TokenKind::End) {
    if (isPunct(")")) fail(peek(), "unmatched ')'");
    failExpected("an operator or end of input");
  }
  return result_;
}

void Parser::push(FrameKind kind, int minLevel) {
  if (stack_.size() >= kMaxFrames)
    fail(peek(), "expression nests too deeply", "split it into smaller expressions");
  Frame& f = stack_.emplace_back();
  f.kind = kind;
  f.minLevel = minLevel;
}

void Parser::finish(Expr value) {
  result_ = value;
  stack_.pop_back();
}

// c ? a : b, right-associative. The else branches of a chain are collected in one frame.
void Parser::stepTernary(Expr value) {
  Frame& f = stack_.back();
  switch (f.stage) {
    case 0: break;
    case 1: {  // value: a condition, or the whole expression when no '?' follows
      if (!isPunct("?")) {
        Expr e = value;
        for (auto it = f.pending.rbegin(); it != f.pending.rend(); ++it) {
          const Expr parts[] = {it->cond, it->then, e};
          e = make(Op::Ite, parts, tokens_[it->question]);
        }
        finish(e);
        return;
      }
      f.cond = value;
      f.question = pos_;
      advance();
      f.stage = 2;
      push(FrameKind::Ternary);
      return;
    }
    default:  // value: the branch after '?'
      if (!accept(":")) failExpected("':' to match '?'", tokens_[f.question].offset);
      f.pending.push_back({f.cond, value, f.question});
  }
  f.stage = 1;
  push(FrameKind::Binary, kImplies);
}

// Operators of level >= minLevel, one run of a level at a time; a run of the level's n-ary
// operator (+, *, &&, ||) collects into one node.
void Parser::stepBinary(Expr value) {
  Frame& f = stack_.back();
  if (f.stage == 0) {
    f.stage = 1;
    push(FrameKind::Unary);
    return;
  }
  if (f.stage == 1) {  // value: the left operand
    f.chain.assign(1, value);
    f.operators.assign(1, 0);
  } else if (f.op->nary) {  // value: a right operand
    f.chain.push_back(value);
    f.operators.push_back(f.opIndex);
  } else {
    const Expr parts[] = {finishChain(f.chain, f.operators), value};
    Expr node = make(f.op->op, parts, tokens_[f.opIndex]);
    if (f.op->negated) node = make(Op::Not, {&node, 1}, tokens_[f.opIndex]);
    f.chain.assign(1, node);
    f.operators.assign(1, 0);
  }
  const std::optional<BinaryOp> next = peekBinary();
  if (f.level != -1 && (!next || next->level != f.level)) {  // the run ends
    const Expr done = finishChain(f.chain, f.operators);
    f.chain.assign(1, done);
    f.operators.assign(1, 0);
    f.level = -1;
  }
  if (!next || next->level < f.minLevel) {
    finish(f.chain[0]);
    return;
  }
  if (f.level == -1) {
    f.level = next->level;
    f.firstInRun = true;
  }
  if (next->assoc == Assoc::None && !f.firstInRun) failChained(peek(), f.level);
  f.firstInRun = false;
  f.op = next;
  f.opIndex = pos_;
  advance();
  f.stage = 2;
  push(FrameKind::Binary, next->assoc == Assoc::Right ? f.level : f.level + 1);
}

// Prefix operators then a primary; -7 (an Int or Real literal after '-') is one literal.
void Parser::stepUnary(Expr value) {
  if (stack_.back().stage == 0) {
    Frame& f = stack_.back();
    f.stage = 1;
    while (isPunct("!") || isPunct("-") || isPunct("~")) {
      f.prefix.push_back(pos_);
      advance();
    }
    const bool signedLiteral = peek().kind == TokenKind::Number && peek().text.find("bv") == std::string_view::npos;
    if (!f.prefix.empty() && tokens_[f.prefix.back()].text == "-" && signedLiteral) {
      f.prefix.pop_back();
      value = parseNumber(advance(), true);
    } else if (auto primary = startPrimary()) {
      value = *primary;
    } else {
      return;  // a Paren or Call frame runs first
    }
  }
  const Frame& f = stack_.back();
  for (auto it = f.prefix.rbegin(); it != f.prefix.rend(); ++it) {
    const Token& t = tokens_[*it];
    const Op op = t.text == "!" ? Op::Not : (t.text == "-" ? Op::Neg : Op::BvNot);
    value = make(op, {&value, 1}, t);
  }
  finish(value);
}

std::optional<Expr> Parser::startPrimary() {
  const Token& t = peek();
  if (t.kind == TokenKind::Number) return parseNumber(advance(), false);
  if (t.kind == TokenKind::Identifier) {
    advance();
    if (t.text == "true" || t.text == "false") return ctx_.boolVal(t.text == "true");
    if (t.text == "real") return parseRational();
    if (isPunct("[")) {
      if (scope_.lookupArray(t.text) == nullptr) {
        (void)variable(t);  // an unknown name fails here
        fail(t, "'" + std::string(t.text) + "' is not an array, so it cannot be indexed");
      }
      push(FrameKind::Index);
      stack_.back().name = pos_ - 1;
      stack_.back().open = pos_;
      advance();
      push(FrameKind::Ternary);
      return std::nullopt;
    }
    if (!isPunct("(")) return variable(t);
    checkCallee(t);
    const std::size_t name = pos_ - 1;
    const std::size_t open = pos_;
    advance();
    if (accept(")")) return finishCall(t, {});
    push(FrameKind::Call);
    stack_.back().name = name;
    stack_.back().open = open;
    nextArgument();
    return std::nullopt;
  }
  if (isPunct("(")) {
    push(FrameKind::Paren);
    stack_.back().open = pos_;
    advance();
    push(FrameKind::Ternary);
    return std::nullopt;
  }
  failExpected("an expression");
}

void Parser::stepCall(Expr value) {
  Frame& f = stack_.back();
  f.args.push_back(value);
  if (accept(",")) {
    nextArgument();
    return;
  }
  if (!accept(")")) failArguments(tokens_[f.name], tokens_[f.open]);
  const Expr call = finishCall(tokens_[f.name], f.args);
  finish(call);
}

// With a Call frame on top, after '(' or ',': whole arrays pass their cells without a frame of
// their own; any other argument is parsed in a child frame.
void Parser::nextArgument() {
  while (const std::vector<Expr>* cells = wholeArrayArgument()) {
    Frame& f = stack_.back();
    f.args.insert(f.args.end(), cells->begin(), cells->end());
    advance();
    if (accept(",")) continue;
    expectClose(tokens_[f.open]);  // wholeArrayArgument() saw the ')'
    const Expr call = finishCall(tokens_[f.name], f.args);
    finish(call);
    return;
  }
  push(FrameKind::Ternary);
}

// value: the index of A[...].
void Parser::stepIndex(Expr value) {
  const Frame& f = stack_.back();
  const Token& open = tokens_[f.open];
  if (!accept("]")) failExpected("']' to close '['", open.offset);
  const Token& name = tokens_[f.name];
  const Expr read = cell(name, *scope_.lookupArray(name.text), value, tokens_[f.open + 1]);
  finish(read);
}

bool Parser::accept(std::string_view p) {
  if (!isPunct(p)) return false;
  advance();
  return true;
}

std::optional<BinaryOp> Parser::peekBinary() const {
  return peek().kind == TokenKind::Punct ? binaryOp(peek().text) : std::nullopt;
}

Expr Parser::make(Op op, std::span<const Expr> args, const Token& at) {
  try {
    return ctx_.make(op, args);
  } catch (const SortError& e) {
    throw SortError(e.message(), locator_.at(at.offset), e.hint());
  }
}

Expr Parser::finishChain(const std::vector<Expr>& chain, const std::vector<std::size_t>& operators) {
  if (chain.size() == 1) return chain[0];
  // Each level has at most one n-ary operator, so every operator of a chain is that one.
  // Blame the operator before the first operand whose sort differs from the first one's.
  std::size_t blame = 1;
  while (blame + 1 < chain.size() && chain[blame].sort() == chain[0].sort()) ++blame;
  if (chain[blame].sort() == chain[0].sort()) blame = 1;
  return make(binaryOp(tokens_[operators[1]].text)->op, chain, tokens_[operators[blame]]);
}

}  // namespace syntax

namespace {

class ContextScope final : public Scope {
 public:
  explicit ContextScope(const ExprContext& ctx) : ctx_(ctx) {}
  [[nodiscard]] std::optional<Expr> lookupVariable(std::string_view name) const override { return ctx_.findVar(name); }
  [[nodiscard]] const FunctionDecl* lookupFunction(std::string_view name) const override {
    return ctx_.findFunction(name);
  }
  [[nodiscard]] std::vector<std::string> variableNames() const override {
    std::vector<std::string> names;
    for (Expr v : ctx_.variables()) names.emplace_back(v.name());
    return names;
  }
  [[nodiscard]] std::vector<std::string> functionNames() const override {
    std::vector<std::string> names;
    for (const FunctionDecl* f : ctx_.functions()) names.push_back(f->name());
    return names;
  }

 private:
  const ExprContext& ctx_;
};

}  // namespace

Expr parseExpr(ExprContext& ctx, std::string_view text, const ParseOptions& options) {
  const ContextScope contextScope(ctx);
  syntax::Parser parser(ctx, text, options, options.scope != nullptr ? *options.scope : contextScope);
  return parser.parse();
}

}  // namespace symseq
