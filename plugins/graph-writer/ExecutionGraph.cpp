#include "ExecutionGraph.h"

#include <algorithm>
#include <map>
#include <set>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "symseq/exec/SymbolicExecutor.h"
#include "symseq/expr/Fold.h"
#include "symseq/expr/Printer.h"
#include "symseq/expr/Rewrite.h"

namespace symseq::graphs {

namespace {

bool isZero(Expr e) {
  return e.isConst() && (e.value() == Value::integer(0) || e.value() == Value::real(Rational(0)));
}

// A term as a reader wants it: constants folded (the executor leaves `!false` where a guard read
// an initial value), sums flattened and without `+ 0`, so the date `time0 + elapsed` reads
// `time0` at the root and `time0 + delay.d@1` after one delay. Printing only: no solver sees these.
class Presenter {
 public:
  explicit Presenter(ExprContext& ctx) : ctx_(ctx) {}

  [[nodiscard]] ExprContext& context() const { return ctx_; }
  // Each node below a step prints that step's guard again: printed once per term.
  [[nodiscard]] const std::string& text(Expr e) {
    const Expr shown = simplify(e);
    const auto [it, added] = texts_.try_emplace(shown.id());
    if (added) it->second = toString(shown);
    return it->second;
  }

  [[nodiscard]] Expr simplify(Expr e) {
    return rewriteBottomUp(
        foldConstants(ctx_, e),
        [this](Expr node, std::span<const Expr> kids, bool changed) {
          if (node.op() != Op::Add) return changed ? withChildren(ctx_, node, kids) : node;
          std::vector<Expr> terms;
          for (Expr k : kids) {
            if (k.op() == Op::Add)
              terms.insert(terms.end(), k.children().begin(), k.children().end());
            else if (!isZero(k))
              terms.push_back(k);
          }
          if (terms.empty()) return node.sort().isReal() ? ctx_.realVal(Rational(0)) : ctx_.intVal(0);
          if (terms.size() == 1) return terms.front();
          return ctx_.make(Op::Add, terms);
        },
        memo_);
  }

