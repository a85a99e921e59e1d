// Placeholder until the implementation lands (issue 13 helper F).
#include "symseq/statechart/Flatten.h"

namespace symseq::statechart {

FlatChart quasiFlatten(const Chart& chart, ExprContext&) {
  throw Error("quasi-flattening is not built yet", chart.where);
}
FlatChart flattenFully(const Chart& chart, ExprContext&) { throw Error("flattening is not built yet", chart.where); }

}  // namespace symseq::statechart
