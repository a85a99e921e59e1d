#include "BitVecOps.h"

#include "symseq/support/Error.h"

namespace symseq::bv {

namespace {

// Unsigned numbers modulo 2^width; every helper returns a value in [0, 2^width).
class Arith {
 public:
  explicit Arith(std::uint32_t width) : width_(width), modulus_(BigInt(1) << width) {}

  [[nodiscard]] BigInt wrap(BigInt x) const {
    x %= modulus_;
    if (x < 0) x += modulus_;
    return x;
  }
  [[nodiscard]] BigInt neg(const BigInt& x) const { return wrap(-x); }
  [[nodiscard]] BigInt ones() const { return modulus_ - 1; }
  [[nodiscard]] bool msb(const BigInt& x) const { return bit_test(x, width_ - 1); }
  // bvudiv by zero is all ones, bvurem by zero is the dividend.
  [[nodiscard]] BigInt udiv(const BigInt& s, const BigInt& t) const { return t == 0 ? ones() : s / t; }
  [[nodiscard]] BigInt urem(const BigInt& s, const BigInt& t) const { return t == 0 ? s : s % t; }
  [[nodiscard]] BigInt sdiv(const BigInt& s, const BigInt& t) const {
    const bool ms = msb(s);
    const bool mt = msb(t);
    if (!ms && !mt) return udiv(s, t);
    if (ms && !mt) return neg(udiv(neg(s), t));
    if (!ms && mt) return neg(udiv(s, neg(t)));
    return udiv(neg(s), neg(t));
  }
  [[nodiscard]] BigInt srem(const BigInt& s, const BigInt& t) const {
    const bool ms = msb(s);
    const bool mt = msb(t);
    if (!ms && !mt) return urem(s, t);
    if (ms && !mt) return neg(urem(neg(s), t));
    if (!ms && mt) return urem(s, neg(t));
    return neg(urem(neg(s), neg(t)));
  }
  // Shifting by the width or more clears every bit.
  [[nodiscard]] BigInt shl(const BigInt& x, const BigInt& n) const {
    return n >= width_ ? BigInt(0) : wrap(x << static_cast<unsigned>(n));
  }
  [[nodiscard]] BigInt lshr(const BigInt& x, const BigInt& n) const {
    return n >= width_ ? BigInt(0) : BigInt(x >> static_cast<unsigned>(n));
  }
  [[nodiscard]] BigInt toSigned(const BigInt& x) const { return msb(x) ? BigInt(x - modulus_) : x; }

 private:
  std::uint32_t width_;
  BigInt modulus_;
};

}  // namespace

Value apply(Op op, std::uint32_t width, const std::vector<const Value*>& args) {
  const Arith a(width);
  auto bits = [&](std::size_t i) -> const BigInt& { return args[i]->bits(); };
  auto make = [&](BigInt x) { return Value::bitVec(width, std::move(x)); };
  auto truth = [](bool b) { return Value::boolean(b); };
  switch (op) {
    case Op::Neg: return make(a.neg(bits(0)));
    case Op::Add:
    case Op::Mul: {
      BigInt r = bits(0);
      for (std::size_t i = 1; i < args.size(); ++i) r = a.wrap(op == Op::Add ? BigInt(r + bits(i)) : BigInt(r * bits(i)));
      return make(std::move(r));
    }
    case Op::Sub: return make(bits(0) - bits(1));
    case Op::Div: return make(a.udiv(bits(0), bits(1)));
    case Op::Mod: return make(a.urem(bits(0), bits(1)));
    case Op::BvNot: return make(a.ones() - bits(0));
    case Op::BvAnd: return make(bits(0) & bits(1));
    case Op::BvOr: return make(bits(0) | bits(1));
    case Op::BvXor: return make(bits(0) ^ bits(1));
    case Op::BvShl: return make(a.shl(bits(0), bits(1)));
    case Op::BvLshr: return make(a.lshr(bits(0), bits(1)));
    case Op::BvSdiv: return make(a.sdiv(bits(0), bits(1)));
    case Op::BvSrem: return make(a.srem(bits(0), bits(1)));
    case Op::BvSlt: return truth(a.toSigned(bits(0)) < a.toSigned(bits(1)));
    case Op::BvSle: return truth(a.toSigned(bits(0)) <= a.toSigned(bits(1)));
    case Op::BvSgt: return truth(a.toSigned(bits(0)) > a.toSigned(bits(1)));
    case Op::BvSge: return truth(a.toSigned(bits(0)) >= a.toSigned(bits(1)));
    default: break;
  }
  throw EvalError("operator '" + std::string(opName(op)) + "' cannot be evaluated on bit-vectors");
}

}  // namespace symseq::bv
