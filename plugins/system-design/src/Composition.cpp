#include "Composition.h"

#include <optional>
#include <string>

#include "symseq/support/DidYouMean.h"

namespace symseq::design {

namespace {

using syntax::DesignText;
using syntax::UseDecl;

std::string timeName(TimeKind k) { return k == TimeKind::Discrete ? "discrete" : "dense"; }

std::vector<std::string> designNames(const std::vector<DesignText>& designs) {
  std::vector<std::string> names;
  for (const DesignText& d : designs) names.push_back(d.name);
  return names;
}

void checkNames(const std::vector<DesignText>& designs) {
  for (std::size_t i = 0; i < designs.size(); ++i) {
    const DesignText& d = designs[i];
    if (findDesign(designs, d.name) != i)
      throw Error("design '" + d.name + "' is defined twice (first at " +
                      designs[findDesign(designs, d.name)].where.toString() + ")",
                  d.where, "rename one of them");
    for (std::size_t u = 0; u < d.uses.size(); ++u) {
      const UseDecl& use = d.uses[u];
      if (findDesign(designs, use.design) == designs.size())
        throw Error("unknown design '" + use.design + "'" + didYouMean(use.design, designNames(designs)), use.where,
                    "'use' names a design of this file");
      if (use.instance == d.name && use.design != d.name)  // `use env` in env: the cycle check says it
        throw Error("instance '" + use.instance + "' has the name of design '" + d.name + "' that uses it",
                    use.where, "name the instance with 'use " + use.design + " as NAME'");
      for (std::size_t v = 0; v < u; ++v) {
        if (d.uses[v].instance != use.instance) continue;
        if (!use.named && d.uses[v].design == use.design)
          throw Error("design '" + use.design + "' is used twice by '" + d.name + "' without 'as'", use.where,
                      "name each instance: 'use " + use.design + " as a, " + use.design + " as b'");
        throw Error("two instances named '" + use.instance + "' in design '" + d.name + "'", use.where,
                    "give each instance its own name with 'as'");
      }
    }
  }
}

// Depth-first; `onPath` holds the designs being visited. Appends in post-order (used first).
void visit(const std::vector<DesignText>& designs, std::size_t i, std::vector<int>& state,
           std::vector<std::size_t>& path, std::vector<std::size_t>& postOrder) {
  state[i] = 1;
  path.push_back(i);
  for (const UseDecl& use : designs[i].uses) {
    const std::size_t j = findDesign(designs, use.design);
    if (state[j] == 1) {
      std::string cycle;
      bool in = false;
      for (const std::size_t k : path) {
        in = in || k == j;
        if (in) cycle += designs[k].name + " -> ";
      }
      throw Error("design '" + use.design + "' uses itself: " + cycle + use.design, use.where,
                  "a design cannot reuse itself, directly or through others");
    }
    if (state[j] == 0) visit(designs, j, state, path, postOrder);
  }
  path.pop_back();
  state[i] = 2;
  postOrder.push_back(i);
}

}  // namespace

std::size_t findDesign(const std::vector<DesignText>& designs, std::string_view name) {
  for (std::size_t i = 0; i < designs.size(); ++i)
    if (designs[i].name == name) return i;
  return designs.size();
}

std::vector<TimeKind> checkComposition(const std::vector<DesignText>& designs) {
  checkNames(designs);
  std::vector<int> state(designs.size(), 0);
  std::vector<std::size_t> path;
  std::vector<std::size_t> postOrder;
  for (std::size_t i = 0; i < designs.size(); ++i)
    if (state[i] == 0) visit(designs, i, state, path, postOrder);

  // Users before the designs they use: the reverse post-order. A design without `time` takes
  // the carrier of its first user; any other user must agree (one clock per composition).
  std::vector<std::optional<TimeKind>> inherited(designs.size());
  std::vector<TimeKind> carriers(designs.size(), TimeKind::Discrete);
  for (auto it = postOrder.rbegin(); it != postOrder.rend(); ++it) {
    const DesignText& d = designs[*it];
    carriers[*it] = d.time.value_or(inherited[*it].value_or(TimeKind::Discrete));
    for (const UseDecl& use : d.uses) {
      const std::size_t j = findDesign(designs, use.design);
      const std::optional<TimeKind> theirs = designs[j].time ? designs[j].time : inherited[j];
      if (theirs && *theirs != carriers[*it])
        throw Error("design '" + use.design + "' has " + timeName(*theirs) + " time" +
                        (designs[j].time ? "" : " (from its other users)") + " but '" + d.name + "' has " +
                        timeName(carriers[*it]) + " time",
                    use.where,
                    "one clock per composition: declare the same 'time' in '" + d.name + "' and '" + use.design + "'");
      inherited[j] = carriers[*it];
    }
  }
  return carriers;
}

}  // namespace symseq::design
