#pragma once
// Lowers a checked Model into the IR (docs/architecture.md, docs/models/cfg.md):
//  - one location per node (`init` initial, `loop` the loop head), one transition per edge;
//  - the edge leaving `loop` is an input action on channel `step` binding every input;
//  - a decision's edges are guarded by its condition or its negation, others by `true`;
//  - a block's (and the init block's) assignments are the ordered updates of its outgoing edge;
//  - the `targets` line becomes the system's declaredTargets, in the order written;
// Expressions are parsed here, against the model's own variables only.
#include <optional>
#include <vector>

#include "CfgModel.h"
#include "symseq/ir/TransitionSystem.h"

namespace symseq::cfg {

// A node's parsed expressions, indexed like Model::nodes.
struct NodeExprs {
  std::vector<Update> updates;
  std::optional<Expr> condition;
};

// Throws ParseError / SortError at file:line:col.
[[nodiscard]] TransitionSystem lowerModel(const Model& model, ExprContext& ctx);

}  // namespace symseq::cfg
