#include "symseq/acyclic/Definedness.h"

#include <vector>

#include "symseq/expr/Connectives.h"

namespace symseq {

namespace {

bool isTrue(Expr e) { return e.isConst() && e.value() == Value::boolean(true); }

}  // namespace

Expr Definedness::of(Expr e) {
  if (e.isConst() || e.isVar()) return ctx_.boolVal(true);
  if (const auto it = memo_.find(e.id()); it != memo_.end()) return it->second;

  std::vector<Expr> conditions;
  auto need = [&](Expr condition) {
    if (!isTrue(condition)) conditions.push_back(condition);
  };
  // `operand` is evaluated only when `when` holds.
  auto needWhen = [&](Expr when, Expr operand) {
    const Expr d = of(operand);
    if (!isTrue(d)) conditions.push_back(isTrue(when) ? d : ctx_.make(Op::Implies, {when, d}));
  };

  switch (e.op()) {
    case Op::Ite: {
      need(of(e.child(0)));
      const Expr a = of(e.child(1));
      const Expr b = of(e.child(2));
      if (a == b)
        need(a);
      else
        need(ctx_.mkIte(e.child(0), a, b));
      break;
    }
    case Op::And:
    case Op::Or: {
      // Operand i is evaluated when every earlier one failed to decide.
      std::vector<Expr> undecided;
      for (Expr c : e.children()) {
        needWhen(conjunction(ctx_, undecided), c);
        undecided.push_back(e.op() == Op::And ? c : ctx_.mkNot(c));
      }
      break;
    }
    case Op::Implies:
      need(of(e.child(0)));
      needWhen(e.child(0), e.child(1));
      break;
    default: {
      for (Expr c : e.children()) need(of(c));
      const bool division = e.op() == Op::Div || e.op() == Op::Mod;
      if (division && e.sort().isInt()) need(ctx_.mkNot(ctx_.mkEq(e.child(1), ctx_.intVal(0))));
      if (division && e.sort().isReal()) need(ctx_.mkNot(ctx_.mkEq(e.child(1), ctx_.realVal(0))));
      break;
    }
  }
  const Expr result = conjunction(ctx_, conditions);
  memo_.emplace(e.id(), result);
  return result;
}

}  // namespace symseq
