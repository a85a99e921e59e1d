#pragma once
// The symbolic execution tree a tree strategy builds (Definition 3 of iosts-function-summaries.md,
// as in its Figure 2): one node per satisfiable symbolic state, one edge per symbolic transition.
// Nodes keep the terms of their step (guard, fresh inputs, outputs, external calls), not the
// whole state, so a tree of 100,000 states stays small; the writers print them.
#include <cstdint>
#include <optional>
#include <vector>

#include "symseq/ir/TransitionSystem.h"
#include "symseq/summary/CallRecord.h"

#pragma GCC visibility push(default)

namespace symseq {

using TreeNodeId = std::uint32_t;

struct TreeNode {
  TreeNodeId id = 0;                       // creation order
  std::optional<TreeNodeId> parent;        // none for the root
  std::optional<TransitionId> transition;  // the transition from the parent
  LocationId location = 0;
  std::uint32_t depth = 0;
  Expr guard;                              // the step's instantiated guard (null: the root)
  std::vector<Expr> inputs;                // fresh symbols the step read, in the action's order
  std::vector<Expr> outputs;               // emitted terms
  std::vector<CallRecord> calls;           // external calls the step made
  std::vector<Expr> programCalls;          // program applications the step made (Price(B@3)), in update order
  std::vector<TreeNodeId> children;        // in the order they were created
  bool onTest = false;                     // on the path of a reported test sequence
};

// A child that was pruned as infeasible, kept for the record: the tree shows why it is absent.
struct PrunedChild {
  TreeNodeId parent = 0;
  TransitionId transition = 0;
  // The child's path condition is satisfiable once programs are free to return different results
  // for equal arguments: only the programs' determinism prunes it (iosts-program-contracts.md, Def 9).
  bool determinismNeeded = false;
};

struct SymbolicTree {
  std::vector<TreeNode> nodes;  // nodes[i].id == i; nodes[0] is the root
  std::vector<PrunedChild> pruned;  // in pruning order

  // The nodes from the root (excluded) down to `node`, in order.
  [[nodiscard]] std::vector<TreeNodeId> pathTo(TreeNodeId node) const;
};

}  // namespace symseq

#pragma GCC visibility pop
