#include "GwLower.h"

#include <map>

#include "GwReader.h"

namespace symseq::graphwalker {

TransitionSystem lower(const Model& model, ExprContext& ctx) {
  TransitionSystem ts(ctx);
  ts.name = model.name;
  for (const Variables::Entry& v : model.variables.entries())
    ts.variables.push_back(VariableDecl{.var = v.var, .role = VariableRole::State, .initial = model.initial.at(v.var),
                                        .where = v.where});

  // One parameterless input channel per edge name: the step a test asks the tester (or an
  // adapter) to perform, named as GraphWalker's test code names it.
  std::map<std::string, std::uint32_t> channels;
  for (const Edge& e : model.edges)
    if (channels.emplace(e.label, static_cast<std::uint32_t>(ts.channels.size())).second)
      ts.channels.push_back(Channel{e.label, ChannelDirection::Input, {}});

  // A vertex is two locations: its arrival, where the transition named after the vertex (its
  // visit, running the vertex's actions) starts, and the vertex itself, where its edges leave.
  const bool startLocation = model.startIsEdge;
  const LocationId start = startLocation ? ts.addLocation("(start)") : 0;
  std::vector<LocationId> at, arriving;
  for (const Vertex& v : model.vertices) {
    at.push_back(ts.addLocation(v.name, v.where));
    arriving.push_back(ts.addLocation(v.name + " (arriving)", v.where));
  }
  ts.initial = startLocation ? start : arriving[model.start];

  const auto edgeTransition = [&](const Edge& e, LocationId from) {
    Transition t;
    t.name = e.name;
    t.source = from;
    t.target = arriving[e.target];
    t.guard = e.guard;
    t.action = Action{ActionKind::Input, channels.at(e.label), {}};
    t.updates = e.actions;
    t.where = e.where;
    return t;
  };
  for (std::size_t k = 0; k < model.edges.size(); ++k) {
    const Edge& e = model.edges[k];
    ts.transitions.push_back(edgeTransition(e, e.source ? at[*e.source] : start));
    // The start edge has a source too: a copy taken first, from (start). It is not a target of
    // its own (synthetic); the edge is covered when a test takes it from its source.
    if (startLocation && model.start == k && e.source) {
      Transition first = edgeTransition(e, start);
      first.name = e.name + "#start";
      first.origin = e.name;
      first.synthetic = true;
      first.provenance = "the start element '" + e.name + "', taken first";
      ts.transitions.push_back(std::move(first));
    }
  }
  for (std::size_t i = 0; i < model.vertices.size(); ++i) {
    const Vertex& v = model.vertices[i];
    Transition t;
    t.name = v.name;
    t.source = arriving[i];
    t.target = at[i];
    t.guard = ctx.boolVal(true);
    t.action = Action{ActionKind::Internal, 0, {}};
    t.updates = v.actions;
    t.where = v.where;
    ts.transitions.push_back(std::move(t));
  }
  ts.metrics.push_back({"vertices", model.vertices.size()});
  ts.metrics.push_back({"edges", model.edges.size()});
  return ts;
}

TransitionSystem load(std::string_view text, const std::string& file, const std::string& fallbackName,
                      const std::string& start, ExprContext& ctx) {
  return lower(readModel(text, file, fallbackName, start, ctx), ctx);
}

}  // namespace symseq::graphwalker
