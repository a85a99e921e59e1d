// Exact evaluation (BigInt, Rational) with SMT-LIB semantics. The walk is iterative with a memo
// keyed by node id, so shared sub-terms are evaluated once and deep terms do not recurse.
// ?:, &&, || and => evaluate only the operands they need, so `x != 0 && y / x > 1` evaluates
// at x = 0 (the skipped operand cannot matter to the result).
#include "symseq/expr/Evaluator.h"

#include <unordered_map>
#include <vector>

#include "BitVecOps.h"
#include "symseq/support/Error.h"

namespace symseq {

namespace {

using Memo = std::unordered_map<std::uint32_t, Value>;

// Euclidean division (SMT-LIB div/mod): a = b*q + r with 0 <= r < |b|.
BigInt euclidMod(const BigInt& a, const BigInt& b) {
  const BigInt m = b < 0 ? BigInt(-b) : b;
  BigInt r = a % m;
  if (r < 0) r += m;
  return r;
}
BigInt euclidDiv(const BigInt& a, const BigInt& b) { return (a - euclidMod(a, b)) / b; }

template <typename Cmp>
bool compare(const Value& a, const Value& b, Cmp cmp) {
  switch (a.sort().kind()) {
    case SortKind::Int: return cmp(a.asInt(), b.asInt());
    case SortKind::Real: return cmp(a.asReal(), b.asReal());
    default: return cmp(a.bits(), b.bits());  // bit-vectors compare unsigned
  }
}

Value arithmetic(Op op, Sort sort, const std::vector<const Value*>& args) {
  const Value& a = *args[0];
  if (sort.isBitVec()) return bv::apply(op, sort.width(), args);
  if (sort.isInt()) {
    BigInt r = a.asInt();
    switch (op) {
      case Op::Neg: return Value::integer(-r);
      case Op::Add:
        for (std::size_t i = 1; i < args.size(); ++i) r += args[i]->asInt();
        return Value::integer(std::move(r));
      case Op::Mul:
        for (std::size_t i = 1; i < args.size(); ++i) r *= args[i]->asInt();
        return Value::integer(std::move(r));
      case Op::Sub: return Value::integer(r - args[1]->asInt());
      case Op::Div:
      case Op::Mod: {
        const BigInt& b = args[1]->asInt();
        if (b == 0) throw EvalError(std::string("integer ") + (op == Op::Div ? "division" : "remainder") + " by zero");
        return Value::integer(op == Op::Div ? euclidDiv(r, b) : euclidMod(r, b));
      }
      default: break;
    }
  } else {
    Rational r = a.asReal();
    switch (op) {
      case Op::Neg: return Value::real(-r);
      case Op::Add:
        for (std::size_t i = 1; i < args.size(); ++i) r += args[i]->asReal();
        return Value::real(std::move(r));
      case Op::Mul:
        for (std::size_t i = 1; i < args.size(); ++i) r *= args[i]->asReal();
        return Value::real(std::move(r));
      case Op::Sub: return Value::real(r - args[1]->asReal());
      case Op::Div:
        if (args[1]->asReal() == 0) throw EvalError("real division by zero");
        return Value::real(r / args[1]->asReal());
      default: break;
    }
  }
  throw EvalError("operator '" + std::string(opName(op)) + "' cannot be evaluated on " + sort.toString());
}

// The value of a node whose needed operands are all in `args` (in operand order).
Value compute(Expr e, const std::vector<const Value*>& args, const FunctionInterpretations* functions) {
  switch (e.op()) {
    case Op::Not: return Value::boolean(!args[0]->asBool());
    case Op::Xor: return Value::boolean(args[0]->asBool() != args[1]->asBool());
    case Op::Eq: return Value::boolean(*args[0] == *args[1]);
    case Op::Lt: return Value::boolean(compare(*args[0], *args[1], [](const auto& x, const auto& y) { return x < y; }));
    case Op::Le: return Value::boolean(compare(*args[0], *args[1], [](const auto& x, const auto& y) { return x <= y; }));
    case Op::Gt: return Value::boolean(compare(*args[0], *args[1], [](const auto& x, const auto& y) { return x > y; }));
    case Op::Ge: return Value::boolean(compare(*args[0], *args[1], [](const auto& x, const auto& y) { return x >= y; }));
    case Op::ToReal: return Value::real(Rational(args[0]->asInt()));
    case Op::Neg:
    case Op::Add:
    case Op::Sub:
    case Op::Mul:
    case Op::Div:
    case Op::Mod: return arithmetic(e.op(), e.sort(), args);
    case Op::Apply: {
      const FunctionDecl& f = e.function();
      const ExternalFunction* impl = functions ? functions->find(f) : nullptr;
      if (impl == nullptr)
        throw EvalError("function '" + f.name() + "' has no interpretation", std::nullopt,
                        "supply its implementation in the FunctionInterpretations");
      std::vector<Value> values;
      values.reserve(args.size());
      for (const Value* v : args) values.push_back(*v);
      Value result = (*impl)(values);
      if (result.sort() != f.result())
        throw EvalError("function '" + f.name() + "' returned a " + result.sort().toString() + " value, expected " +
                        f.result().toString());
      return result;
    }
    default: return bv::apply(e.op(), e.child(0).sort().width(), args);
  }
}

// For ?:, &&, || and =>: given the operands known so far, the one needed next, or the result.
struct Step {
  std::optional<std::size_t> need;  // operand index to evaluate next
  std::optional<Value> result;      // decided without the rest
};

Step lazyStep(Expr e, const Memo& memo, std::size_t next) {
  auto valueOf = [&](std::size_t i) -> const Value& { return memo.at(e.child(i).id()); };
  switch (e.op()) {
    case Op::Ite:
      if (next == 0) return {0, std::nullopt};
      if (next == 1) return {std::size_t{valueOf(0).asBool() ? 1U : 2U}, std::nullopt};
      return {std::nullopt, valueOf(valueOf(0).asBool() ? 1U : 2U)};
    case Op::Implies:
      if (next == 0) return {0, std::nullopt};
      if (!valueOf(0).asBool()) return {std::nullopt, Value::boolean(true)};
      if (next == 1) return {1, std::nullopt};
      return {std::nullopt, valueOf(1)};
    default: {  // And, Or: stop at the first operand that decides
      const bool decider = e.op() == Op::Or;
      if (next > 0 && valueOf(next - 1).asBool() == decider) return {std::nullopt, Value::boolean(decider)};
      if (next < e.arity()) return {next, std::nullopt};
      return {std::nullopt, Value::boolean(!decider)};
    }
  }
}

bool isLazy(Op op) { return op == Op::Ite || op == Op::And || op == Op::Or || op == Op::Implies; }

}  // namespace

Value evaluate(Expr e, const Valuation& values, const FunctionInterpretations* functions) {
  Memo memo;
  struct Frame {
    Expr node;
    std::size_t next = 0;  // operands handled so far (lazy operators: steps taken)
  };
  std::vector<Frame> stack{{e}};
  std::vector<const Value*> args;
  while (!stack.empty()) {
    const Expr n = stack.back().node;
    if (memo.contains(n.id())) {
      stack.pop_back();
      continue;
    }
    if (n.isConst() || n.isVar()) {
      const Value* v = n.isConst() ? &n.value() : values.find(n);
      if (v == nullptr)
        throw EvalError("variable '" + std::string(n.name()) + "' has no value", std::nullopt,
                        "give every variable the expression reads a value");
      memo.emplace(n.id(), *v);
      stack.pop_back();
      continue;
    }
    std::size_t& next = stack.back().next;
    if (isLazy(n.op())) {
      const Step step = lazyStep(n, memo, next);
      if (step.need) {
        ++next;
        if (!memo.contains(n.child(*step.need).id())) stack.push_back({n.child(*step.need)});
        continue;
      }
      memo.emplace(n.id(), *step.result);
      stack.pop_back();
      continue;
    }
    // Strict operators: push every operand not yet known, then compute.
    bool pending = false;
    for (; next < n.arity(); ++next) {
      if (!memo.contains(n.child(next).id())) {
        pending = true;  // resume at this operand; `next` must not be touched after the push
        stack.push_back({n.child(next)});
        break;
      }
    }
    if (pending) continue;
    args.clear();
    for (Expr c : n.children()) args.push_back(&memo.at(c.id()));
    Value v = compute(n, args, functions);
    memo.emplace(n.id(), std::move(v));
    stack.pop_back();
  }
  return memo.at(e.id());
}

}  // namespace symseq
