#pragma once
// A seeded generator of random well-sorted expressions, for round-trip and differential tests.
// Every sub-term has one of the allowed sorts and reads only the given variables, so a Bool
// formula from it can go to any solver that supports those sorts. Deterministic for a seed: it
// draws from std::mt19937_64 with plain modulo (library distributions differ across platforms).
#include <algorithm>
#include <array>
#include <cstdint>
#include <random>
#include <vector>

#include "symseq/expr/ExprContext.h"

namespace symseq::test {

struct RandomExprOptions {
  // The sorts sub-terms may take (a Bool result is always allowed). Int is needed for to_real.
  std::vector<Sort> sorts{Sort::boolean(), Sort::integer(), Sort::real(), Sort::bitVec(8)};
  // Operators to use; leaves (Const, Var) are always allowed, Apply needs `functions`.
  std::array<bool, kOpCount> ops = allOps();
  int maxDepth = 4;
  std::size_t maxArity = 3;  // for the n-ary And, Or, Add, Mul
  // Int and Real / and % only by non-zero constants, so evaluation never divides by zero.
  bool safeDivision = false;
  // Magnitude bound of Int literals and of the parts of Real literals.
  std::int64_t maxLiteral = 20;

  static std::array<bool, kOpCount> allOps() {
    std::array<bool, kOpCount> a{};
    a.fill(true);
    return a;
  }
  RandomExprOptions& without(Op op) {
    ops[static_cast<std::size_t>(op)] = false;
    return *this;
  }
};

class RandomExprGenerator {
 public:
  RandomExprGenerator(ExprContext& ctx, std::uint64_t seed, RandomExprOptions options = {},
                      std::vector<Expr> variables = {}, std::vector<const FunctionDecl*> functions = {})
      : ctx_(ctx), rng_(seed), options_(std::move(options)), vars_(std::move(variables)),
        functions_(std::move(functions)) {}

  // A random term of sort `s`.
  Expr generate(Sort s) { return term(s, options_.maxDepth); }
  Expr formula() { return generate(Sort::boolean()); }
  Sort randomSort() { return options_.sorts[pick(options_.sorts.size())]; }
  std::mt19937_64& rng() { return rng_; }

 private:
  std::size_t pick(std::size_t n) { return static_cast<std::size_t>(rng_() % n); }
  bool coin() { return (rng_() & 1U) != 0; }
  bool allowed(Op op) const { return options_.ops[static_cast<std::size_t>(op)]; }
  bool hasSort(Sort s) const {
    for (Sort t : options_.sorts)
      if (t == s) return true;
    return false;
  }
  std::int64_t literal() {
    const auto span = static_cast<std::uint64_t>(2 * options_.maxLiteral + 1);
    return static_cast<std::int64_t>(rng_() % span) - options_.maxLiteral;
  }

  Expr constant(Sort s) {
    switch (s.kind()) {
      case SortKind::Bool: return ctx_.boolVal(coin());
      case SortKind::Int: return ctx_.intVal(literal());
      case SortKind::Real: {
        const std::int64_t den = 1 + static_cast<std::int64_t>(pick(static_cast<std::size_t>(options_.maxLiteral)));
        return ctx_.realVal(Rational(literal(), den));
      }
      case SortKind::BitVec: {
        BigInt bits = 0;  // favour the edges: 0, 1, all ones, the sign bit
        switch (pick(6)) {
          case 0: bits = 0; break;
          case 1: bits = 1; break;
          case 2: bits = (BigInt(1) << s.width()) - 1; break;
          case 3: bits = BigInt(1) << (s.width() - 1); break;
          default:
            for (std::uint32_t i = 0; i < s.width(); i += 32) bits = (bits << 32) | BigInt(rng_() & 0xffffffffU);
        }
        return ctx_.bvVal(s.width(), bits);
      }
    }
    return ctx_.boolVal(false);
  }

  Expr nonZeroConstant(Sort s) {
    Expr c = constant(s);
    while (c.value() == Value::integer(0) || c.value() == Value::real(0)) c = constant(s);
    return c;
  }

  Expr leaf(Sort s) {
    std::vector<Expr> candidates;
    for (Expr v : vars_)
      if (v.sort() == s) candidates.push_back(v);
    if (!candidates.empty() && coin()) return candidates[pick(candidates.size())];
    return constant(s);
  }

