#include "symseq/exec/SymbolicExecutor.h"

#include <string>

namespace symseq {

SymbolicState SymbolicExecutor::initial() const {
  SymbolicState s;
  s.location = system_.initial;
  // The axioms over frozen variables hold on every path (iosts-program-contracts.md, Def 7).
  for (Expr a : system_.axioms)
    if (!(a.isConst() && a.value() == Value::boolean(true))) s.pathCondition.push_back(a);
  for (const VariableDecl& v : system_.variables)
    if (v.role == VariableRole::State) s.store.emplace(v.var, v.initial ? *v.initial : v.var);
  return s;
}

Expr SymbolicExecutor::freshInput(Expr var, std::uint32_t depth) const {
  return system_.context().var(std::string(var.name()) + "@" + std::to_string(depth), var.sort());
}

SymbolicStep SymbolicExecutor::apply(const SymbolicState& state, TransitionId id) const {
  ExprContext& ctx = system_.context();
  const Transition& t = system_.transitions.at(id);
  if (t.source != state.location)
    throw Error("transition '" + t.name + "' does not leave location '" + system_.locations.at(state.location).name + "'");

  SymbolicStep step;
  step.next.location = t.target;
  step.next.depth = state.depth + 1;
  step.next.pathCondition = state.pathCondition;

  // The environment the step's terms are read in: the store plus this step's fresh inputs.
  Substitution env = state.store;
  if (t.action.kind == ActionKind::Input) {
    for (Expr v : t.action.args) {
      Expr fresh = freshInput(v, step.next.depth);
      env.insert_or_assign(v, fresh);
      step.inputs.push_back(fresh);
    }
  }
  step.guard = substitute(ctx, t.guard, env);
  if (!(step.guard.isConst() && step.guard.value() == Value::boolean(true)))
    step.next.pathCondition.push_back(step.guard);
  if (t.action.kind == ActionKind::Output)
    for (Expr term : t.action.args) step.outputs.push_back(substitute(ctx, term, env));
  for (const Update& u : t.updates) env.insert_or_assign(u.variable, substitute(ctx, u.value, env));

  // Inputs stay bound until the next input action rebinds them, so the internal transitions
  // after an input (a CFG loop body) read the values of that step, as in replay.
  step.next.store = std::move(env);
  return step;
}

}  // namespace symseq
