#pragma once
// The parsed form of a .cfg file: names, kinds and source positions, expressions still as text.
// The reader fills it, CfgCheck validates its graph, CfgLower turns it into the IR.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "symseq/expr/Sort.h"
#include "symseq/support/Error.h"

namespace symseq::cfg {

// An expression exactly as written, with where it starts, so the kernel parser's errors and
// ours point into the model file.
struct ExprText {
  std::string text;
  SourceLocation where;
};

// The location of `offset` inside `text`, which starts at `start` (text may span lines).
[[nodiscard]] SourceLocation locate(const ExprText& text, std::size_t offset);

struct Identifier {
  std::string name;
  std::size_t offset;  // into the text
};
// The identifiers of an expression in text order (numerals such as 255bv8 are skipped), so that
// checks on variables can point at the exact place a name is read.
[[nodiscard]] std::vector<Identifier> identifiers(std::string_view text);

struct VarDecl {
  std::string name;
  SourceLocation where;
  bool input = false;
  Sort sort;
  std::optional<ExprText> initial;  // state variables only
};

struct Assignment {
  std::string variable;
  SourceLocation where;  // of the variable name
  ExprText value;
};

enum class NodeKind { Init, Loop, Block, Decision };

struct Node {
  std::string name;
  NodeKind kind = NodeKind::Block;
  SourceLocation where;
  std::vector<Assignment> assignments;  // Init and Block
  std::optional<ExprText> condition;    // Decision
};

struct Edge {
  std::string name;
  SourceLocation where;    // of the edge name
  std::size_t source = 0;  // index into Model::nodes
  std::size_t target = 0;
  SourceLocation targetWhere;  // of the target's name
  std::optional<bool> when;    // the branch of a decision
  SourceLocation whenWhere;    // of `when`, if given
};

// One name of the `targets` line, resolved to the edge it names once every edge is known.
struct TargetRef {
  std::string name;
  SourceLocation where;  // of the name, for errors
  std::size_t edge = 0;  // index into Model::edges
};

inline constexpr std::size_t kInitNode = 0;  // always nodes[0]
inline constexpr std::size_t kLoopNode = 1;  // always nodes[1]

struct Model {
  std::string name;
  std::vector<VarDecl> variables;  // declaration order
  std::vector<Node> nodes;         // init, loop, then declaration order
  std::vector<Edge> edges;         // declaration order
  bool hasInitBlock = false;
  std::vector<TargetRef> targets;              // the `targets` line, in the order written
  std::optional<SourceLocation> targetsWhere;  // of the `targets` keyword, when the line is there
  // Without init block and edges from `init`, the reader adds the edge `init : init -> loop` first.
};

// The indices of the edges leaving each node, in declaration order (graph walks use this instead
// of scanning every edge per node).
[[nodiscard]] inline std::vector<std::vector<std::size_t>> outEdges(const Model& m) {
  std::vector<std::vector<std::size_t>> out(m.nodes.size());
  for (std::size_t e = 0; e < m.edges.size(); ++e) out[m.edges[e].source].push_back(e);
  return out;
}

[[nodiscard]] inline std::string_view kindName(NodeKind k) {
  switch (k) {
    case NodeKind::Init:
      return "the init block";
    case NodeKind::Loop:
      return "the loop head";
    case NodeKind::Block:
      return "block";
    case NodeKind::Decision:
      return "decision";
  }
  return "node";
}

}  // namespace symseq::cfg
