#pragma once
// The drink vending machine of seed-requirements 1.4.2 (iosts-program-contracts.md, Example 2),
// built by hand as the iosts frontend lowers it, before splitByBehaviors:
//   init   : q  -> q0 { tau; m := 0 }
//   coin   : q0 -> q1 { coin?x; m := m + x }          x := coin.v; m := m + x
//   choose : q1 -> q2 { choice?B }                    [0 <= choice.d < 2] B := choice.d
//   price  : q2 -> q3 { tau; p := Price(B) }
//   add    : q3 -> q0 [m < p && p >= 150 && p <= 200] { screen!Add }
//   serve  : q3 -> q0 [m >= p && p >= 150 && p <= 200] { deliver!B; m := 0 }
// Enums are Int 0..k-1 (Drink: tea 0, coffee 1; Msg: Add 0); B, an enum attribute without an
// initial value, starts at its first literal as the frontend makes it; m, x, p are unconstrained.
// The contract of Price is C_r (Example 1), C_w (our reconstruction, 1.4.5) or none (C⊤).
#include <string>
#include <vector>

#include "symseq/contracts/Branching.h"
#include "symseq/ir/TransitionSystem.h"

namespace symseq::test {

enum class PriceContract { None, Cr, Cw };

struct VendingModel {
  ExprContext ctx;
  TransitionSystem ts{ctx};
  Expr m = ctx.var("m", Sort::integer());
  Expr x = ctx.var("x", Sort::integer());
  Expr B = ctx.var("B", Sort::integer());
  Expr p = ctx.var("p", Sort::integer());
  Expr coinV = ctx.var("coin.v", Sort::integer());
  Expr choiceD = ctx.var("choice.d", Sort::integer());
  const FunctionDecl& price = ctx.declareFunction("Price", {Sort::integer()}, Sort::integer(), FunctionKind::Program);
  Expr x1 = ctx.var("Price.x1", Sort::integer());
  Expr result = ctx.var("Price.result", Sort::integer());
  std::uint32_t coin = 0, choice = 1, screen = 2, deliver = 3;  // channels

  explicit VendingModel(PriceContract contract = PriceContract::Cr) {
    ts.name = "vending";
    ts.enumerations = {{"Drink", {"tea", "coffee"}}, {"Msg", {"Add"}}};
    ts.variables = {{m, VariableRole::State, std::nullopt, at(4)},
                    {x, VariableRole::State, std::nullopt, at(5)},
                    {B, VariableRole::State, ctx.intVal(0), at(6)},
                    {p, VariableRole::State, std::nullopt, at(7)}};
    ts.variableEnumerations.emplace(B, 0);
    ts.channels = {{"coin", ChannelDirection::Input, {Sort::integer()}},
                   {"choice", ChannelDirection::Input, {Sort::integer()}},
                   {"screen", ChannelDirection::Output, {Sort::integer()}},
                   {"deliver", ChannelDirection::Output, {Sort::integer()}}};
    ts.variables.push_back({coinV, VariableRole::Input, std::nullopt, at(15)});
    ts.variables.push_back({choiceD, VariableRole::Input, std::nullopt, at(16)});
    ts.variableEnumerations.emplace(choiceD, 0);
    ts.parameterEnumerations = {{{choice, 0}, 0}, {{screen, 0}, 1}, {{deliver, 0}, 0}};
    for (const char* q : {"q", "q0", "q1", "q2", "q3"}) ts.addLocation(q, at(19));
    ts.initial = 0;
    setContract(contract);

    const Expr t = ctx.boolVal(true);
    const Expr inRange = ctx.mkAnd(std::vector<Expr>{ge(p, 150), le(p, 200)});
    ts.transitions = {
        {"init", 0, 1, t, {}, {{m, num(0)}}, at(21)},
        {"coin", 1, 2, t, {ActionKind::Input, coin, {coinV}}, {{x, coinV}, {m, ctx.make(Op::Add, {m, x})}}, at(22)},
        {"choose", 2, 3, ctx.mkAnd(std::vector<Expr>{le(num(0), choiceD), ctx.make(Op::Lt, {choiceD, num(2)})}),
         {ActionKind::Input, choice, {choiceD}}, {{B, choiceD}}, at(23)},
        {"price", 3, 4, t, {}, {{p, ctx.apply(price, {B})}}, at(24)},
        {"add", 4, 1, ctx.mkAnd(std::vector<Expr>{ctx.make(Op::Lt, {m, p}), inRange}),
         {ActionKind::Output, screen, {num(0)}}, {}, at(25)},
        {"serve", 4, 1, ctx.mkAnd(std::vector<Expr>{ge(m, p), inRange}), {ActionKind::Output, deliver, {B}},
         {{m, num(0)}}, at(26)},
    };
  }

  // Price's contract: C_r (Example 1), C_w (1.4.5: misses [150, 200]) or none (no behaviours).
  void setContract(PriceContract contract) {
    Contract c{&price, {x1}, result, {}, false, false, at(9)};
    if (contract == PriceContract::Cr)
      c.behaviors = {{"tea", ctx.mkEq(x1, num(0)), between(100, result, 200), at(10)},
                     {"coffee", ctx.mkEq(x1, num(1)), between(200, result, 300), at(11)}};
    if (contract == PriceContract::Cw)
      c.behaviors = {{"tea", ctx.mkEq(x1, num(0)), both(le(num(100), result), ctx.make(Op::Lt, {result, num(150)})), at(10)},
                     {"coffee", ctx.mkEq(x1, num(1)), both(ctx.make(Op::Lt, {num(200), result}), le(result, 300)), at(11)}};
    c.declaredDisjoint = c.declaredComplete = contract != PriceContract::None;
    ts.contracts = {c};
  }

  // The model split by behaviours, and transition ids in it by name.
  [[nodiscard]] TransitionSystem split() const { return splitByBehaviors(ts); }
  static std::vector<TransitionId> ids(const TransitionSystem& s, const std::vector<std::string>& names) {
    std::vector<TransitionId> out;
    for (const auto& n : names) out.push_back(s.findTransition(n).value());
    return out;
  }

  Expr num(long v) { return ctx.intVal(v); }
  Expr le(Expr a, long v) { return ctx.make(Op::Le, {a, num(v)}); }
  Expr le(Expr a, Expr b) { return ctx.make(Op::Le, {a, b}); }
  Expr ge(Expr a, long v) { return ctx.make(Op::Ge, {a, num(v)}); }
  Expr ge(Expr a, Expr b) { return ctx.make(Op::Ge, {a, b}); }
  Expr both(Expr a, Expr b) { return ctx.mkAnd(std::vector<Expr>{a, b}); }
  Expr between(long lo, Expr a, long hi) { return both(le(num(lo), a), le(a, hi)); }
  static SourceLocation at(std::uint32_t line) { return {"vending.iosts", line, 1}; }
};

}  // namespace symseq::test
