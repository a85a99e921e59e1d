#include "symseq/verdict/Quiescence.h"

#include "symseq/expr/Connectives.h"

namespace symseq {

Expr quiescenceCondition(const SymbolicExecutor& reduced, const SymbolicState& state) {
  const TransitionSystem& system = reduced.system();
  ExprContext& ctx = system.context();
  std::vector<Expr> enabled;
  for (TransitionId t : system.outgoing(state.location))
    if (system.transitions[t].action.kind == ActionKind::Output) enabled.push_back(reduced.apply(state, t).guard);
  if (enabled.empty()) return ctx.boolVal(true);  // nothing to emit: quiescent wherever it stands
  return ctx.mkNot(disjunction(ctx, enabled));
}

CheckResult quiescencePossible(const SymbolicExecutor& reduced, const SymbolicState& state, Solver& solver) {
  solver.push();
  for (Expr c : state.pathCondition) solver.add(c);
  solver.add(quiescenceCondition(reduced, state));
  const CheckResult r = solver.check();
  solver.pop();
  return r;
}

}  // namespace symseq
