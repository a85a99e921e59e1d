#include "MinFlowCover.h"

#include <cstdint>
#include <limits>
#include <queue>

namespace symseq::detail {

namespace {

// Dinic's max flow on a residual graph whose arcs come in pairs (an arc and its reverse).
class ResidualGraph {
 public:
  explicit ResidualGraph(std::size_t nodes) : adj_(nodes) {}

  // Adds u->v with capacity `cap` and its reverse with capacity `reverseCap`; returns the index
  // of the reverse arc (in adj_[v]), whose final capacity tells how much the pair carries back.
  std::pair<std::size_t, std::size_t> add(std::size_t u, std::size_t v, std::int64_t cap, std::int64_t reverseCap) {
    adj_[u].push_back({v, cap, adj_[v].size()});
    adj_[v].push_back({u, reverseCap, adj_[u].size() - 1});
    return {v, adj_[v].size() - 1};
  }
  [[nodiscard]] std::int64_t capacity(std::pair<std::size_t, std::size_t> arc) const {
    return adj_[arc.first][arc.second].cap;
  }

  std::int64_t maxFlow(std::size_t s, std::size_t t) {
    std::int64_t total = 0;
    while (levelGraph(s, t)) {
      next_.assign(adj_.size(), 0);
      while (const std::int64_t pushed = augment(s, t)) total += pushed;
    }
    return total;
  }

 private:
  struct Arc {
    std::size_t to;
    std::int64_t cap;
    std::size_t rev;
  };

  bool levelGraph(std::size_t s, std::size_t t) {
    level_.assign(adj_.size(), -1);
    std::queue<std::size_t> queue;
    level_[s] = 0;
    queue.push(s);
    while (!queue.empty()) {
      const std::size_t u = queue.front();
      queue.pop();
      for (const Arc& a : adj_[u])
        if (a.cap > 0 && level_[a.to] < 0) {
          level_[a.to] = level_[u] + 1;
          queue.push(a.to);
        }
    }
    return level_[t] >= 0;
  }

  // One augmenting path in the level graph, found without recursion (paths can be as long as
  // the body is deep); returns the flow pushed, 0 when the level graph is blocked.
  std::int64_t augment(std::size_t s, std::size_t t) {
    std::vector<std::size_t> path;  // arcs taken, as indices into adj_[node]
    std::vector<std::size_t> nodes{s};
    while (true) {
      const std::size_t u = nodes.back();
      if (u == t) break;
      bool advanced = false;
      for (; next_[u] < adj_[u].size(); ++next_[u]) {
        const Arc& a = adj_[u][next_[u]];
        if (a.cap > 0 && level_[a.to] == level_[u] + 1) {
          path.push_back(next_[u]);
          nodes.push_back(a.to);
          advanced = true;
          break;
        }
      }
      if (advanced) continue;
      if (u == s) return 0;
      level_[u] = -1;  // dead end: never enter it again in this phase
      nodes.pop_back();
      path.pop_back();
      ++next_[nodes.back()];
    }
    std::int64_t pushed = std::numeric_limits<std::int64_t>::max();
    for (std::size_t i = 0; i < path.size(); ++i) pushed = std::min(pushed, adj_[nodes[i]][path[i]].cap);
    for (std::size_t i = 0; i < path.size(); ++i) {
      Arc& a = adj_[nodes[i]][path[i]];
      a.cap -= pushed;
      adj_[a.to][a.rev].cap += pushed;
    }
    return pushed;
  }

  std::vector<std::vector<Arc>> adj_;
  std::vector<int> level_;
  std::vector<std::size_t> next_;
};

}  // namespace

std::vector<std::vector<TransitionId>> minFlowCover(const AcyclicCore& core, const std::vector<char>& isTarget,
                                                    std::optional<LocationId> start) {
  const TransitionSystem& system = core.system();
  const LocationId head = core.loopHead();
  const std::vector<LocationId>& order = core.bodyOrder();
  const std::size_t nt = system.transitions.size();

  std::vector<std::size_t> index(system.locations.size(), 0);
  for (std::size_t i = 0; i < order.size(); ++i) index[order[i]] = i;
  const std::size_t sink = order.size();
  const std::size_t source = order.size() + 1;
  auto node = [&](LocationId l) { return l == head ? sink : index[l]; };

  // A feasible flow: one unit per target, from the loop head along a fixed in-tree to the
  // target's source, through the target, then along a fixed out-tree (first transitions) back.
  std::vector<TransitionId> inTree(system.locations.size(), 0);
  std::vector<char> hasInTree(system.locations.size(), 0);
  for (LocationId u : order)
    for (TransitionId t : core.outgoing(u)) {
      const LocationId v = system.transitions[t].target;
      if (v != head && !hasInTree[v]) {
        inTree[v] = t;
        hasInTree[v] = 1;
      }
    }
  std::vector<std::int64_t> flow(nt, 0), lower(nt, 0), needIn(system.locations.size(), 0),
      needOut(system.locations.size(), 0);
  std::int64_t fromHead = 0;
  for (LocationId u : order)
    for (TransitionId t : core.outgoing(u)) {
      if (!isTarget[t]) continue;
      const LocationId v = system.transitions[t].target;
      lower[t] = 1;
      flow[t] += 1;
      ++fromHead;
      if (u != head) ++needIn[u];
      if (v != head) ++needOut[v];
    }
  if (start && *start != head) ++needOut[*start];
  for (auto it = order.rbegin(); it != order.rend(); ++it)
    if (*it != head && needIn[*it] > 0) {
      flow[inTree[*it]] += needIn[*it];
      needIn[system.transitions[inTree[*it]].source] += needIn[*it];
    }
  for (LocationId x : order)
    if (x != head && needOut[x] > 0) {
      const TransitionId t = core.outgoing(x).front();
      flow[t] += needOut[x];
      const LocationId v = system.transitions[t].target;
      if (v != head) needOut[v] += needOut[x];
    }

  // Reduce it: push as much as possible back from the sink to the source without going below a
  // lower bound. An arc pair per transition: forward (more flow, unbounded), back (less flow).
  constexpr std::int64_t kUnbounded = std::int64_t{1} << 50;
  ResidualGraph graph(order.size() + 2);
  std::vector<std::pair<std::size_t, std::size_t>> back(nt);
  for (LocationId u : order)
    for (TransitionId t : core.outgoing(u))
      back[t] = graph.add(node(u), node(system.transitions[t].target), kUnbounded, flow[t] - lower[t]);
  const auto sourceBack = graph.add(source, index[head], kUnbounded, fromHead);
  graph.maxFlow(sink, source);
  for (LocationId u : order)
    for (TransitionId t : core.outgoing(u)) flow[t] = lower[t] + graph.capacity(back[t]);
  const std::int64_t iterations = graph.capacity(sourceBack);

  // Decompose into paths, the forced start's first; each takes the first transition with flow.
  std::vector<std::vector<TransitionId>> paths;
  auto walk = [&](LocationId from) {
    std::vector<TransitionId> path;
    LocationId at = from;
    do {
      TransitionId chosen = core.outgoing(at).front();
      for (TransitionId t : core.outgoing(at))
        if (flow[t] > 0) {
          chosen = t;
          break;
        }
      if (flow[chosen] > 0) --flow[chosen];
      path.push_back(chosen);
      at = system.transitions[chosen].target;
    } while (at != head);
    paths.push_back(std::move(path));
  };
  if (start && *start != head) walk(*start);
  for (std::int64_t k = 0; k < iterations; ++k) walk(head);
  return paths;
}

}  // namespace symseq::detail
