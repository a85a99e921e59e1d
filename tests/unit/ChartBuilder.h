#pragma once
// Charts built by hand in the statechart tests (test_flatten.cpp, test_chart_lowering.cpp).
#include <string>

#include "symseq/expr/ExprContext.h"
#include "symseq/statechart/Chart.h"

namespace symseq::test {

// A transition `from -> to` on `trigger`, with no condition and no effect.
inline statechart::ChartTransition chartTransition(ExprContext& ctx, const std::string& name, const std::string& from,
                                                   const std::string& to, Expr trigger,
                                                   statechart::TransitionKind kind = statechart::TransitionKind::Normal) {
  statechart::ChartTransition t;
  t.name = name;
  t.source = from;
  t.target = to;
  t.kind = kind;
  t.trigger = trigger;
  t.condition = ctx.boolVal(true);
  return t;
}

}  // namespace symseq::test
