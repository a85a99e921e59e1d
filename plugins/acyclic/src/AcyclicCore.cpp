#include "symseq/acyclic/AcyclicCore.h"

#include <algorithm>

namespace symseq {

namespace {

// Depth-first topological order of the locations in `members` reachable from `start`, skipping
// edges into `stop` (the loop head, where an iteration ends). Throws on a cycle, printing it.
std::vector<LocationId> topologicalOrder(const TransitionSystem& system, const std::vector<std::vector<TransitionId>>& out,
                                         LocationId start, LocationId stop, const std::string& what,
                                         const std::string& user) {
  enum class Mark : std::uint8_t { New, Open, Done };
  std::vector<Mark> mark(system.locations.size(), Mark::New);
  std::vector<LocationId> postorder;
  struct Frame {
    LocationId location;
    std::size_t next = 0;
    TransitionId via = 0;  // the transition that entered `location`
  };
  std::vector<Frame> stack{{start, 0, 0}};
  mark[start] = Mark::Open;
  while (!stack.empty()) {
    Frame& f = stack.back();
    if (f.next == out[f.location].size()) {
      mark[f.location] = Mark::Done;
      postorder.push_back(f.location);
      stack.pop_back();
      continue;
    }
    const TransitionId t = out[f.location][f.next++];
    const LocationId to = system.transitions[t].target;
    if (to == stop) continue;
    if (mark[to] == Mark::Open) {
      // The cycle is the part of the stack from `to` up, closed by `t`.
      std::string cycle;
      auto it = std::find_if(stack.begin(), stack.end(), [&](const Frame& g) { return g.location == to; });
      for (; it != stack.end(); ++it) cycle += system.locations[it->location].name + " -> ";
      cycle += system.locations[to].name;
      throw Error(user + " needs an acyclic-core model, but " + what + " has a cycle: " + cycle + " (closed by '" +
                      system.transitions[t].name + "')",
                  system.transitions[t].where, "break the cycle, or move it into the outer loop through the loop head");
    }
    if (mark[to] == Mark::New) {
      mark[to] = Mark::Open;
      stack.push_back({to, 0, t});
    }
  }
  std::reverse(postorder.begin(), postorder.end());
  return postorder;
}

// Every location in `order` must be able to reach `stop`; otherwise an iteration (or the
// initial part) could end nowhere.
void requireReturn(const TransitionSystem& system, const std::vector<std::vector<TransitionId>>& out,
                   const std::vector<LocationId>& order, LocationId stop, const std::string& user) {
  std::vector<bool> reaches(system.locations.size(), false);
  reaches[stop] = true;
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    const LocationId l = *it;
    bool any = false;
    for (TransitionId t : out[l]) any = any || reaches[system.transitions[t].target];
    if (!any)
      throw Error(user + " needs an acyclic-core model, but location '" + system.locations[l].name +
                      "' cannot reach the loop head '" + system.locations[stop].name + "'",
                  system.locations[l].where, "give it a way back to the loop head");
    reaches[l] = true;
  }
}

}  // namespace

AcyclicCore AcyclicCore::analyse(const TransitionSystem& system, std::string_view userName) {
  const std::string user(userName);
  AcyclicCore core;
  core.system_ = &system;
  const std::size_t n = system.locations.size();
  core.outgoing_.assign(n, {});
  for (TransitionId t = 0; t < system.transitions.size(); ++t) core.outgoing_[system.transitions[t].source].push_back(t);

  std::vector<LocationId> heads;
  for (const Transition& t : system.transitions)
    if (t.action.kind == ActionKind::Input && std::find(heads.begin(), heads.end(), t.source) == heads.end())
      heads.push_back(t.source);
  if (heads.empty())
    throw Error(user + " needs an acyclic-core model, but no transition reads inputs, so there is no loop head",
                std::nullopt, "an iteration starts with an input transition from the loop head");
  if (heads.size() > 1)
    throw Error(user + " needs an acyclic-core model, but inputs are read at '" + system.locations[heads[0]].name +
                    "' and at '" + system.locations[heads[1]].name + "'",
                system.locations[heads[1]].where, "read every input at one loop head");
  core.loopHead_ = heads[0];
  for (TransitionId t : core.outgoing_[core.loopHead_])
    if (system.transitions[t].action.kind != ActionKind::Input)
      throw Error(user + " needs an acyclic-core model, but transition '" + system.transitions[t].name +
                      "' leaves the loop head '" + system.locations[core.loopHead_].name + "' without reading inputs",
                  system.transitions[t].where, "only input transitions may leave the loop head");

  core.inPrefix_.assign(n, false);
  core.inBody_.assign(n, false);
  if (system.initial != core.loopHead_) {
    core.prefixOrder_ = topologicalOrder(system, core.outgoing_, system.initial, core.loopHead_, "the initial part", user);
    requireReturn(system, core.outgoing_, core.prefixOrder_, core.loopHead_, user);
    for (LocationId l : core.prefixOrder_) core.inPrefix_[l] = true;
  }
  core.bodyOrder_ = topologicalOrder(system, core.outgoing_, core.loopHead_, core.loopHead_, "the loop body", user);
  requireReturn(system, core.outgoing_, core.bodyOrder_, core.loopHead_, user);
  for (LocationId l : core.bodyOrder_) core.inBody_[l] = true;
  return core;
}

std::size_t AcyclicCore::bodyDecisions() const {
  return static_cast<std::size_t>(
      std::count_if(bodyOrder_.begin(), bodyOrder_.end(), [&](LocationId l) { return isChoice(l); }));
}

std::optional<std::string> AcyclicCore::refusal(const TransitionSystem& system, std::string_view user) {
  try {
    (void)analyse(system, user);
    return std::nullopt;
  } catch (const Error& e) {
    return e.location() ? e.message() + " (" + e.location()->toString() + ")" : e.message();
  }
}

}  // namespace symseq
