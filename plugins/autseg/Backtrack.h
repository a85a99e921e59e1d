#pragma once
// AUTSEG's backtracking procedures on abstract graphs (seed-requirements 2.7), free of the IR so
// that the unit tests can check them on the paper's own examples (Figure 10):
// - Algorithm 4's predecessor labelling (with the fix: only newly labelled states are pushed);
// - the paper's priority procedure for the global backtrack (the SL list);
// - the shortest plan over context valuations that replaces it ([D] in 2.7).
// Header-only: the plugin and tests/unit/test_autseg*.cpp include it.
#include <algorithm>
#include <cstddef>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <utility>
#include <vector>

namespace symseq::autseg {

// A directed edge of a graph whose nodes are 0..n-1: the target and an edge name (a transition).
struct Edge {
  std::size_t target = 0;
  std::size_t id = 0;
};

// Algorithm 4: labels by breadth-first search from `initial` (label 1, an unlabelled successor
// gets label + 1 and is pushed; the paper pushes every successor, which never ends on a cycle),
// then for every node the incoming edge from the predecessor with the lowest label (ties: the
// first in list order, the comparison being strict). Unreached nodes and `initial` get none.
struct PredecessorTree {
  std::vector<std::size_t> label;             // 0: not reached
  std::vector<std::optional<Edge>> incoming;  // Edge::target is the predecessor here
};

inline PredecessorTree predecessors(const std::vector<std::vector<Edge>>& successors, std::size_t initial) {
  const std::size_t n = successors.size();
  PredecessorTree tree{std::vector<std::size_t>(n, 0), std::vector<std::optional<Edge>>(n)};
  if (initial >= n) return tree;
  std::deque<std::size_t> queue{initial};
  tree.label[initial] = 1;
  while (!queue.empty()) {
    const std::size_t s = queue.front();
    queue.pop_front();
    for (const Edge& e : successors[s])
      if (tree.label[e.target] == 0) {
        tree.label[e.target] = tree.label[s] + 1;
        queue.push_back(e.target);  // the fix: only a newly labelled state
      }
  }
  for (std::size_t s = 0; s < n; ++s) {
    if (tree.label[s] == 0) continue;
    for (const Edge& e : successors[s]) {
      if (e.target == initial || tree.label[e.target] == 0) continue;
      std::optional<Edge>& best = tree.incoming[e.target];
      if (!best || tree.label[s] < tree.label[best->target]) best = Edge{s, e.id};
    }
  }
  return tree;
}

// The edge ids from the tree's root to `goal`, or nothing when `goal` was not reached.
inline std::optional<std::vector<std::size_t>> pathTo(const PredecessorTree& tree, std::size_t goal) {
  if (goal >= tree.label.size() || tree.label[goal] == 0) return std::nullopt;
  std::vector<std::size_t> edges;
  for (std::size_t at = goal; tree.incoming[at]; at = tree.incoming[at]->target) edges.push_back(tree.incoming[at]->id);
  std::reverse(edges.begin(), edges.end());
  return edges;
}

// The paper's global backtrack (Figure 10). `emitters[c]` lists, for each global precondition of
// command c in order, the command that emits it. From `target`, each precondition's emitter is put
// on SL with priority 1, or, when already there, gets its priority incremented; every occurrence
// is traced further (so a command reached twice passes its own preconditions on twice), unless it
// is already on the chain that reached it (a cycle). SL is ordered by priority (a command of
// priority P precedes one of P + 1; equal priorities keep the order they were listed in); the test
// runs SL backwards, then the target.
struct PriorityOrder {
  std::vector<std::size_t> sl;
  std::vector<std::size_t> testOrder;
};

inline PriorityOrder priorityProcedure(const std::vector<std::vector<std::size_t>>& emitters, std::size_t target,
                                       std::size_t maxOccurrences = 10'000) {
  std::vector<std::size_t> listed;            // in the order first put on SL
  std::map<std::size_t, std::size_t> priority;
  std::deque<std::vector<std::size_t>> chains{{target}};  // each occurrence with the chain above it
  std::size_t occurrences = 0;
  while (!chains.empty() && occurrences < maxOccurrences) {
    const std::vector<std::size_t> chain = std::move(chains.front());
    chains.pop_front();
    const std::size_t c = chain.back();
    if (c >= emitters.size()) continue;
    for (const std::size_t e : emitters[c]) {
      if (e == target || std::find(chain.begin(), chain.end(), e) != chain.end()) continue;
      ++occurrences;
      if (auto it = priority.find(e); it != priority.end()) {
        ++it->second;
      } else {
        priority.emplace(e, 1);
        listed.push_back(e);
      }
      std::vector<std::size_t> longer = chain;
      longer.push_back(e);
      chains.push_back(std::move(longer));
    }
  }
  PriorityOrder order;
  order.sl = listed;
  std::stable_sort(order.sl.begin(), order.sl.end(),
                   [&](std::size_t a, std::size_t b) { return priority.at(a) < priority.at(b); });
  order.testOrder.assign(order.sl.rbegin(), order.sl.rend());
  order.testOrder.push_back(target);
  return order;
}

// The shortest plans ([D] 2.7): breadth-first over context valuations from `initial`; the actions
// (0..actionCount-1, tried in that order, which is how ties go to declaration order) map a context
// to the next one, or to nothing when their requirement does not hold there. A context first
// reached by a shorter (or, at equal length, earlier) plan is not expanded again. Returns up to
// `maxPlans` plans reaching a context where `goal` holds, shortest first; a goal context is not
// expanded further. `maxNodes` bounds the contexts kept.
template <class Context>
struct PlanSearch {
  std::function<std::optional<Context>(const Context&, std::size_t)> apply;
  std::function<bool(const Context&)> goal;
  std::size_t actionCount = 0;
  std::size_t maxPlans = 8;
  std::size_t maxLength = 16;
  std::size_t maxNodes = 100'000;
};

struct PlanSearchResult {
  std::vector<std::vector<std::size_t>> plans;
  bool exhausted = false;  // a node or length limit cut the search
};

template <class Context>
PlanSearchResult shortestPlans(const Context& initial, const PlanSearch<Context>& search) {
  PlanSearchResult result;
  struct Node {
    Context context;
    std::vector<std::size_t> plan;
  };
  std::set<Context> seen{initial};
  std::deque<Node> queue{Node{initial, {}}};
  while (!queue.empty() && result.plans.size() < search.maxPlans) {
    Node node = std::move(queue.front());
    queue.pop_front();
    if (search.goal(node.context)) {
      result.plans.push_back(node.plan);
      continue;
    }
    if (node.plan.size() >= search.maxLength) {
      result.exhausted = true;
      continue;
    }
    for (std::size_t a = 0; a < search.actionCount; ++a) {
      std::optional<Context> next = search.apply(node.context, a);
      if (!next || seen.contains(*next)) continue;
      if (seen.size() >= search.maxNodes) {
        result.exhausted = true;
        break;
      }
      seen.insert(*next);
      std::vector<std::size_t> plan = node.plan;
      plan.push_back(a);
      queue.push_back(Node{std::move(*next), std::move(plan)});
    }
  }
  return result;
}

}  // namespace symseq::autseg
