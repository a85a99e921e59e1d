// The `tree` writer: tree.json and tree.dot, the symbolic execution tree of a tree strategy
// (docs/results.md); nothing when the strategy built no tree.
#include <boost/dll/alias.hpp>
#include <nlohmann/json.hpp>
#include <sstream>

#include "symseq/exec/SymbolicTree.h"
#include "symseq/expr/Printer.h"
#include "symseq/plugin/PluginDescriptor.h"
#include "symseq/plugin/Writer.h"
#include "symseq/writing/DotText.h"

namespace {

using namespace symseq;

std::string callText(const CallRecord& c) {
  std::string text = toString(c.result) + " = " + c.function->name() + "(";
  for (std::size_t i = 0; i < c.args.size(); ++i) text += (i ? ", " : "") + toString(c.args[i]);
  return text + ")";
}

// The action of a node's step as the paper writes it: c?(x1@3), c!(t), or tau.
std::string actionText(const TreeNode& n, const TransitionSystem& system) {
  const Transition& t = system.transitions[*n.transition];
  if (t.action.kind == ActionKind::Internal) return "tau";
  const bool input = t.action.kind == ActionKind::Input;
  std::string text = system.channels[t.action.channel].name + (input ? "?(" : "!(");
  const std::vector<Expr>& terms = input ? n.inputs : n.outputs;
  for (std::size_t i = 0; i < terms.size(); ++i) text += (i ? ", " : "") + toString(terms[i]);
  return text + ")";
}

std::string treeJson(const SymbolicTree& tree, const TransitionSystem& system) {
  using json = nlohmann::ordered_json;
  json nodes = json::array();
  for (const TreeNode& n : tree.nodes) {
    json o{{"id", n.id}, {"state", system.locations[n.location].name}, {"depth", n.depth}};
    if (n.parent) {
      o["parent"] = *n.parent;
      o["transition"] = system.transitions[*n.transition].name;
      o["action"] = actionText(n, system);
      o["guard"] = toString(n.guard);
      json calls = json::array();
      for (const CallRecord& c : n.calls) calls.push_back(callText(c));
      for (Expr c : n.programCalls) calls.push_back(toString(c));
      o["calls"] = std::move(calls);
    }
    o["children"] = n.children;
    o["on_test"] = n.onTest;
    nodes.push_back(std::move(o));
  }
  // The format and its version (schemas/README.md): schemas/tree-1.schema.json.
  json doc{{"format", "symseq-tree"}, {"version", 1}, {"model", system.name}, {"states", tree.nodes.size()}, {"nodes", std::move(nodes)}};
  // Over programs known by contracts, each pruned child says whether only the programs'
  // determinism prunes it (iosts-program-contracts.md, Definition 9).
  if (!system.contracts.empty()) {
    json pruned = json::array();
    for (const PrunedChild& p : tree.pruned)
      pruned.push_back({{"parent", p.parent},
                        {"transition", system.transitions[p.transition].name},
                        {"determinism_needed", p.determinismNeeded}});
    doc["pruned"] = std::move(pruned);
  }
  return doc.dump(1) + "\n";
}

// Like Figure 2 of the paper: states as circles named after the IOSTS state, edges labelled with
// the transition and its symbolic action; the paths of reported tests are bold.
std::string treeDot(const SymbolicTree& tree, const TransitionSystem& system) {
  std::ostringstream out;
  out << "digraph " << dotQuoted(system.name + " symbolic tree") << " {\n  node [shape=circle, fontsize=10];\n";
  for (const TreeNode& n : tree.nodes)
    out << "  s" << n.id << " [label=" << dotQuoted(system.locations[n.location].name + "\n#" + std::to_string(n.id))
        << (n.onTest ? ", penwidth=2.5" : "") << "];\n";
  for (const TreeNode& n : tree.nodes) {
    if (!n.parent) continue;
    std::string label = system.transitions[*n.transition].name + ": " + actionText(n, system);
    if (!n.guard.isConst()) label += "\n[" + toString(n.guard) + "]";
    for (const CallRecord& c : n.calls) label += "\n" + callText(c);
    out << "  s" << *n.parent << " -> s" << n.id << " [label=" << dotQuoted(label) << (n.onTest ? ", penwidth=2.5" : "")
        << "];\n";
  }
  out << "}\n";
  return out.str();
}

class TreeWriter final : public Writer {
 public:
  std::vector<OutputFile> write(const WriterInput& run) const override {
    if (!run.result.tree) return {};
    return {{"tree.json", treeJson(*run.result.tree, run.system)}, {"tree.dot", treeDot(*run.result.tree, run.system)}};
  }
};

PluginPtr<Writer> make(const Options&) { return makePluginPtr<TreeWriter>(); }

const PluginDescriptor descriptor{
    .kind = PluginKind::Writer,
    .name = "tree",
    .version = "1.0.0",
    .summary = "tree.json and tree.dot: the symbolic execution tree, when the strategy built one",
    .makeWriter = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
