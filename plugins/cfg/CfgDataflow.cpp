#include "CfgDataflow.h"

#include <algorithm>
#include <deque>
#include <map>
#include <unordered_map>
#include <unordered_set>

namespace symseq::cfg {

namespace {

// What the walks ask often, computed once so that a long block stays linear: the declaration of a
// name, and the variables each node assigns (a block of 100,000 assignments is read 100,000 times).
class Facts {
 public:
  explicit Facts(const Model& m) : out(outEdges(m)), assigned_(m.nodes.size()) {
    for (const VarDecl& v : m.variables) vars_.emplace(v.name, &v);
    for (std::size_t n = 0; n < m.nodes.size(); ++n)
      for (const Assignment& a : m.nodes[n].assignments) assigned_[n].insert(a.variable);
  }

  [[nodiscard]] const VarDecl* findVar(const std::string& name) const {
    const auto it = vars_.find(name);
    return it == vars_.end() ? nullptr : it->second;
  }

  // Whether control leaving node `n` has certainly assigned `v`.
  [[nodiscard]] bool assigns(const Model& m, std::size_t n, const VarDecl& v) const {
    const Node& node = m.nodes[n];
    if (node.kind == NodeKind::Loop) return v.input;
    if (node.kind == NodeKind::Init && v.initial) return true;
    return assigned_[n].contains(v.name);
  }

  const std::vector<std::vector<std::size_t>> out;
  // (variable, node) -> the witness path, once asked: a variable read many times in one node is
  // walked for once.
  std::map<std::pair<const VarDecl*, std::size_t>, std::optional<std::vector<std::size_t>>> walked;

 private:
  std::unordered_map<std::string, const VarDecl*> vars_;
  std::vector<std::unordered_set<std::string>> assigned_;
};

// A shortest path from `init` to `target` along which `v` is never assigned, if any
// (breadth-first, edges in declaration order, so the witness is deterministic).
std::optional<std::vector<std::size_t>> unassignedPath(const Model& m, const Facts& facts, std::size_t target,
                                                       const VarDecl& v) {
  if (target == kInitNode) return v.initial ? std::nullopt : std::optional(std::vector<std::size_t>{kInitNode});
  std::vector<std::optional<std::size_t>> parent(m.nodes.size());
  std::vector<bool> seen(m.nodes.size(), false);
  std::deque<std::size_t> queue{kInitNode};
  seen[kInitNode] = true;
  while (!queue.empty()) {
    const std::size_t n = queue.front();
    queue.pop_front();
    if (facts.assigns(m, n, v)) continue;
    for (const std::size_t i : facts.out[n]) {
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

void checkReads(const Model& m, Facts& facts, std::size_t n, const ExprText& text,
                const std::unordered_set<std::string>& assignedHere) {
  for (const Identifier& id : identifiers(text.text)) {
    const VarDecl* v = facts.findVar(id.name);
    if (v == nullptr || assignedHere.contains(id.name)) continue;
    auto [at, fresh] = facts.walked.try_emplace({v, n});
    if (fresh) at->second = unassignedPath(m, facts, n, *v);
    const auto& path = at->second;
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
  Facts facts(model);
  for (std::size_t n = 0; n < model.nodes.size(); ++n) {
    const Node& node = model.nodes[n];
    std::unordered_set<std::string> assignedHere;  // earlier in this block: later statements see them
    for (const Assignment& a : node.assignments) {
      checkReads(model, facts, n, a.value, assignedHere);
      assignedHere.insert(a.variable);
    }
    if (node.condition) checkReads(model, facts, n, *node.condition, assignedHere);
  }
}

}  // namespace symseq::cfg
