#pragma once
// The generated IOSTS `ring` of the tree benchmarks (bench_tree.cpp has its shape): K states in a
// ring, from each an unguarded input and two guarded internal transitions, so the tree branches
// threefold and about two children in three cost a solver query.
#include <string>

#include "symseq/expr/ExprContext.h"
#include "symseq/ir/TransitionSystem.h"

namespace symseq::bench {

inline TransitionSystem ringModel(ExprContext& ctx, std::uint32_t k) {
  TransitionSystem sys(ctx);
  sys.name = "ring";
  const Expr s = ctx.var("s", Sort::integer());
  const Expr x = ctx.var("in.x", Sort::integer());
  sys.variables.push_back({s, VariableRole::State, ctx.intVal(0), std::nullopt});
  sys.variables.push_back({x, VariableRole::Input, std::nullopt, std::nullopt});
  sys.channels.push_back({"in", ChannelDirection::Input, {Sort::integer()}});
  for (std::uint32_t i = 0; i < k; ++i) sys.addLocation("q" + std::to_string(i));
  for (std::uint32_t i = 0; i < k; ++i) {
    const LocationId next = (i + 1) % k;
    const Expr bound = ctx.intVal(static_cast<int>(i));
    sys.transitions.push_back({"in_" + std::to_string(i), i, next, ctx.boolVal(true),
                               Action{ActionKind::Input, 0, {x}}, {{s, ctx.make(Op::Add, {s, x})}}, std::nullopt});
    sys.transitions.push_back({"up_" + std::to_string(i), i, next, ctx.make(Op::Gt, {s, bound}), Action{}, {}, std::nullopt});
    sys.transitions.push_back({"reset_" + std::to_string(i), i, 0, ctx.make(Op::Le, {s, bound}), Action{},
                               {{s, ctx.intVal(0)}}, std::nullopt});
  }
  sys.validate();
  return sys;
}

}  // namespace symseq::bench