 private:
  ExprContext& ctx_;
  RewriteMemo memo_;
  std::unordered_map<std::uint32_t, std::string> texts_;  // by the shown term's id
};

// The fresh name of a port's initial value (Definition 2: each port holds a distinct fresh
// variable at the root), `intensity0` as in Example 2, else qualified by the instance when that
// name is a variable of the model or of another port.
Expr freshPortSymbol(const TransitionSystem& system, const Component& component, const ComponentPort& port,
                     const std::set<std::string>& taken) {
  ExprContext& ctx = system.context();
  std::set<std::string, std::less<>> reserved;
  for (const VariableDecl& v : system.variables) reserved.emplace(v.var.name());
  for (const EnvironmentFreedom& f : system.environment) reserved.emplace(f.next.name());
  const auto usable = [&](const std::string& name) {
    if (reserved.contains(name) || taken.contains(name)) return false;
    const std::optional<Expr> existing = ctx.findVar(name);
    return !existing || existing->sort() == port.current.sort();
  };
  std::string name = port.name + "0";
  if (!usable(name)) name = component.name + "." + port.name + "0";
  while (!usable(name)) name += "'";
  return ctx.var(name, port.current.sort());
}

// The root state of the component's graph: the executor's initial state with the component's
// ports renamed to fresh symbols, each equal to its declared initial value in π.
SymbolicState rootState(const SymbolicExecutor& executor, const TransitionSystem& system, const Component& component) {
  ExprContext& ctx = system.context();
  SymbolicState state = executor.initial();
  std::set<std::string> taken;
  for (const ComponentPort& port : component.ports) {
    const Expr fresh = freshPortSymbol(system, component, port, taken);
    taken.emplace(fresh.name());
    const VariableDecl* decl = system.findVariable(port.current);
    if (decl && decl->initial) state.pathCondition.push_back(ctx.make(Op::Eq, {fresh, *decl->initial}));
    state.store.insert_or_assign(port.current, fresh);
  }
  return state;
}

Expr valueIn(const SymbolicState& state, Expr var) {
  const auto it = state.store.find(var);
  return it == state.store.end() ? var : it->second;
}

void addConjuncts(Expr e, std::vector<Expr>& out) {
  if (e.op() == Op::And) {
    for (Expr k : e.children()) addConjuncts(k, out);
    return;
  }
  if (e.isConst() && e.value() == Value::boolean(true)) return;
  out.push_back(e);
}

Snapshot snapshotOf(const SymbolicState& state, const Component& component, Presenter& presenter) {
  Snapshot s;
  for (const ComponentPort& port : component.ports) {
    const Expr avail = presenter.simplify(valueIn(state, port.available));
    const std::string buffered = presenter.text(valueIn(state, port.buffer));
    std::string nu = "⊥";
    if (!avail.isConst())
      nu = toString(avail) + " ? " + buffered + " : ⊥";
    else if (avail.value().asBool())
      nu = buffered;
    s.ports.push_back({port.name, presenter.text(valueIn(state, port.current)), std::move(nu)});
  }
  if (!component.date.isNull()) s.date = presenter.text(substitute(presenter.context(), component.date, state.store));
  // π is a set (Definition 1): each conjunct once, in the order it was first added.
  std::vector<Expr> conjuncts;
  for (Expr c : state.pathCondition) addConjuncts(presenter.simplify(c), conjuncts);
  std::set<std::string_view> seen;
  for (Expr c : conjuncts) {
    const std::string& text = presenter.text(c);
    if (seen.insert(text).second) s.constraints.push_back(text);
  }
  return s;
}

}  // namespace

ExecutionGraph project(const SymbolicTree& tree, const TransitionSystem& system, const Component& component) {
  ExecutionGraph graph;
  if (tree.nodes.empty()) return graph;
  const SymbolicExecutor executor(system);
  Presenter presenter(system.context());
  const std::set<TransitionId> observations(component.observations.begin(), component.observations.end());

  // Depth first with the path's states only: a node's state is its parent's plus one step, and a
  // tree of many states would not fit one full store per node.
  struct Visit {
    TreeNodeId node = 0;
    SymbolicState state;
    TreeNodeId graphAncestor = 0;             // the nearest tree node above that is in the graph
    std::vector<TransitionId> sinceAncestor;  // the tree path from it
  };
  std::map<TreeNodeId, GraphNode> nodes;
  std::vector<GraphEdge> edges;  // between tree node ids until the graph's indices are known
  std::vector<Visit> stack;
  stack.push_back({0, rootState(executor, system, component), 0, {}});
  while (!stack.empty()) {
    Visit visit = std::move(stack.back());
    stack.pop_back();
    const TreeNode& n = tree.nodes[visit.node];
    const bool inGraph = !n.transition || observations.contains(*n.transition);
    if (inGraph) {
      nodes.emplace(n.id, GraphNode{n.id, n.depth, n.onTest, n.transition, snapshotOf(visit.state, component, presenter)});
      if (n.transition) edges.push_back({visit.graphAncestor, n.id, visit.sinceAncestor});
      visit.graphAncestor = n.id;
      visit.sinceAncestor.clear();
    }
    for (auto child = n.children.rbegin(); child != n.children.rend(); ++child) {
      const TransitionId t = *tree.nodes[*child].transition;
      std::vector<TransitionId> path = visit.sinceAncestor;
      path.push_back(t);
      stack.push_back({*child, executor.apply(visit.state, t).next, visit.graphAncestor, std::move(path)});
    }
  }

  // Graph indices in tree order, so that the same tree always gives the same graph.
  std::map<TreeNodeId, std::uint32_t> index;
  for (auto& [id, node] : nodes) {
    index.emplace(id, static_cast<std::uint32_t>(graph.nodes.size()));
    graph.nodes.push_back(std::move(node));
  }
  std::sort(edges.begin(), edges.end(), [](const GraphEdge& a, const GraphEdge& b) { return a.to < b.to; });
  for (GraphEdge& edge : edges) {
    edge.from = index.at(edge.from);
    edge.to = index.at(edge.to);
    graph.edges.push_back(std::move(edge));
  }
  return graph;
}

}  // namespace symseq::graphs
