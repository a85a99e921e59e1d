#include "Z3Translator.h"

#include <utility>

#include "symseq/support/Error.h"

namespace symseq::z3backend {

namespace {
bool isNull(const z3::ast& a) { return static_cast<Z3_ast>(a) == nullptr; }
}  // namespace

z3::sort Z3Translator::sort(Sort s) {
  switch (s.kind()) {
    case SortKind::Bool: return ctx_.bool_sort();
    case SortKind::Int: return ctx_.int_sort();
    case SortKind::Real: return ctx_.real_sort();
    case SortKind::BitVec: return ctx_.bv_sort(s.width());
  }
  throw SolverError("z3: unknown sort");
}

z3::expr Z3Translator::translate(Expr e) {
  if (cache_.size() <= e.id()) cache_.resize(e.id() + 1, z3::expr(ctx_));
  if (!isNull(cached(e))) return cached(e);
  // Iterative post-order: path conditions can be deep chains, too deep for recursion.
  std::vector<std::pair<Expr, bool>> todo{{e, false}};
  while (!todo.empty()) {
    auto [node, expanded] = todo.back();
    todo.pop_back();
    if (cache_.size() <= node.id()) cache_.resize(node.id() + 1, z3::expr(ctx_));
    if (!isNull(cached(node))) continue;
    if (!expanded) {
      todo.emplace_back(node, true);
      for (Expr c : node.children())
        if (c.id() >= cache_.size() || isNull(cached(c))) todo.emplace_back(c, false);
      continue;
    }
    cache_[node.id()] = build(node);
  }
  return cached(e);
}

z3::func_decl Z3Translator::function(const FunctionDecl& f) {
  if (functions_.size() <= f.id()) functions_.resize(f.id() + 1, z3::func_decl(ctx_));
  z3::func_decl& slot = functions_[f.id()];
  if (isNull(slot)) {
    z3::sort_vector domain(ctx_);
    for (Sort p : f.params()) domain.push_back(sort(p));
    slot = ctx_.function(f.name().c_str(), domain, sort(f.result()));
  }
  return slot;
}

z3::expr Z3Translator::literal(const Value& v) {
  switch (v.sort().kind()) {
    case SortKind::Bool: return ctx_.bool_val(v.asBool());
    // Decimal text keeps values beyond 64 bits exact.
    case SortKind::Int: return ctx_.int_val(v.asInt().str().c_str());
    case SortKind::Real: {
      const Rational& r = v.asReal();
      const std::string text =
          boost::multiprecision::numerator(r).str() + "/" + boost::multiprecision::denominator(r).str();
      return ctx_.real_val(text.c_str());
    }
    case SortKind::BitVec: return ctx_.bv_val(v.bits().str().c_str(), v.sort().width());
  }
  throw SolverError("z3: unknown literal sort");
}

z3::expr Z3Translator::build(Expr e) {
  const auto kids = e.children();
  auto arg = [&](std::size_t i) -> const z3::expr& { return cached(kids[i]); };
  auto all = [&] {
    z3::expr_vector v(ctx_);
    for (Expr k : kids) v.push_back(cached(k));
    return v;
  };
  // Left fold for the n-ary operators that z3 only has as binary on bit-vectors.
  auto fold = [&](Z3_ast (*mk)(Z3_context, Z3_ast, Z3_ast)) {
    z3::expr acc = arg(0);
    for (std::size_t i = 1; i < kids.size(); ++i) {
      Z3_ast r = mk(ctx_, acc, arg(i));
      ctx_.check_error();
      acc = z3::expr(ctx_, r);
    }
    return acc;
  };
  auto raw = [&] {
    std::vector<Z3_ast> v;
    for (Expr k : kids) v.push_back(cached(k));
    return v;
  };
  auto wrap = [&](Z3_ast r) {
    ctx_.check_error();
    return z3::expr(ctx_, r);
  };
  const bool bv = !kids.empty() && kids[0].sort().isBitVec();

  switch (e.op()) {
    case Op::Const: return literal(e.value());
    case Op::Var: return ctx_.constant(std::string(e.name()).c_str(), sort(e.sort()));
    case Op::Apply: return function(e.function())(all());
    case Op::Not: return !arg(0);
    case Op::And: return z3::mk_and(all());
    case Op::Or: return z3::mk_or(all());
    case Op::Implies: return z3::implies(arg(0), arg(1));
    case Op::Xor: return wrap(Z3_mk_xor(ctx_, arg(0), arg(1)));
    case Op::Ite: return z3::ite(arg(0), arg(1), arg(2));
    case Op::Eq: return arg(0) == arg(1);
    case Op::Neg: return bv ? wrap(Z3_mk_bvneg(ctx_, arg(0))) : wrap(Z3_mk_unary_minus(ctx_, arg(0)));
    case Op::Add: {
      if (bv) return fold(Z3_mk_bvadd);
      const std::vector<Z3_ast> v = raw();
      return wrap(Z3_mk_add(ctx_, static_cast<unsigned>(v.size()), v.data()));
    }
    case Op::Mul: {
      if (bv) return fold(Z3_mk_bvmul);
      const std::vector<Z3_ast> v = raw();
      return wrap(Z3_mk_mul(ctx_, static_cast<unsigned>(v.size()), v.data()));
    }
    case Op::Sub: return bv ? wrap(Z3_mk_bvsub(ctx_, arg(0), arg(1))) : arg(0) - arg(1);
    // Z3_mk_div is SMT-LIB div on Int (Euclidean) and / on Real; bit-vector / is unsigned here
    // while z3++'s operator/ would be signed.
    case Op::Div: return bv ? wrap(Z3_mk_bvudiv(ctx_, arg(0), arg(1))) : wrap(Z3_mk_div(ctx_, arg(0), arg(1)));
    case Op::Mod: return bv ? wrap(Z3_mk_bvurem(ctx_, arg(0), arg(1))) : wrap(Z3_mk_mod(ctx_, arg(0), arg(1)));
    case Op::Lt: return bv ? z3::ult(arg(0), arg(1)) : arg(0) < arg(1);
    case Op::Le: return bv ? z3::ule(arg(0), arg(1)) : arg(0) <= arg(1);
    case Op::Gt: return bv ? z3::ugt(arg(0), arg(1)) : arg(0) > arg(1);
    case Op::Ge: return bv ? z3::uge(arg(0), arg(1)) : arg(0) >= arg(1);
    case Op::ToReal: return z3::to_real(arg(0));
    case Op::BvNot: return wrap(Z3_mk_bvnot(ctx_, arg(0)));
    case Op::BvAnd: return wrap(Z3_mk_bvand(ctx_, arg(0), arg(1)));
    case Op::BvOr: return wrap(Z3_mk_bvor(ctx_, arg(0), arg(1)));
    case Op::BvXor: return wrap(Z3_mk_bvxor(ctx_, arg(0), arg(1)));
    case Op::BvShl: return z3::shl(arg(0), arg(1));
    case Op::BvLshr: return z3::lshr(arg(0), arg(1));
    case Op::BvSlt: return z3::slt(arg(0), arg(1));
    case Op::BvSle: return z3::sle(arg(0), arg(1));
    case Op::BvSgt: return z3::sgt(arg(0), arg(1));
    case Op::BvSge: return z3::sge(arg(0), arg(1));
    case Op::BvSdiv: return wrap(Z3_mk_bvsdiv(ctx_, arg(0), arg(1)));
    case Op::BvSrem: return wrap(Z3_mk_bvsrem(ctx_, arg(0), arg(1)));
  }
  throw SolverError("z3: operator '" + std::string(opName(e.op())) + "' has no translation");
}

}  // namespace symseq::z3backend
