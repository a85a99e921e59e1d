#pragma once
// The vending machine of seed-requirements 1.4.2 with Price uncontracted (C⊤), built by hand as
// the iosts frontend lowers it (receptions into channel input variables `coin.v`, `choice.d`,
// the enum range of a received Drink in the guard), and distinguished paths built by hand: the
// executor's path renamed apart with `~index`, as feasibility/PathSet.h's `distinguish` does,
// so that inference can be tested without it.
#include <string>
#include <vector>

#include "symseq/exec/SymbolicExecutor.h"
#include "symseq/feasibility/PathSet.h"
#include "symseq/ir/TransitionSystem.h"

namespace symseq::test {

struct VendingForInference {
  ExprContext ctx;
  TransitionSystem sys{ctx};
  const FunctionDecl& price = ctx.declareFunction("Price", {Sort::integer()}, Sort::integer(), FunctionKind::Program);
  Expr m = ctx.var("m", Sort::integer());
  Expr x = ctx.var("x", Sort::integer());
  Expr B = ctx.var("B", Sort::integer());
  Expr p = ctx.var("p", Sort::integer());
  Expr coinV = ctx.var("coin.v", Sort::integer());
  Expr choiceD = ctx.var("choice.d", Sort::integer());

  VendingForInference() {
    sys.name = "vending";
    sys.enumerations.push_back({"Drink", {"tea", "coffee"}});
    sys.enumerations.push_back({"Msg", {"Add"}});
    sys.variables.push_back({m, VariableRole::State, std::nullopt, std::nullopt});
    sys.variables.push_back({x, VariableRole::State, std::nullopt, std::nullopt});
    sys.variables.push_back({B, VariableRole::State, num(0), std::nullopt});
    sys.variables.push_back({p, VariableRole::State, std::nullopt, std::nullopt});
    sys.variables.push_back({coinV, VariableRole::Input, std::nullopt, std::nullopt});
    sys.variables.push_back({choiceD, VariableRole::Input, std::nullopt, std::nullopt});
    sys.variableEnumerations.emplace(B, 0);
    sys.variableEnumerations.emplace(choiceD, 0);
    sys.channels.push_back({"coin", ChannelDirection::Input, {Sort::integer()}});
    sys.channels.push_back({"choice", ChannelDirection::Input, {Sort::integer()}});
    sys.channels.push_back({"screen", ChannelDirection::Output, {Sort::integer()}});
    sys.channels.push_back({"deliver", ChannelDirection::Output, {Sort::integer()}});
    sys.parameterEnumerations.emplace(std::pair{1U, 0U}, 0);
    sys.parameterEnumerations.emplace(std::pair{2U, 0U}, 1);
    sys.parameterEnumerations.emplace(std::pair{3U, 0U}, 0);
    const LocationId q = sys.addLocation("q"), q0 = sys.addLocation("q0"), q1 = sys.addLocation("q1"),
                     q2 = sys.addLocation("q2"), q3 = sys.addLocation("q3");
    sys.initial = q;
    const Expr yes = ctx.boolVal(true);
    const Expr priceRange = ctx.make(Op::And, {ctx.make(Op::Ge, {p, num(150)}), ctx.make(Op::Le, {p, num(200)})});
    sys.transitions.push_back({"init", q, q0, yes, Action{}, {{m, num(0)}}, std::nullopt});
    sys.transitions.push_back({"coin", q0, q1, yes, Action{ActionKind::Input, 0, {coinV}},
                               {{x, coinV}, {m, ctx.make(Op::Add, {m, x})}}, std::nullopt});
    sys.transitions.push_back({"choose", q1, q2,
                               ctx.make(Op::And, {ctx.make(Op::Le, {num(0), choiceD}), ctx.make(Op::Lt, {choiceD, num(2)})}),
                               Action{ActionKind::Input, 1, {choiceD}}, {{B, choiceD}}, std::nullopt});
    sys.transitions.push_back({"price", q2, q3, yes, Action{}, {{p, ctx.apply(price, {B})}}, std::nullopt});
    sys.transitions.push_back({"add", q3, q0, ctx.make(Op::And, {ctx.make(Op::Lt, {m, p}), priceRange}),
                               Action{ActionKind::Output, 2, {num(0)}}, {}, std::nullopt});
    sys.transitions.push_back({"serve", q3, q0, ctx.make(Op::And, {ctx.make(Op::Ge, {m, p}), priceRange}),
                               Action{ActionKind::Output, 3, {B}}, {{m, num(0)}}, std::nullopt});
    sys.validate();
  }

  Expr num(long v) { return ctx.intVal(v); }

  std::vector<TransitionId> ids(const std::vector<std::string>& names) const {
    std::vector<TransitionId> out;
    for (const auto& n : names) out.push_back(*sys.findTransition(n));
    return out;
  }
};

// The distinguished path `index` of `path`: the executor's path condition and calls with every
// fresh input `x@d` and unconstrained initial value `v` renamed to `x@d~index` and `v~index`.
inline DistinguishedPath distinguishByHand(const TransitionSystem& system, const std::vector<TransitionId>& path,
                                           std::size_t index) {
  ExprContext& ctx = system.context();
  const SymbolicExecutor executor(system);
  SymbolicState state = executor.initial();
  DistinguishedPath d;
  d.transitions = path;
  Substitution renaming;
  const auto own = [&](Expr symbol) {
    const Expr renamed = ctx.var(std::string(symbol.name()) + "~" + std::to_string(index), symbol.sort());
    renaming.emplace(symbol, renamed);
    d.original.push_back(symbol);
    d.renamed.push_back(renamed);
  };
  for (const VariableDecl& v : system.variables)
    if (v.role == VariableRole::State && !v.initial && !v.frozen) own(v.var);
  std::vector<std::pair<Expr, std::uint32_t>> calls;  // the call terms as executed, with their step
  for (std::uint32_t s = 0; s < path.size(); ++s) {
    const SymbolicStep step = executor.apply(state, path[s]);
    for (Expr input : step.inputs) own(input);
    for (const Update& u : system.transitions[path[s]].updates)
      if (u.value.op() == Op::Apply && u.value.function().kind() == FunctionKind::Program)
        calls.emplace_back(step.next.store.at(u.variable), s);
    state = step.next;
  }
  for (Expr c : state.pathCondition) d.condition.push_back(substitute(ctx, c, renaming));
  for (const auto& [term, s] : calls) {
    const Expr renamed = substitute(ctx, term, renaming);
    d.calls.push_back({&renamed.function(), {renamed.children().begin(), renamed.children().end()}, renamed, s});
  }
  return d;
}

}  // namespace symseq::test
