#include "symseq/acyclic/FindPath.h"

#include <algorithm>
#include <limits>
#include <map>

#include "MinFlowCover.h"

namespace symseq {

namespace {

// The richest-path dynamic program over one part of the graph (the initial part or the body):
// for each location, the most targets a path from it to the loop head can take, and the first
// declared transition that starts such a path. It runs on flat arrays in topological order, and
// when targets are taken it recomputes only the locations upstream of them whose answer can
// change: greedy asks for the richest iteration again and again, and on a wide body (a switch
// of thousands of cases) a full pass per iteration made it quadratic.
class RichestPath {
 public:
  // `isTarget` is read again by `cleared`, so it must outlive this object; so must `blocked`
  // (by transition, non-zero: never take it), when given.
  RichestPath(const AcyclicCore& core, const std::vector<LocationId>& order, const std::vector<char>& isTarget,
              const std::vector<char>* blocked = nullptr)
      : system_(core.system()), isTarget_(isTarget), blocked_(blocked), position_(system_.locations.size(), kNone) {
    for (std::size_t i = 0; i < order.size(); ++i) position_[order[i]] = static_cast<std::uint32_t>(i);
    const std::size_t n = order.size();
    firstArc_.reserve(n + 1);
    std::vector<std::uint32_t> predecessors(n + 1, 0);
    for (LocationId l : order) {
      firstArc_.push_back(static_cast<std::uint32_t>(transition_.size()));
      for (TransitionId t : core.outgoing(l)) {
        const LocationId v = system_.transitions[t].target;
        transition_.push_back(t);
        next_.push_back(v == core.loopHead() ? kNone : position_[v]);
        if (next_.back() != kNone) ++predecessors[next_.back() + 1];
      }
    }
    firstArc_.push_back(static_cast<std::uint32_t>(transition_.size()));
    // Who leads into each location (once per transition), for the updates.
    for (std::size_t i = 0; i < n; ++i) predecessors[i + 1] += predecessors[i];
    firstPredecessor_ = predecessors;
    predecessor_.resize(predecessors[n]);
    for (std::uint32_t i = 0; i < n; ++i)
      for (std::uint32_t a = firstArc_[i]; a < firstArc_[i + 1]; ++a)
        if (next_[a] != kNone) predecessor_[predecessors[next_[a]]++] = i;

    gain_.assign(n, 0);
    choice_.assign(n, 0);
    dirty_.assign(n, 0);
    for (std::size_t i = n; i-- > 0;) recompute(static_cast<std::uint32_t>(i));
  }

  // The path from `from` (a location of the order) to the loop head that takes the most
  // targets; among equals, the transitions declared first.
  [[nodiscard]] std::vector<TransitionId> pathFrom(LocationId from) const {
    std::vector<TransitionId> path;
    std::uint32_t at = position_[from];
    while (true) {
      const std::uint32_t a = choice_[at];
      path.push_back(transition_[a]);
      if (next_[a] == kNone) return path;
      at = next_[a];
    }
  }
  [[nodiscard]] std::uint32_t gain(LocationId from) const { return dead(from) ? 0 : gain_[position_[from]]; }
  // No path from `from` to the loop head avoids the blocked transitions.
  [[nodiscard]] bool dead(LocationId from) const { return gain_[position_[from]] == kDead; }

  // Brings the answers up to date after `transitions` (of this part) stopped being targets.
  void cleared(const std::vector<TransitionId>& transitions) {
    for (TransitionId t : transitions) mark(position_[system_.transitions[t].source]);
    // Latest location first, so what a location reads is final when it is recomputed. When the
    // change spreads over much of the graph, one pass down the order is cheaper than the heap.
    const std::size_t heapLimit = gain_.size() / 64 + 64;
    std::size_t done = 0;
    while (!heap_.empty() && done < heapLimit) {
      std::pop_heap(heap_.begin(), heap_.end());
      const std::uint32_t i = heap_.back();
      heap_.pop_back();
      dirty_[i] = 0;
      ++done;
      if (recompute(i)) forPredecessors(i, [&](std::uint32_t p) { mark(p); });
    }
    if (heap_.empty()) return;
    const std::uint32_t top = heap_.front();
    heap_.clear();
    for (std::uint32_t i = top + 1; i-- > 0;) {
      if (!dirty_[i]) continue;
      dirty_[i] = 0;
      if (recompute(i)) forPredecessors(i, [&](std::uint32_t p) { dirty_[p] = 1; });
    }
  }

