#include "symseq/expr/Op.h"

namespace symseq {

std::string_view opName(Op op) {
  switch (op) {
    case Op::Const: return "const";
    case Op::Var: return "var";
    case Op::Apply: return "apply";
    case Op::Not: return "not";
    case Op::And: return "and";
    case Op::Or: return "or";
    case Op::Implies: return "implies";
    case Op::Xor: return "xor";
    case Op::Ite: return "ite";
    case Op::Eq: return "eq";
    case Op::Neg: return "neg";
    case Op::Add: return "add";
    case Op::Sub: return "sub";
    case Op::Mul: return "mul";
    case Op::Div: return "div";
    case Op::Mod: return "mod";
    case Op::Lt: return "lt";
    case Op::Le: return "le";
    case Op::Gt: return "gt";
    case Op::Ge: return "ge";
    case Op::ToReal: return "to_real";
    case Op::BvNot: return "bvnot";
    case Op::BvAnd: return "bvand";
    case Op::BvOr: return "bvor";
    case Op::BvXor: return "bvxor";
    case Op::BvShl: return "bvshl";
    case Op::BvLshr: return "bvlshr";
    case Op::BvSlt: return "bvslt";
    case Op::BvSle: return "bvsle";
    case Op::BvSgt: return "bvsgt";
    case Op::BvSge: return "bvsge";
    case Op::BvSdiv: return "bvsdiv";
    case Op::BvSrem: return "bvsrem";
  }
  return "?";
}

}  // namespace symseq
