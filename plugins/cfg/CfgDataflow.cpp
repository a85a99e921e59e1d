#include "CfgDataflow.h"

#include <algorithm>
#include <deque>
#include <set>

namespace symseq::cfg {

namespace {

const VarDecl* findVar(const Model& m, const std::string& name) {
  for (const VarDecl& v : m.variables)
    if (v.name == name) return &v;
  return nullptr;
}

// Whether control leaving node `n` has certainly assigned `v`.
bool assigns(const Model& m, std::size_t n, const VarDecl& v) {
  const Node& node = m.nodes[n];
  if (node.kind == NodeKind::Loop) return v.input;
  if (node.kind == NodeKind::Init && v.initial) return true;
  return std::any_of(node.assignments.begin(), node.assignments.end(),
                     [&](const Assignment& a) { return a.variable == v.name; });
}

// A shortest path from `init` to `target` along which `v` is never assigned, if any
// (breadth-first, edges in declaration order, so the witness is deterministic).
std::optional<std::vector<std::size_t>> unassignedPath(const Model& m, const std::vector<std::vector<std::size_t>>& out,
                                                       std::size_t target, const VarDecl& v) {
  if (target == kInitNode) return v.initial ? std::nullopt : std::optional(std::vector<std::size_t>{kInitNode});
  std::vector<std::optional<std::size_t>> parent(m.nodes.size());
  std::vector<bool> seen(m.nodes.size(), false);
  std::deque<std::size_t> queue{kInitNode};
  seen[kInitNode] = true;
  while (!queue.empty()) {
    const std::size_t n = queue.front();
    queue.pop_front();
    if (assigns(m, n, v)) continue;
    for (const std::size_t i : out[n]) {
      const Edge& e = m.edges[i];
      if (seen[e.target]) continue;
      seen[e.target] = true;
      parent[e.target] = n;
      if (e.target == target) {
        std::vector<std::size_t> path{target};
        for (std::size_t at = target; parent[at]; at = *parent[at]) path.push_back(*parent[at]);
        std::reverse(path.begin(), path.end());
        return path;
      }
      queue.push_back(e.target);
    }
  }
  return std::nullopt;
}

void checkReads(const Model& m, const std::vector<std::vector<std::size_t>>& out, std::size_t n, const ExprText& text,
                const std::set<std::string>& assignedHere) {
  for (const Identifier& id : identifiers(text.text)) {
    const VarDecl* v = findVar(m, id.name);
    if (v == nullptr || assignedHere.count(id.name) != 0) continue;
    const auto path = unassignedPath(m, out, n, *v);
    if (!path) continue;
    std::string shown;
    for (const std::size_t p : *path) shown += (shown.empty() ? "" : " -> ") + m.nodes[p].name;
    throw ParseError("'" + v->name + "' may be read before it is assigned, on the path " + shown,
                     locate(text, id.offset),
                     v->input ? "inputs get their values when 'loop' is left; read them only in the loop body"
                              : "assign '" + v->name + "' on every path to here, or give it an initial value ('var " +
                                    v->name + " : " + v->sort.toString() + " = ...')");
  }
}

}  // namespace

void checkAssignedBeforeRead(const Model& model) {
  const auto out = outEdges(model);
  for (std::size_t n = 0; n < model.nodes.size(); ++n) {
    const Node& node = model.nodes[n];
    std::set<std::string> assignedHere;  // earlier in this block: later statements see them
    for (const Assignment& a : node.assignments) {
      checkReads(model, out, n, a.value, assignedHere);
      assignedHere.insert(a.variable);
    }
    if (node.condition) checkReads(model, out, n, *node.condition, assignedHere);
  }
}

}  // namespace symseq::cfg