 private:
  static constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
  static constexpr std::uint32_t kDead = std::numeric_limits<std::uint32_t>::max();  // a gain: no way on

  // Recomputes location i from its successors; true when its gain changed.
  bool recompute(std::uint32_t i) {
    std::uint32_t best = kDead;
    std::uint32_t bestArc = firstArc_[i];
    for (std::uint32_t a = firstArc_[i]; a < firstArc_[i + 1]; ++a) {
      if (blocked_ != nullptr && (*blocked_)[transition_[a]] != 0) continue;
      if (next_[a] != kNone && gain_[next_[a]] == kDead) continue;
      const std::uint32_t g = (isTarget_[transition_[a]] ? 1U : 0U) + (next_[a] == kNone ? 0U : gain_[next_[a]]);
      if (best == kDead || g > best) {
        best = g;
        bestArc = a;
      }
    }
    choice_[i] = bestArc;
    if (gain_[i] == best) return false;
    gain_[i] = best;
    return true;
  }
  template <class F>
  void forPredecessors(std::uint32_t i, F f) const {
    for (std::uint32_t k = firstPredecessor_[i]; k < firstPredecessor_[i + 1]; ++k) f(predecessor_[k]);
  }
  void mark(std::uint32_t i) {
    if (dirty_[i]) return;
    dirty_[i] = 1;
    heap_.push_back(i);
    std::push_heap(heap_.begin(), heap_.end());
  }

