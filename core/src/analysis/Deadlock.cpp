#include "symseq/analysis/Deadlock.h"

#include <algorithm>
#include <deque>
#include <set>

#include "symseq/analysis/GuardAnalysis.h"
#include "symseq/expr/Connectives.h"
#include "symseq/expr/Fold.h"
#include "symseq/expr/Printer.h"

namespace symseq {

namespace {

bool isTrue(Expr e) { return e.isConst() && e.sort().isBool() && e.value().asBool(); }

bool isSystemTransition(const Transition& t) { return t.action.kind != ActionKind::Input; }

// Appends the atoms of `more` that `into` does not hold yet (a core is a set, kept in order).
void appendNew(std::vector<Expr>& into, const std::vector<Expr>& more) {
  for (Expr e : more)
    if (std::find(into.begin(), into.end(), e) == into.end()) into.push_back(e);
}

}  // namespace

std::optional<Deadlock> deadlockAt(const SymbolicExecutor& executor, const SymbolicState& state, Solver& solver) {
  const TransitionSystem& system = executor.system();
  ExprContext& ctx = system.context();
  // The store after any amount of waiting: each variable the environment may change holds its
  // `next` symbol, which `allowed` (read in the state's store) constrains.
  Substitution later = state.store;
  std::vector<Expr> background;
  for (const EnvironmentFreedom& f : system.environment) {
    const Expr allowed = foldConstants(ctx, substitute(ctx, f.allowed, state.store));
    if (!isTrue(allowed)) background.push_back(allowed);
  }
  for (const EnvironmentFreedom& f : system.environment) later.insert_or_assign(f.variable, f.next);

  std::vector<Expr> guards;
  for (TransitionId id : system.outgoing(state.location)) {
    const Transition& t = system.transitions[id];
    if (isSystemTransition(t)) guards.push_back(foldConstants(ctx, substitute(ctx, t.guard, later)));
  }
  std::vector<Expr> query = background;
  query.insert(query.end(), state.pathCondition.begin(), state.pathCondition.end());
  query.push_back(disjunction(ctx, guards));
  if (solver.check(query) != CheckResult::Unsat) return std::nullopt;

  // Why: each transition's guard clashes with a few constraints of the path; the core is the
  // union of these minimal clashes, the path's constraints before the guards' (deterministic).
  std::vector<Expr> pathAtoms;
  for (Expr c : state.pathCondition) appendNew(pathAtoms, conjuncts(c));
  std::vector<Expr> fromPath;
  std::vector<Expr> fromGuards;
  for (Expr g : guards) {
    // A guard the state itself makes false (a buffer that stays empty) clashes with nothing in
    // particular: `false` in a core would only be noise.
    if (g.isConst()) continue;
    std::vector<Expr> atoms = pathAtoms;
    const std::vector<Expr> guardAtoms = conjuncts(g);
    atoms.insert(atoms.end(), guardAtoms.begin(), guardAtoms.end());
    const std::set<Expr, ExprIdLess> ofGuard(guardAtoms.begin(), guardAtoms.end());
    for (Expr a : minimalUnsatCore(solver, atoms, background)) {
      if (ofGuard.contains(a))
        appendNew(fromGuards, {a});
      else
        appendNew(fromPath, {a});
    }
  }
  Deadlock d;
  d.core = fromPath;
  appendNew(d.core, fromGuards);
  return d;
}

std::vector<Deadlock> findDeadlocks(const TransitionSystem& system, const SymbolicTree& tree, Solver& solver,
                                    const DeadlockLimits& limits) {
  std::vector<Deadlock> out;
  if (tree.nodes.empty()) return out;
  // Whether a node's subtree holds a system transition: then the environment can let one fire,
  // and the node is no deadlock. Children are created after their parent, so one backward pass.
  std::vector<bool> systemBelow(tree.nodes.size(), false);
  for (std::size_t i = tree.nodes.size(); i-- > 1;) {
    const TreeNode& n = tree.nodes[i];
    const bool here = n.transition && isSystemTransition(system.transitions[*n.transition]);
    if ((here || systemBelow[i]) && n.parent) systemBelow[*n.parent] = true;
  }
  const SymbolicExecutor executor(system);
  std::uint32_t checks = 0;
  std::deque<TreeNodeId> queue{0};
  while (!queue.empty()) {
    const TreeNodeId id = queue.front();
    queue.pop_front();
    if (!systemBelow[id]) {
      if (checks >= limits.maxChecks) break;
      if (limits.deadline && std::chrono::steady_clock::now() >= *limits.deadline) break;
      ++checks;
      SymbolicState state = executor.initial();
      for (TreeNodeId step : tree.pathTo(id)) state = executor.apply(state, *tree.nodes[step].transition).next;
      if (std::optional<Deadlock> d = deadlockAt(executor, state, solver)) {
        d->node = id;
        out.push_back(std::move(*d));
        continue;  // its descendants only wait too
      }
    }
    for (TreeNodeId child : tree.nodes[id].children) queue.push_back(child);
  }
  return out;
}

ModelFinding describe(const TransitionSystem& system, const SymbolicTree& tree, const Deadlock& d) {
  std::string path;
  for (TreeNodeId step : tree.pathTo(d.node))
    path += (path.empty() ? "" : ", ") + system.transitions[*tree.nodes[step].transition].name;
  ModelFinding f;
  f.kind = "deadlock";
  f.message = (path.empty() ? std::string("deadlock in the initial state") : "deadlock after " + path) + " (node " +
              std::to_string(d.node) + "): only time can pass and no basic program will ever be enabled";
  f.witness = path;
  for (Expr e : d.core) f.core.push_back(toString(e));
  return f;
}

}  // namespace symseq
