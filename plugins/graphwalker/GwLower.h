#pragma once
// Lowers a GraphWalker Model into the IR (docs/models/graphwalker.md, "Lowering"): a test step is
// the tester performing an edge (an input on the parameterless channel named after the edge),
// and each vertex reached is an internal transition named after the vertex, so a sequence reads
// as a GraphWalker path: vertex, edge, vertex, edge, ...
#include "GwModel.h"
#include "symseq/ir/TransitionSystem.h"

namespace symseq::graphwalker {

[[nodiscard]] TransitionSystem lower(const Model& model, ExprContext& ctx);

// Reads and lowers: what the frontend loads (exported as `symseq_graphwalker_load` for the tests).
[[nodiscard]] TransitionSystem load(std::string_view text, const std::string& file, const std::string& fallbackName,
                                    const std::string& start, ExprContext& ctx);
using LoadFunction = TransitionSystem(std::string_view, const std::string&, const std::string&, const std::string&,
                                      ExprContext&);

}  // namespace symseq::graphwalker
