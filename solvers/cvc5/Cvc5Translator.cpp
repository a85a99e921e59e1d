#include "Cvc5Translator.h"

#include <utility>

#include "symseq/support/Error.h"

namespace symseq::cvc5backend {

using cvc5::Kind;

cvc5::Sort Cvc5Translator::sort(Sort s) {
  switch (s.kind()) {
    case SortKind::Bool: return solver_.getBooleanSort();
    case SortKind::Int: return solver_.getIntegerSort();
    case SortKind::Real: return solver_.getRealSort();
    case SortKind::BitVec: return solver_.mkBitVectorSort(s.width());
  }
  throw SolverError("cvc5: unknown sort");
}

cvc5::Term Cvc5Translator::translate(Expr e) {
  if (cache_.size() <= e.id()) cache_.resize(e.id() + 1);
  if (!cache_[e.id()].isNull()) return cache_[e.id()];
  // Iterative post-order: path conditions can be deep chains, too deep for recursion.
  std::vector<std::pair<Expr, bool>> todo{{e, false}};
  while (!todo.empty()) {
    auto [node, expanded] = todo.back();
    todo.pop_back();
    if (cache_.size() <= node.id()) cache_.resize(node.id() + 1);
    if (!cache_[node.id()].isNull()) continue;
    if (!expanded) {
      todo.emplace_back(node, true);
      for (Expr c : node.children())
        if (c.id() >= cache_.size() || cache_[c.id()].isNull()) todo.emplace_back(c, false);
      continue;
    }
    cache_[node.id()] = build(node);
  }
  return cache_[e.id()];
}

cvc5::Term Cvc5Translator::function(const FunctionDecl& f) {
  if (functions_.size() <= f.id()) functions_.resize(f.id() + 1);
  cvc5::Term& slot = functions_[f.id()];
  if (slot.isNull()) {
    std::vector<cvc5::Sort> domain;
    for (Sort p : f.params()) domain.push_back(sort(p));
    slot = domain.empty() ? solver_.mkConst(sort(f.result()), f.name())
                          : solver_.mkConst(solver_.mkFunctionSort(domain, sort(f.result())), f.name());
  }
  return slot;
}

cvc5::Term Cvc5Translator::literal(const Value& v) {
  switch (v.sort().kind()) {
    case SortKind::Bool: return solver_.mkBoolean(v.asBool());
    // Decimal text keeps values beyond 64 bits exact.
    case SortKind::Int: return solver_.mkInteger(v.asInt().str());
    case SortKind::Real: {
      const Rational& r = v.asReal();
      return solver_.mkReal(boost::multiprecision::numerator(r).str() + "/" +
                            boost::multiprecision::denominator(r).str());
    }
    case SortKind::BitVec: return solver_.mkBitVector(v.sort().width(), v.bits().str(), 10);
  }
  throw SolverError("cvc5: unknown literal sort");
}

cvc5::Term Cvc5Translator::build(Expr e) {
  std::vector<cvc5::Term> args;
  args.reserve(e.arity());
  for (Expr c : e.children()) args.push_back(cache_[c.id()]);
  const bool bv = e.arity() > 0 && e.child(0).sort().isBitVec();
  const bool isInt = e.arity() > 0 && e.child(0).sort().isInt();
  auto mk = [&](Kind k) { return solver_.mkTerm(k, args); };
  // cvc5's bit-vector add and mul are n-ary, like ours.
  switch (e.op()) {
    case Op::Const: return literal(e.value());
    case Op::Var: return solver_.mkConst(sort(e.sort()), std::string(e.name()));
    case Op::Apply: {
      const cvc5::Term f = function(e.function());
      if (args.empty()) return f;
      args.insert(args.begin(), f);
      return mk(Kind::APPLY_UF);
    }
    case Op::Not: return mk(Kind::NOT);
    case Op::And: return mk(Kind::AND);
    case Op::Or: return mk(Kind::OR);
    case Op::Implies: return mk(Kind::IMPLIES);
    case Op::Xor: return mk(Kind::XOR);
    case Op::Ite: return mk(Kind::ITE);
    case Op::Eq: return mk(Kind::EQUAL);
    case Op::Neg: return mk(bv ? Kind::BITVECTOR_NEG : Kind::NEG);
    case Op::Add: return mk(bv ? Kind::BITVECTOR_ADD : Kind::ADD);
    case Op::Mul: return mk(bv ? Kind::BITVECTOR_MULT : Kind::MULT);
    case Op::Sub: return mk(bv ? Kind::BITVECTOR_SUB : Kind::SUB);
    // INTS_DIVISION and INTS_MODULUS are SMT-LIB div and mod (Euclidean); bit-vector / and % are unsigned.
    case Op::Div: return mk(bv ? Kind::BITVECTOR_UDIV : isInt ? Kind::INTS_DIVISION : Kind::DIVISION);
    case Op::Mod: return mk(bv ? Kind::BITVECTOR_UREM : Kind::INTS_MODULUS);
    case Op::Lt: return mk(bv ? Kind::BITVECTOR_ULT : Kind::LT);
    case Op::Le: return mk(bv ? Kind::BITVECTOR_ULE : Kind::LEQ);
    case Op::Gt: return mk(bv ? Kind::BITVECTOR_UGT : Kind::GT);
    case Op::Ge: return mk(bv ? Kind::BITVECTOR_UGE : Kind::GEQ);
    case Op::ToReal: return mk(Kind::TO_REAL);
    case Op::BvNot: return mk(Kind::BITVECTOR_NOT);
    case Op::BvAnd: return mk(Kind::BITVECTOR_AND);
    case Op::BvOr: return mk(Kind::BITVECTOR_OR);
    case Op::BvXor: return mk(Kind::BITVECTOR_XOR);
    case Op::BvShl: return mk(Kind::BITVECTOR_SHL);
    case Op::BvLshr: return mk(Kind::BITVECTOR_LSHR);
    case Op::BvSlt: return mk(Kind::BITVECTOR_SLT);
    case Op::BvSle: return mk(Kind::BITVECTOR_SLE);
    case Op::BvSgt: return mk(Kind::BITVECTOR_SGT);
    case Op::BvSge: return mk(Kind::BITVECTOR_SGE);
    case Op::BvSdiv: return mk(Kind::BITVECTOR_SDIV);
    case Op::BvSrem: return mk(Kind::BITVECTOR_SREM);
  }
  throw SolverError("cvc5: operator '" + std::string(opName(e.op())) + "' has no translation");
}

}  // namespace symseq::cvc5backend
