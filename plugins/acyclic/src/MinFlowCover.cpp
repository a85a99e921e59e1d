#include "MinFlowCover.h"

#include <cstdint>
#include <limits>
#include <queue>
#include <stdexcept>

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
      total += blockingFlow(s, t);
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

  // A blocking flow of the level graph by depth-first search, without recursion (paths are as
  // long as the body is deep). A node pushes what it was asked for down its arcs in turn and
  // reports back what it got through, so flow that shares a long stretch of path is carried
  // along it once, not once per augmenting path (which made the exact FINDPATH quadratic on
  // deep bodies).
  std::int64_t blockingFlow(std::size_t s, std::size_t t) {
    struct Frame {
      std::size_t node;
      std::int64_t asked;   // the most it may push
      std::int64_t pushed;  // pushed so far
    };
    std::vector<Frame> stack{{s, std::numeric_limits<std::int64_t>::max(), 0}};
    while (true) {
      Frame& f = stack.back();
      const std::size_t u = f.node;
      if (u != t && f.pushed < f.asked && next_[u] < adj_[u].size()) {
        const Arc& a = adj_[u][next_[u]];
        if (a.cap > 0 && level_[a.to] == level_[u] + 1)
          stack.push_back({a.to, std::min(f.asked - f.pushed, a.cap), 0});
        else
          ++next_[u];
        continue;
      }
      // `u` is done: the sink takes all it is asked; any other node pushed what it could.
      const std::int64_t got = u == t ? f.asked : f.pushed;
      const std::int64_t asked = f.asked;
      if (u != t && got < asked) level_[u] = -1;  // blocked: never enter it again this phase
      stack.pop_back();
      if (stack.empty()) return got;
      Frame& parent = stack.back();
      Arc& a = adj_[parent.node][next_[parent.node]];
      a.cap -= got;
      adj_[a.to][a.rev].cap += got;
      parent.pushed += got;
      if (got < asked || a.cap == 0) ++next_[parent.node];
    }
  }

  std::vector<std::vector<Arc>> adj_;
  std::vector<int> level_;
  std::vector<std::size_t> next_;
};

}  // namespace

std::vector<std::vector<TransitionId>> minFlowCover(const AcyclicCore& core, const std::vector<char>& isTarget,
                                                    std::optional<LocationId> start,
                                                    const std::vector<std::vector<TransitionId>>& initial) {
  const TransitionSystem& system = core.system();
  const LocationId head = core.loopHead();
  const std::vector<LocationId>& order = core.bodyOrder();
  const std::size_t nt = system.transitions.size();
  // Where the begun iteration stands; the loop head means none is begun.
  const bool begun = start.has_value() && *start != head;
  const LocationId begunAt = begun ? *start : head;

  std::vector<std::size_t> index(system.locations.size(), 0);
  for (std::size_t i = 0; i < order.size(); ++i) index[order[i]] = i;
  // The loop head is two nodes: where iterations leave it (its own index, 0, as the first of
  // the order) and where they return (`sink`).
  const std::size_t sink = order.size();
  const std::size_t source = order.size() + 1;
  auto into = [&](LocationId l) { return l == head ? sink : index[l]; };

  // A feasible flow: the initial cover's paths, one unit each, the first from `start` when an
  // iteration is begun.
  std::vector<std::int64_t> flow(nt, 0), lower(nt, 0);
  std::int64_t fromHead = 0;
  for (std::size_t k = 0; k < initial.size(); ++k) {
    for (TransitionId t : initial[k]) ++flow[t];
    if (k > 0 || !begun) ++fromHead;
  }
  for (LocationId u : order)
    for (TransitionId t : core.outgoing(u))
      if (isTarget[t]) {
        if (flow[t] == 0) throw std::logic_error("minFlowCover: the initial cover misses a target");
        lower[t] = 1;
      }

  // Reduce it: push as much as possible back from the sink to the source without going below a
  // lower bound. An arc pair per transition: forward (more flow, unbounded), back (less flow).
  constexpr std::int64_t kUnbounded = std::int64_t{1} << 50;
  ResidualGraph graph(order.size() + 2);
  std::vector<std::pair<std::size_t, std::size_t>> back(nt);
  for (LocationId u : order)
    for (TransitionId t : core.outgoing(u))
      back[t] = graph.add(index[u], into(system.transitions[t].target), kUnbounded, flow[t] - lower[t]);
  const auto sourceBack = graph.add(source, index[head], kUnbounded, fromHead);
  graph.maxFlow(sink, source);
  for (LocationId u : order)
    for (TransitionId t : core.outgoing(u)) flow[t] = lower[t] + graph.capacity(back[t]);
  const std::int64_t iterations = graph.capacity(sourceBack);

  // Decompose into paths, the begun iteration's first; each takes the first transition with flow.
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
  if (begun) walk(begunAt);
  for (std::int64_t k = 0; k < iterations; ++k) walk(head);
  return paths;
}

}  // namespace symseq::detail
