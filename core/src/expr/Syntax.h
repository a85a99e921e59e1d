#pragma once
// The infix syntax's precedence levels, shared by Parser.cpp and Printer.cpp so that what the
// printer leaves unparenthesised is exactly what the parser groups the same way.
#include <optional>
#include <string_view>

#include "symseq/expr/Op.h"

namespace symseq::syntax {

// Loosest first; a larger level binds tighter.
enum Level : int {
  kTernary = 1,
  kImplies,   // right-associative
  kOr,        // n-ary
  kXor,
  kAnd,       // n-ary
  kEquality,  // == !=, non-associative
  kRelation,  // < <= > >=, non-associative
  kBvOr,
  kBvXor,
  kBvAnd,
  kShift,
  kAdditive,        // + (n-ary) -
  kMultiplicative,  // * (n-ary) / %
  kUnary,
  kPrimary,
};

enum class Assoc : unsigned char { Left, Right, None };

struct BinaryOp {
  Op op;
  int level;
  Assoc assoc;
  bool nary;     // a chain becomes one node
  bool negated;  // != is Not(Eq)
};

// The binary operator a token spells, if any.
[[nodiscard]] inline std::optional<BinaryOp> binaryOp(std::string_view token) {
  struct Entry {
    std::string_view text;
    BinaryOp op;
  };
  static constexpr Entry kTable[] = {
      {"=>", {Op::Implies, kImplies, Assoc::Right, false, false}},
      {"||", {Op::Or, kOr, Assoc::Left, true, false}},
      {"^^", {Op::Xor, kXor, Assoc::Left, false, false}},
      {"&&", {Op::And, kAnd, Assoc::Left, true, false}},
      {"==", {Op::Eq, kEquality, Assoc::None, false, false}},
      {"!=", {Op::Eq, kEquality, Assoc::None, false, true}},
      {"<", {Op::Lt, kRelation, Assoc::None, false, false}},
      {"<=", {Op::Le, kRelation, Assoc::None, false, false}},
      {">", {Op::Gt, kRelation, Assoc::None, false, false}},
      {">=", {Op::Ge, kRelation, Assoc::None, false, false}},
      {"|", {Op::BvOr, kBvOr, Assoc::Left, false, false}},
      {"^", {Op::BvXor, kBvXor, Assoc::Left, false, false}},
      {"&", {Op::BvAnd, kBvAnd, Assoc::Left, false, false}},
      {"<<", {Op::BvShl, kShift, Assoc::Left, false, false}},
      {">>", {Op::BvLshr, kShift, Assoc::Left, false, false}},
      {"+", {Op::Add, kAdditive, Assoc::Left, true, false}},
      {"-", {Op::Sub, kAdditive, Assoc::Left, false, false}},
      {"*", {Op::Mul, kMultiplicative, Assoc::Left, true, false}},
      {"/", {Op::Div, kMultiplicative, Assoc::Left, false, false}},
      {"%", {Op::Mod, kMultiplicative, Assoc::Left, false, false}},
  };
  for (const auto& e : kTable)
    if (e.text == token) return e.op;
  return std::nullopt;
}

// The infix spelling and level of a binary node's operator, for the printer.
struct Infix {
  std::string_view text;
  int level = 0;
  Assoc assoc = Assoc::Left;
  bool nary = false;
};

[[nodiscard]] inline std::optional<Infix> infixOf(Op op) {
  switch (op) {
    case Op::Implies: return Infix{"=>", kImplies, Assoc::Right, false};
    case Op::Or: return Infix{"||", kOr, Assoc::Left, true};
    case Op::Xor: return Infix{"^^", kXor, Assoc::Left, false};
    case Op::And: return Infix{"&&", kAnd, Assoc::Left, true};
    case Op::Eq: return Infix{"==", kEquality, Assoc::None, false};
    case Op::Lt: return Infix{"<", kRelation, Assoc::None, false};
    case Op::Le: return Infix{"<=", kRelation, Assoc::None, false};
    case Op::Gt: return Infix{">", kRelation, Assoc::None, false};
    case Op::Ge: return Infix{">=", kRelation, Assoc::None, false};
    case Op::BvOr: return Infix{"|", kBvOr, Assoc::Left, false};
    case Op::BvXor: return Infix{"^", kBvXor, Assoc::Left, false};
    case Op::BvAnd: return Infix{"&", kBvAnd, Assoc::Left, false};
    case Op::BvShl: return Infix{"<<", kShift, Assoc::Left, false};
    case Op::BvLshr: return Infix{">>", kShift, Assoc::Left, false};
    case Op::Add: return Infix{"+", kAdditive, Assoc::Left, true};
    case Op::Sub: return Infix{"-", kAdditive, Assoc::Left, false};
    case Op::Mul: return Infix{"*", kMultiplicative, Assoc::Left, true};
    case Op::Div: return Infix{"/", kMultiplicative, Assoc::Left, false};
    case Op::Mod: return Infix{"%", kMultiplicative, Assoc::Left, false};
    default: return std::nullopt;
  }
}

// Builtins written as calls: name(a, b).
[[nodiscard]] inline std::optional<Op> builtinCall(std::string_view name) {
  if (name == "to_real") return Op::ToReal;
  if (name == "slt") return Op::BvSlt;
  if (name == "sle") return Op::BvSle;
  if (name == "sgt") return Op::BvSgt;
  if (name == "sge") return Op::BvSge;
  if (name == "sdiv") return Op::BvSdiv;
  if (name == "srem") return Op::BvSrem;
  return std::nullopt;
}

[[nodiscard]] inline std::string_view builtinName(Op op) {
  switch (op) {
    case Op::ToReal: return "to_real";
    case Op::BvSlt: return "slt";
    case Op::BvSle: return "sle";
    case Op::BvSgt: return "sgt";
    case Op::BvSge: return "sge";
    case Op::BvSdiv: return "sdiv";
    case Op::BvSrem: return "srem";
    default: return {};
  }
}

}  // namespace symseq::syntax
