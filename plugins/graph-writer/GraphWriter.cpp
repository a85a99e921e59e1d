// The `graphs` writer: per component of a composed model, graph-<instance>.json and
// graph-<instance>.dot, its execution graph (Definition 9 of symbolic-execution-of-system-designs.md)
// projected from the run's symbolic tree (docs/execution-graphs.md); nothing for a model without
// components or a run without a tree.
#include <boost/dll/alias.hpp>
#include <nlohmann/json.hpp>
#include <sstream>

#include "ExecutionGraph.h"
#include "symseq/plugin/PluginDescriptor.h"
#include "symseq/plugin/Writer.h"
#include "symseq/writing/DotText.h"

namespace {

using namespace symseq;
using graphs::ExecutionGraph;
using graphs::GraphEdge;
using graphs::GraphNode;
using graphs::Snapshot;

std::string transitionsText(const std::vector<TransitionId>& path, const TransitionSystem& system) {
  std::string text;
  for (const TransitionId t : path) text += (text.empty() ? "" : "; ") + system.transitions[t].name;
  return text;
}

std::string graphJson(const ExecutionGraph& graph, const Component& component, const TransitionSystem& system) {
  using json = nlohmann::ordered_json;
  json ports = json::array();
  for (const ComponentPort& p : component.ports) ports.push_back(p.name);
  json nodes = json::array();
  for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
    const GraphNode& n = graph.nodes[i];
    json o{{"id", i}, {"tree_node", n.treeNode}, {"depth", n.depth}, {"on_test", n.onTest}};
    if (n.transition) o["transition"] = system.transitions[*n.transition].name;
    json eta = json::object();
    json nu = json::object();
    for (const graphs::PortSnapshot& p : n.snapshot.ports) {
      eta[p.port] = p.current;
      nu[p.port] = p.available;
    }
    o["eta"] = std::move(eta);
    o["nu"] = std::move(nu);
    o["delta"] = n.snapshot.date;
    o["pi"] = n.snapshot.constraints;
    nodes.push_back(std::move(o));
  }
  json edges = json::array();
  for (const GraphEdge& e : graph.edges) {
    json names = json::array();
    for (const TransitionId t : e.transitions) names.push_back(system.transitions[t].name);
    edges.push_back({{"from", e.from}, {"to", e.to}, {"transitions", std::move(names)}});
  }
  // The format and its version (schemas/README.md): schemas/graph-1.schema.json.
  const json doc{{"format", "symseq-graph"}, {"version", 1}, {"model", system.name},    {"component", component.name}, {"design", component.design},
                 {"ports", std::move(ports)}, {"nodes", std::move(nodes)},   {"edges", std::move(edges)}};
  return doc.dump(1) + "\n";
}

// Text inside a record label: the record's own syntax characters escaped, each line left-justified.
std::string recordText(const std::string& s) {
  std::string out;
  for (const char c : s) {
    if (c == '{' || c == '}' || c == '|' || c == '<' || c == '>' || c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\\l";
}

// The snapshot as the paper prints it (Example 2), one record field per part.
std::string recordLabel(const GraphNode& n, std::size_t index, const Component& component) {
  std::string head = component.name + " n" + std::to_string(index) + " (tree #" + std::to_string(n.treeNode) + ")";
  if (n.onTest) head += ", on a test";
  std::string eta, nu;
  for (const graphs::PortSnapshot& p : n.snapshot.ports) {
    eta += recordText("η(" + p.port + ") → " + p.current);
    nu += recordText("ν(" + p.port + ") → " + p.available);
  }
  std::string pi;
  for (std::size_t i = 0; i < n.snapshot.constraints.size(); ++i)
    pi += recordText((i ? "   " : "π = {") + n.snapshot.constraints[i] +
                     (i + 1 < n.snapshot.constraints.size() ? "," : "}"));
  if (pi.empty()) pi = recordText("π = {}");
  std::string label = "{" + recordText(head);
  for (const std::string& field : {eta, nu, recordText("δ → " + n.snapshot.date), pi})
    if (!field.empty()) label += "|" + field;
  return "\"" + label + "}\"";
}

std::string graphDot(const ExecutionGraph& graph, const Component& component, const TransitionSystem& system) {
  std::ostringstream out;
  out << "digraph " << dotQuoted(component.name + " execution graph")
      << " {\n  node [shape=record, fontsize=10];\n  edge [fontsize=10];\n";
  for (std::size_t i = 0; i < graph.nodes.size(); ++i)
    out << "  n" << i << " [label=" << recordLabel(graph.nodes[i], i, component)
        << (graph.nodes[i].onTest ? ", penwidth=2.5" : "") << "];\n";
  for (const GraphEdge& e : graph.edges)
    out << "  n" << e.from << " -> n" << e.to << " [label=" << dotQuoted(transitionsText(e.transitions, system))
        << (graph.nodes[e.to].onTest ? ", penwidth=2.5" : "") << "];\n";
  out << "}\n";
  return out.str();
}

class GraphWriter final : public Writer {
 public:
  std::vector<OutputFile> write(const WriterInput& run) const override {
    if (!run.result.tree) return {};
    std::vector<OutputFile> files;
    for (const Component& c : run.system.components) {
      const ExecutionGraph graph = graphs::project(*run.result.tree, run.system, c);
      files.push_back({"graph-" + c.name + ".json", graphJson(graph, c, run.system)});
      files.push_back({"graph-" + c.name + ".dot", graphDot(graph, c, run.system)});
    }
    return files;
  }
};

PluginPtr<Writer> make(const Options&) { return makePluginPtr<GraphWriter>(); }

const PluginDescriptor descriptor{
    .kind = PluginKind::Writer,
    .name = "graphs",
    .version = "1.0.0",
    .summary = "graph-<instance>.json and .dot: each component's execution graph with its snapshots, from the symbolic tree",
    .makeWriter = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
