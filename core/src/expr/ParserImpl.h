#pragma once
// The parser behind parseExpr (Parser.h). Parser.cpp holds the operator-precedence machine,
// ParserTerms.cpp the leaves (literals, names, calls) and the error messages.
//
// Precedence climbing, run on an explicit stack of frames instead of the call stack: each
// frame is a suspended parse step that resumes with the value its child frame produced. So
// nesting costs heap, not stack, and a depth limit turns absurd input into a ParseError.
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "Lexer.h"
#include "Syntax.h"
#include "symseq/expr/Parser.h"

namespace symseq::syntax {

class Parser {
 public:
  // Frames on the explicit stack; about four per level of parentheses.
  static constexpr std::size_t kMaxFrames = 200000;

  Parser(ExprContext& ctx, std::string_view text, const ParseOptions& options, const Scope& scope);
  Expr parse();

 private:
  enum class FrameKind : unsigned char { Ternary, Binary, Unary, Paren, Call, Index };
  struct PendingIte {
    Expr cond, then;
    std::size_t question;
  };
  struct Frame {
    FrameKind kind;
    int stage = 0;
    // Ternary: the c ? a : parts of an else-if chain, folded when it ends.
    std::vector<PendingIte> pending;
    Expr cond;
    std::size_t question = 0;
    // Binary: operators of level >= minLevel; a run of one level collects in `chain`.
    int minLevel = 0;
    int level = -1;  // the level of the current run, -1 between runs
    bool firstInRun = true;
    std::vector<Expr> chain;
    std::vector<std::size_t> operators;  // the operator token before each chain operand
    std::optional<BinaryOp> op;          // the operator awaiting its right operand
    std::size_t opIndex = 0;
    // Unary: the prefix operators (! - ~) before the operand.
    std::vector<std::size_t> prefix;
    // Paren, Call and Index: the '(' or '[' and, for a call or a cell, the name (and a call's
    // arguments so far).
    std::size_t open = 0;
    std::size_t name = 0;
    std::vector<Expr> args;
  };

  void push(FrameKind kind, int minLevel = 0);
  void stepTernary(Expr value);
  void stepBinary(Expr value);
  void stepUnary(Expr value);
  void stepCall(Expr value);
  void nextArgument();
  void stepIndex(Expr value);
  void finish(Expr value);
  // A primary that needs no frame, or nullopt after pushing a Paren or Call frame.
  std::optional<Expr> startPrimary();

  [[nodiscard]] const Token& peek() const { return tokens_[pos_]; }
  const Token& advance() { return tokens_[pos_ + 1 < tokens_.size() ? pos_++ : pos_]; }
  [[nodiscard]] bool isPunct(std::string_view p) const { return peek().kind == TokenKind::Punct && peek().text == p; }
  bool accept(std::string_view p);
  [[nodiscard]] std::optional<BinaryOp> peekBinary() const;

  // ExprContext reports ill-sorted terms without a location; these give them the operator's.
  Expr make(Op op, std::span<const Expr> args, const Token& at);
  Expr finishChain(const std::vector<Expr>& chain, const std::vector<std::size_t>& operators);

  // Leaves (ParserTerms.cpp).
  Expr parseNumber(const Token& t, bool negative);
  Expr parseRational();
  BigInt parseIntegerLiteral(std::string_view role);
  Expr variable(const Token& name) const;
  [[nodiscard]] const std::vector<Expr>* wholeArrayArgument() const;
  Expr cell(const Token& name, const std::vector<Expr>& cells, Expr index, const Token& indexStart);
  void checkCallee(const Token& name) const;
  Expr finishCall(const Token& name, const std::vector<Expr>& args);

  [[noreturn]] void fail(const Token& at, std::string message, std::string hint = {}) const;
  [[noreturn]] void failExpected(std::string_view what, std::size_t openOffset = std::string_view::npos) const;
  [[noreturn]] void failChained(const Token& op, int level) const;
  [[noreturn]] void failArguments(const Token& name, const Token& open) const;
  void expectClose(const Token& open);

  ExprContext& ctx_;
  Locator locator_;
  const Scope& scope_;
  std::vector<Token> tokens_;
  std::size_t pos_ = 0;
  std::vector<Frame> stack_;
  Expr result_;  // what the last finished frame produced
};

}  // namespace symseq::syntax
