// Placeholder until the implementation lands (issue 13 helper F).
#include "symseq/statechart/Lower.h"

namespace symseq::statechart {

TransitionSystem lower(const FlatChart&, ExprContext&) { throw Error("lowering of charts is not built yet"); }
std::string hierarchyDiagram(const Chart&) { return {}; }

}  // namespace symseq::statechart