  const TransitionSystem& system_;
  const std::vector<char>& isTarget_;
  const std::vector<char>* blocked_;
  std::vector<std::uint32_t> position_;  // location -> index in the order (kNone outside it)
  std::vector<std::uint32_t> firstArc_;  // the arcs of order[i] are [firstArc_[i], firstArc_[i + 1])
  std::vector<TransitionId> transition_;
  std::vector<std::uint32_t> next_;  // index of the arc's target in the order; kNone: the loop head
  std::vector<std::uint32_t> firstPredecessor_;  // likewise for predecessor_
  std::vector<std::uint32_t> predecessor_;
  std::vector<std::uint32_t> gain_;
  std::vector<std::uint32_t> choice_;
  std::vector<char> dirty_;
  std::vector<std::uint32_t> heap_;  // dirty locations not yet recomputed, a max-heap
};

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

// Blocked transitions by iteration index (semantic FINDPATH), each a mask by transition.
using Masks = std::map<std::uint32_t, std::vector<char>>;

Masks masksOf(const TransitionSystem& system, std::span<const PathExclusion> excluded) {
  Masks masks;
  for (const PathExclusion& e : excluded) {
    if (e.transition >= system.transitions.size()) continue;
    auto [it, fresh] = masks.try_emplace(e.iteration);
    if (fresh) it->second.assign(system.transitions.size(), 0);
    it->second[e.transition] = 1;
  }
  return masks;
}

// The paper's greedy FINDPATH over the body: the richest completion of the iteration begun at
// `mid` (when given), then up to `maxNew` richest iterations while any target is left. Clears
// the targets it takes in `isTarget`. The first iteration it plans has index `first`; one with
// blocked transitions in `masks` takes the richest path avoiding them, and when there is none,
// the plan ends before it.
std::vector<std::vector<TransitionId>> greedyCover(const AcyclicCore& core, std::vector<char>& isTarget,
                                                   std::optional<LocationId> mid, std::uint32_t maxNew,
                                                   std::uint32_t first = 1, const Masks& masks = {}) {
  RichestPath body(core, core.bodyOrder(), isTarget);
  std::vector<std::vector<TransitionId>> paths;
  // The richest path of iteration `index` from `from`; nothing when its exclusions leave no way.
  auto plan = [&](LocationId from, std::uint32_t index) -> std::optional<std::vector<TransitionId>> {
    const auto it = masks.find(index);
    if (it == masks.end()) return body.pathFrom(from);
    const RichestPath avoiding(core, core.bodyOrder(), isTarget, &it->second);
    if (avoiding.dead(from)) return std::nullopt;
    return avoiding.pathFrom(from);
  };
  auto take = [&](std::vector<TransitionId> path) {
    std::vector<TransitionId> taken;
    for (TransitionId t : path)
      if (isTarget[t] != 0) {
        isTarget[t] = 0;
        taken.push_back(t);
      }
    body.cleared(taken);
    paths.push_back(std::move(path));
  };
  std::uint32_t index = first;
  if (mid) {
    auto path = plan(*mid, index++);
    if (!path) return paths;
    take(std::move(*path));
  }
  // Every body target is reachable from the loop head: none on the richest path means none left.
  for (std::uint32_t k = 0; k < maxNew && body.gain(core.loopHead()) > 0; ++k) {
    auto path = plan(core.loopHead(), index++);
    if (!path) break;
    take(std::move(*path));
  }
  return paths;
}

// Orders the exact cover's whole iterations (the one begun mid-way stays first) so that none
// takes a transition blocked at its index, choosing for each index the first iteration that
// fits; false when the mid-way one or some index cannot be served.
bool arrange(std::vector<std::vector<TransitionId>>& cover, bool midFirst, std::uint32_t first, const Masks& masks) {
  auto fits = [&](const std::vector<TransitionId>& path, std::uint32_t index) {
    const auto it = masks.find(index);
    return it == masks.end() ||
           std::none_of(path.begin(), path.end(), [&](TransitionId t) { return it->second[t] != 0; });
  };
  const std::size_t from = midFirst ? 1 : 0;
  if (midFirst && !cover.empty() && !fits(cover.front(), first)) return false;
  std::vector<std::vector<TransitionId>> left(cover.begin() + static_cast<std::ptrdiff_t>(std::min(from, cover.size())),
                                              cover.end());
  std::vector<std::vector<TransitionId>> ordered(cover.begin(),
                                                 cover.begin() + static_cast<std::ptrdiff_t>(std::min(from, cover.size())));
  for (std::uint32_t index = first + static_cast<std::uint32_t>(from); !left.empty(); ++index) {
    const auto it = std::find_if(left.begin(), left.end(), [&](const auto& path) { return fits(path, index); });
    if (it == left.end()) return false;
    ordered.push_back(std::move(*it));
    left.erase(it);
  }
  cover = std::move(ordered);
  return true;
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
  const Masks masks = masksOf(system, request.excluded);
  if (!at.prefixDone) {
    const auto initialMask = masks.find(0);
    const RichestPath prefix(core, core.prefixOrder(), isTarget, initialMask == masks.end() ? nullptr : &initialMask->second);
    // When the exclusions block every way to the loop head, the plan ignores them: the initial
    // part is read once, so there is no later iteration to move a transition to.
    append(prefix.dead(at.location) ? RichestPath(core, core.prefixOrder(), isTarget).pathFrom(at.location)
                                    : prefix.pathFrom(at.location));
    at.location = head;
  }

  const std::optional<LocationId> midIteration =
      at.location != head ? std::optional<LocationId>(at.location) : std::nullopt;
  const std::uint32_t room = request.maxIterations > at.iterations ? request.maxIterations - at.iterations : 0;
  // Exact starts from the whole greedy cover and improves it.
  // The index of the iteration the plan continues (begun mid-way) or starts next.
  const std::uint32_t first = midIteration ? at.iterations : at.iterations + 1;
  std::vector<char> greedyTargets = isTarget;
  std::vector<std::vector<TransitionId>> cover;
  if (request.mode == FindPathMode::Greedy) {
    cover = greedyCover(core, greedyTargets, midIteration, room, first, masks);
  } else {
    cover = detail::minFlowCover(core, isTarget, midIteration,
                                 greedyCover(core, greedyTargets, midIteration, std::numeric_limits<std::uint32_t>::max()));
    if (!masks.empty() && !arrange(cover, midIteration.has_value(), first, masks)) {
      std::vector<char> fallbackTargets = isTarget;
      cover = greedyCover(core, fallbackTargets, midIteration, room, first, masks);
    }
  }
  const std::size_t keep = std::min<std::size_t>(cover.size(), (midIteration ? 1 : 0) + std::size_t{room});
  for (std::size_t k = 0; k < keep; ++k) append(cover[k]);
  return splitPath(core, flat);
}

std::uint32_t minimumIterations(const AcyclicCore& core, std::span<const TransitionId> targets) {
  std::vector<char> isTarget(core.system().transitions.size(), 0);
  for (TransitionId t : targets)
    if (t < isTarget.size()) isTarget[t] = 1;
  std::vector<char> greedyTargets = isTarget;
  const auto greedy = greedyCover(core, greedyTargets, std::nullopt, std::numeric_limits<std::uint32_t>::max());
  return static_cast<std::uint32_t>(detail::minFlowCover(core, isTarget, std::nullopt, greedy).size());
}

}  // namespace symseq
