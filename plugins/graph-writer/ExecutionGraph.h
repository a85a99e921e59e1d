#pragma once
// The execution graph of one component (Definition 9 of symbolic-execution-of-system-designs.md):
// the projection of the run's symbolic tree onto the component, each node with its snapshot
// (η, ν, δ, π) of Definition 1 as text. docs/execution-graphs.md states the rules.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "symseq/exec/SymbolicTree.h"
#include "symseq/ir/TransitionSystem.h"

namespace symseq::graphs {

// One port of a snapshot: η (its current value) and ν (its buffered value, "⊥" when none waits).
struct PortSnapshot {
  std::string port;
  std::string current;
  std::string available;
};

struct Snapshot {
  std::vector<PortSnapshot> ports;  // in the component's port order
  std::string date;                 // δ
  std::vector<std::string> constraints;  // π: the axioms, the root's port equations, then the path's guards
};

struct GraphNode {
  TreeNodeId treeNode = 0;
  std::uint32_t depth = 0;
  bool onTest = false;
  std::optional<TransitionId> transition;  // the observation that reached it; none for the root
  Snapshot snapshot;
};

// From the nearest node of the graph above `to` in the tree; `transitions` is the tree path
// between them (the last one is `to`'s observation).
struct GraphEdge {
  std::uint32_t from = 0;  // indices into ExecutionGraph::nodes
  std::uint32_t to = 0;
  std::vector<TransitionId> transitions;
};

struct ExecutionGraph {
  std::vector<GraphNode> nodes;  // by tree node id; nodes[0] is the tree's root
  std::vector<GraphEdge> edges;  // in the order of their `to`
};

// The projection of `tree` onto `component`, snapshots recomputed with SymbolicExecutor along the
// tree paths. Creates the root's fresh port names (`intensity0`) in the system's context.
[[nodiscard]] ExecutionGraph project(const SymbolicTree& tree, const TransitionSystem& system,
                                     const Component& component);

}  // namespace symseq::graphs
