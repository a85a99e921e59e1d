#pragma once
// The operators of the expression language.
#include <cstdint>
#include <string_view>

#pragma GCC visibility push(default)

namespace symseq {

enum class Op : std::uint8_t {
  // Leaves
  Const,  // a literal Value
  Var,    // a named variable of some sort
  Apply,  // an application of a declared function
  // Boolean
  Not, And, Or, Implies, Xor,  // And and Or take two or more operands
  Ite,                          // c ? a : b, any sort for a and b
  Eq,                           // any two operands of the same sort
  // Arithmetic on Int and Real; bit-vector arithmetic is modulo 2^width and unsigned for / and %
  Neg, Add, Sub, Mul, Div, Mod,  // Add and Mul take two or more; Int / and % are SMT-LIB's (Euclidean)
  Lt, Le, Gt, Ge,                // unsigned on bit-vectors
  ToReal,                        // Int -> Real
  // Bit-vector only
  BvNot, BvAnd, BvOr, BvXor, BvShl, BvLshr,
  BvSlt, BvSle, BvSgt, BvSge, BvSdiv, BvSrem,
};

inline constexpr int kOpCount = static_cast<int>(Op::BvSrem) + 1;

// A stable lower-case name for logs and errors ("add", "bvslt", ...).
[[nodiscard]] std::string_view opName(Op op);

}  // namespace symseq

#pragma GCC visibility pop
