#include "symseq/path/FindPath.h"

#include <algorithm>

#include "MinFlowCover.h"

namespace symseq {

namespace {

// The path from `from` to the loop head, inside the locations of `order` (the initial part or
// the body), that takes the most targets; among equals, the transitions declared first.
std::vector<TransitionId> richestPathToHead(const AcyclicCore& core, const std::vector<LocationId>& order,
                                            LocationId from, const std::vector<char>& isTarget) {
  const TransitionSystem& system = core.system();
  const LocationId head = core.loopHead();
  std::vector<std::uint32_t> gain(system.locations.size(), 0);
  std::vector<TransitionId> choice(system.locations.size(), 0);
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    const LocationId l = *it;
    bool first = true;
    for (TransitionId t : core.outgoing(l)) {
      const LocationId v = system.transitions[t].target;
      const std::uint32_t g = (isTarget[t] ? 1U : 0U) + (v == head ? 0U : gain[v]);
      if (first || g > gain[l]) {
        gain[l] = g;
        choice[l] = t;
        first = false;
      }
    }
  }
  std::vector<TransitionId> path;
  LocationId at = from;
  do {
    path.push_back(choice[at]);
    at = system.transitions[choice[at]].target;
  } while (at != head);
  return path;
}

// Where a path from the initial location stands after its last transition.
struct Position {
  LocationId location = 0;
  bool prefixDone = false;
  std::uint32_t iterations = 0;  // begun, the current one included
};

Position follow(const AcyclicCore& core, std::span<const TransitionId> path, std::vector<char>& isTarget) {
  const TransitionSystem& system = core.system();
  Position p{system.initial, system.initial == core.loopHead(), 0};
  for (TransitionId t : path) {
    if (t >= system.transitions.size() || system.transitions[t].source != p.location)
      throw Error("FINDPATH was given a forced start that is not a path from the initial location (transition #" +
                  std::to_string(t) + ")");
    if (p.prefixDone && p.location == core.loopHead()) ++p.iterations;
    if (!p.prefixDone && system.transitions[t].target == core.loopHead()) p.prefixDone = true;
    isTarget[t] = 0;
    p.location = system.transitions[t].target;
  }
  return p;
}

bool anyBodyTarget(const AcyclicCore& core, const std::vector<char>& isTarget) {
  for (LocationId l : core.bodyOrder())
    for (TransitionId t : core.outgoing(l))
      if (isTarget[t]) return true;
  return false;
}

}  // namespace

SyntacticPath findPath(const AcyclicCore& core, const FindPathRequest& request) {
  const TransitionSystem& system = core.system();
  const LocationId head = core.loopHead();
  std::vector<char> isTarget(system.transitions.size(), 0);
  for (TransitionId t : request.targets)
    if (t < isTarget.size()) isTarget[t] = 1;

  std::vector<TransitionId> flat(request.forced.begin(), request.forced.end());
  Position at = follow(core, request.forced, isTarget);
  auto append = [&](const std::vector<TransitionId>& part) {
    for (TransitionId t : part) isTarget[t] = 0;
    flat.insert(flat.end(), part.begin(), part.end());
  };
  if (!at.prefixDone) {
    append(richestPathToHead(core, core.prefixOrder(), at.location, isTarget));
    at.location = head;
  }

  const std::optional<LocationId> midIteration =
      at.location != head ? std::optional<LocationId>(at.location) : std::nullopt;
  if (request.mode == FindPathMode::Greedy) {
    if (midIteration) append(richestPathToHead(core, core.bodyOrder(), *midIteration, isTarget));
    while (at.iterations < request.maxIterations && anyBodyTarget(core, isTarget)) {
      std::vector<TransitionId> next = richestPathToHead(core, core.bodyOrder(), head, isTarget);
      if (std::none_of(next.begin(), next.end(), [&](TransitionId t) { return isTarget[t] != 0; })) break;
      append(next);
      ++at.iterations;
    }
  } else {
    const std::vector<std::vector<TransitionId>> cover = detail::minFlowCover(core, isTarget, midIteration);
    std::size_t k = 0;
    if (midIteration) append(cover[k++]);
    for (; k < cover.size() && at.iterations < request.maxIterations; ++k, ++at.iterations) append(cover[k]);
  }
  return splitPath(core, flat);
}

std::uint32_t minimumIterations(const AcyclicCore& core, std::span<const TransitionId> targets) {
  std::vector<char> isTarget(core.system().transitions.size(), 0);
  for (TransitionId t : targets)
    if (t < isTarget.size()) isTarget[t] = 1;
  return static_cast<std::uint32_t>(detail::minFlowCover(core, isTarget, std::nullopt).size());
}

}  // namespace symseq
