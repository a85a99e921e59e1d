#pragma once
// A transition system built edge by edge for tests of acyclic cores and paths: locations are
// created on first mention (the first is initial) at line 100 + their index of "m.model", and
// each transition gets its own line there, so messages can be checked for it.
#include <string>
#include <vector>

#include "symseq/ir/TransitionSystem.h"

namespace symseq::test {

struct GraphModel {
  ExprContext ctx;
  TransitionSystem ts{ctx};
  Expr in = ctx.var("in", Sort::integer());
  std::uint32_t line = 1;

  GraphModel() {
    ts.name = "m";
    ts.variables = {{in, VariableRole::Input, std::nullopt, std::nullopt}};
    ts.channels = {{"c", ChannelDirection::Input, {Sort::integer()}}};
  }

  LocationId at(const std::string& name) {
    if (auto l = ts.findLocation(name)) return *l;
    return ts.addLocation(name, SourceLocation{"m.model", 100 + static_cast<std::uint32_t>(ts.locations.size()), 1});
  }
  TransitionId add(const std::string& name, const std::string& from, const std::string& to, bool input) {
    const Action action = input ? Action{ActionKind::Input, 0, {in}} : Action{};
    ts.transitions.push_back({name, at(from), at(to), ctx.boolVal(true), action, {}, SourceLocation{"m.model", line++, 3}});
    return static_cast<TransitionId>(ts.transitions.size() - 1);
  }
  TransitionId read(const std::string& name, const std::string& from, const std::string& to) {
    return add(name, from, to, true);
  }
  TransitionId step(const std::string& name, const std::string& from, const std::string& to) {
    return add(name, from, to, false);
  }

  [[nodiscard]] TransitionId id(const std::string& name) const { return *ts.findTransition(name); }
  [[nodiscard]] std::vector<TransitionId> ids(const std::vector<std::string>& names) const {
    std::vector<TransitionId> out;
    for (const auto& n : names) out.push_back(id(n));
    return out;
  }
  [[nodiscard]] std::vector<std::string> names(const std::vector<LocationId>& ls) const {
    std::vector<std::string> out;
    for (LocationId l : ls) out.push_back(ts.locations[l].name);
    return out;
  }
};

}  // namespace symseq::test
