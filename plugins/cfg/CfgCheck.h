#pragma once
// The shape rules of an acyclic-core CFG, checked before any expression is parsed:
//  - no edge leads into `init`; `init`, `loop` and every block have exactly one outgoing edge,
//    every decision exactly one `when true` and one `when false` edge, and only decisions use `when`;
//  - with the edges into `loop` removed the graph is acyclic (one iteration is a DAG);
//  - every node is reachable from `init`.
// Together they make every iteration a finite, deterministic walk from `loop` back to `loop`.
#include "CfgModel.h"

namespace symseq::cfg {

// Throws ParseError at the offending node or edge.
void checkShape(const Model& model);

}  // namespace symseq::cfg
