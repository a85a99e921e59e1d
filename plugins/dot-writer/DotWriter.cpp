// The `dot` writer: model.dot, a picture of the model with its targets and their coverage, and,
// for models whose frontend drew them as written (a hierarchy a flattening removed),
// model-source.dot beside it. Each flattened transition's label says how flattening made it.
#include <boost/dll/alias.hpp>
#include <sstream>

#include "symseq/expr/Printer.h"
#include "symseq/plugin/PluginDescriptor.h"
#include "symseq/plugin/Writer.h"
#include "symseq/writing/DotText.h"

namespace {

using namespace symseq;

// Edges are labelled with the transition's name, guard and assignments. Targets are bold; covered
// transitions green; targets left uncovered red and dashed.
std::string modelDot(const RunResult& result, const TransitionSystem& system) {
  std::set<TransitionId> targets;
  for (const TargetOutcome& t : result.targets) targets.insert(t.transition);
  std::ostringstream out;
  out << "digraph " << dotQuoted(system.name) << " {\n  node [shape=box];\n";
  for (LocationId l = 0; l < system.locations.size(); ++l)
    out << "  n" << l << " [label=" << dotQuoted(system.locations[l].name) << (l == system.initial ? ", peripheries=2" : "")
        << "];\n";
  for (TransitionId id = 0; id < system.transitions.size(); ++id) {
    const Transition& t = system.transitions[id];
    const bool isGuarded = !(t.guard.isConst() && t.guard.value() == Value::boolean(true));
    std::string label = t.name + (isGuarded ? " [" + toString(t.guard) + "]" : "");
    // The assignments, one per line, in the order they run.
    for (const Update& u : t.updates) label += "\n" + toString(u.variable) + " := " + toString(u.value);
    if (!t.provenance.empty()) label += "\n(" + t.provenance + ")";
    std::string style = t.synthetic ? ", color=gray, fontcolor=gray, style=dotted" : "";
    if (result.covered.contains(id)) style += ", color=darkgreen";
    else if (targets.contains(id)) style += ", color=red, style=dashed";
    if (targets.contains(id)) style += ", penwidth=2.5";
    out << "  n" << t.source << " -> n" << t.target << " [label=" << dotQuoted(label) << style << "];\n";
  }
  out << "}\n";
  return out.str();
}

class DotWriter final : public Writer {
 public:
  std::vector<OutputFile> write(const WriterInput& run) const override {
    std::vector<OutputFile> files{{"model.dot", modelDot(run.result, run.system)}};
    if (!run.system.sourceDiagram.empty()) files.push_back({"model-source.dot", run.system.sourceDiagram});
    return files;
  }
};

PluginPtr<Writer> make(const Options&) { return makePluginPtr<DotWriter>(); }

const PluginDescriptor descriptor{
    .kind = PluginKind::Writer,
    .name = "dot",
    .version = "1.0.0",
    .summary = "model.dot: the model as a graph, targets bold, covered green, uncovered targets red and dashed; "
               "model-source.dot: the model as written, when flattened",
    .makeWriter = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
