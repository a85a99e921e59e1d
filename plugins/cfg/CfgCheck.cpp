#include "CfgCheck.h"

#include <deque>
#include <optional>

namespace symseq::cfg {

namespace {

std::string quoted(const std::string& s) { return "'" + s + "'"; }

void checkEdges(const Model& m) {
  for (const Edge& e : m.edges) {
    const Node& from = m.nodes[e.source];
    if (e.target == kInitNode)
      throw ParseError("edge " + quoted(e.name) + " leads into 'init', which runs only once", e.targetWhere,
                       "end the iteration with an edge to 'loop'");
    if (e.when && from.kind != NodeKind::Decision)
      throw ParseError("edge " + quoted(e.name) + " has 'when', but " + std::string(kindName(from.kind)) +
                           (from.kind == NodeKind::Block ? " " + quoted(from.name) : "") + " does not branch",
                       e.whenWhere, "only edges leaving a decision node ('node NAME if ...') take 'when'");
    if (!e.when && from.kind == NodeKind::Decision)
      throw ParseError(
          "edge " + quoted(e.name) + " leaves decision " + quoted(from.name) + " without 'when true' or 'when false'",
          e.where, "add 'when true' or 'when false' at the end of the edge");
  }
}

// Every non-decision node has one successor; a decision one per branch.
void checkOutDegrees(const Model& m) {
  const auto out = outEdges(m);
  for (std::size_t n = 0; n < m.nodes.size(); ++n) {
    const Node& node = m.nodes[n];
    std::optional<std::size_t> first[2];  // by branch; a non-decision uses first[1]
    for (const std::size_t i : out[n]) {
      const Edge& e = m.edges[i];
      auto& slot = first[e.when.value_or(true) ? 1 : 0];
      if (slot) {
        const Edge& other = m.edges[*slot];
        if (node.kind == NodeKind::Decision)
          throw ParseError("decision " + quoted(node.name) + " already has a 'when " + (*e.when ? "true" : "false") +
                               "' edge (" + quoted(other.name) + ")",
                           e.where, "a decision has exactly one true and one false edge");
        throw ParseError(quoted(node.name) + " already has an outgoing edge (" + quoted(other.name) + ")", e.where,
                         "a block has exactly one successor; branch with a decision node ('node NAME if ...')");
      }
      slot = i;
    }
    if (node.kind == NodeKind::Decision) {
      for (const bool branch : {true, false})
        if (!first[branch ? 1 : 0])
          throw ParseError("decision " + quoted(node.name) + " has no 'when " + (branch ? "true" : "false") + "' edge",
                           node.where,
                           "add 'edge NAME : " + node.name + " -> NODE when " + (branch ? "true" : "false") + "'");
    } else if (!first[1]) {
      throw ParseError(quoted(node.name) + " has no outgoing edge", node.where,
                       node.kind == NodeKind::Loop
                           ? "add the edge that starts an iteration, e.g. 'edge e1 : loop -> NODE'"
                           : "every path must lead back to 'loop'; add an edge from " + quoted(node.name));
    }
  }
}

// Depth-first search over the graph without the edges into `loop`; an edge to a node on the
// stack closes a cycle. Iterative, so a large generated model cannot overflow the call stack.
class CycleFinder {
 public:
  explicit CycleFinder(const Model& m) : m_(m), out_(outEdges(m)), state_(m.nodes.size(), State::New) {}

  void run() {
    for (std::size_t n = 0; n < m_.nodes.size(); ++n)
      if (state_[n] == State::New) visit(n);
  }

 private:
  enum class State { New, OnStack, Done };
  struct Frame {
    std::size_t node;
    std::size_t next = 0;  // index into out_[node]
  };

  void visit(std::size_t root) {
    stack_.push_back({root});
    state_[root] = State::OnStack;
    while (!stack_.empty()) {
      Frame& f = stack_.back();
      if (f.next == out_[f.node].size()) {
        state_[f.node] = State::Done;
        stack_.pop_back();
        continue;
      }
      const Edge& e = m_.edges[out_[f.node][f.next++]];
      if (e.target == kLoopNode) continue;
      if (state_[e.target] == State::OnStack) report(e);
      if (state_[e.target] == State::New) {
        state_[e.target] = State::OnStack;
        stack_.push_back({e.target});
      }
    }
  }

  [[noreturn]] void report(const Edge& closing) const {
    std::string cycle;
    bool in = false;
    for (const Frame& f : stack_) {
      in = in || f.node == closing.target;
      if (in) cycle += m_.nodes[f.node].name + " -> ";
    }
    cycle += m_.nodes[closing.target].name;
    throw ParseError("the loop body has a cycle: " + cycle + " (closed by edge '" + closing.name + "')", closing.where,
                     "the body of the loop must be acyclic; end the iteration with an edge to 'loop' instead");
  }

  const Model& m_;
  std::vector<std::vector<std::size_t>> out_;
  std::vector<State> state_;
  std::vector<Frame> stack_;
};

void checkReachable(const Model& m) {
  const auto out = outEdges(m);
  std::vector<bool> seen(m.nodes.size(), false);
  std::deque<std::size_t> queue{kInitNode};
  seen[kInitNode] = true;
  while (!queue.empty()) {
    const std::size_t n = queue.front();
    queue.pop_front();
    for (const std::size_t i : out[n])
      if (!seen[m.edges[i].target]) {
        seen[m.edges[i].target] = true;
        queue.push_back(m.edges[i].target);
      }
  }
  for (std::size_t n = 0; n < m.nodes.size(); ++n)
    if (!seen[n])
      throw ParseError(quoted(m.nodes[n].name) + " is unreachable from 'init'", m.nodes[n].where,
                       "add an edge into it, or remove it");
}

}  // namespace

void checkShape(const Model& model) {
  checkEdges(model);
  checkOutDegrees(model);
  CycleFinder(model).run();
  checkReachable(model);
}

}  // namespace symseq::cfg