  std::vector<Expr> operands(Sort s, int depth, std::size_t lo, std::size_t hi) {
    std::vector<Expr> args;
    const std::size_t n = lo + pick(hi - lo + 1);
    for (std::size_t i = 0; i < n; ++i) args.push_back(term(s, depth));
    return args;
  }

  Expr term(Sort s, int depth) {
    if (depth <= 0 || pick(5) == 0) return leaf(s);
    const int d = depth - 1;
    for (int attempt = 0; attempt < 8; ++attempt) {
      const Op op = static_cast<Op>(pick(kOpCount));
      if (!allowed(op) || op == Op::Const || op == Op::Var) continue;
      if (Expr e = build(op, s, d); !e.isNull()) return e;
    }
    return leaf(s);
  }

  // A term of sort s with operator op on top, or null when op cannot give s with our sorts.
  Expr build(Op op, Sort s, int d) {
    const std::size_t hi = std::max<std::size_t>(2, options_.maxArity);
    const bool num = s.isInt() || s.isReal();
    const bool bv = s.isBitVec();
    switch (op) {
      case Op::Apply: {
        std::vector<const FunctionDecl*> fits;
        for (const FunctionDecl* f : functions_)
          if (f->result() == s) fits.push_back(f);
        if (fits.empty()) return {};
        const FunctionDecl& f = *fits[pick(fits.size())];
        std::vector<Expr> args;
        for (Sort p : f.params()) args.push_back(term(p, d));
        return ctx_.apply(f, args);
      }
      case Op::Ite: return ctx_.make(op, {term(Sort::boolean(), d), term(s, d), term(s, d)});  // braces: left to right
      case Op::Not:
      case Op::Implies:
      case Op::Xor:
        if (!s.isBool()) return {};
        if (op == Op::Not) return ctx_.mkNot(term(s, d));
        return ctx_.make(op, {term(s, d), term(s, d)});
      case Op::And:
      case Op::Or:
        if (!s.isBool()) return {};
        return ctx_.make(op, operands(s, d, 2, hi));
      case Op::Eq: {
        if (!s.isBool()) return {};
        const Sort t = randomSort();
        return ctx_.make(op, {term(t, d), term(t, d)});
      }
      case Op::Lt:
      case Op::Le:
      case Op::Gt:
      case Op::Ge:
      case Op::BvSlt:
      case Op::BvSle:
      case Op::BvSgt:
      case Op::BvSge: {
        if (!s.isBool()) return {};
        const Sort t = randomSort();
        const bool signedBv = op >= Op::BvSlt;
        if (t.isBool() || (signedBv && !t.isBitVec())) return {};
        return ctx_.make(op, {term(t, d), term(t, d)});
      }
      case Op::Neg: return num || bv ? ctx_.make(op, {term(s, d)}) : Expr();
      case Op::Add:
      case Op::Mul: return num || bv ? ctx_.make(op, operands(s, d, 2, hi)) : Expr();
      case Op::Sub: return num || bv ? ctx_.make(op, {term(s, d), term(s, d)}) : Expr();
      case Op::Div:
      case Op::Mod: {
        if (!(num || bv) || (op == Op::Mod && s.isReal())) return {};
        const Expr divisor = num && options_.safeDivision ? nonZeroConstant(s) : term(s, d);
        return ctx_.make(op, {term(s, d), divisor});
      }
      case Op::ToReal:
        if (!s.isReal() || !hasSort(Sort::integer())) return {};
        return ctx_.make(op, {term(Sort::integer(), d)});
      case Op::BvNot: return bv ? ctx_.make(op, {term(s, d)}) : Expr();
      case Op::BvAnd:
      case Op::BvOr:
      case Op::BvXor:
      case Op::BvShl:
      case Op::BvLshr:
      case Op::BvSdiv:
      case Op::BvSrem: return bv ? ctx_.make(op, {term(s, d), term(s, d)}) : Expr();
      case Op::Const:
      case Op::Var: break;
    }
    return {};
  }

  ExprContext& ctx_;
  std::mt19937_64 rng_;
  RandomExprOptions options_;
  std::vector<Expr> vars_;
  std::vector<const FunctionDecl*> functions_;
};

}  // namespace symseq::test
