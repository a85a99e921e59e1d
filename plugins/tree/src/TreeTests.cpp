#include "TreeTests.h"

#include <algorithm>

#include "symseq/expr/Connectives.h"
#include "symseq/expr/Evaluator.h"
#include "symseq/expr/Rewrite.h"
#include "symseq/tree/Summaries.h"

namespace symseq {

std::vector<TreeNodeId> TreeTestBuilder::chooseNodes(const std::set<TransitionId>& covered) const {
  // The shallowest node reached by each covered target (the first created among equals).
  std::map<TransitionId, TreeNodeId> best;
  for (const TreeNode& n : tree_.nodes) {
    if (!n.transition || !covered.contains(*n.transition)) continue;
    if (!std::binary_search(job_.targets.begin(), job_.targets.end(), *n.transition)) continue;
    auto [it, fresh] = best.emplace(*n.transition, n.id);
    if (!fresh && n.depth < tree_.nodes[it->second].depth) it->second = n.id;
  }
  std::set<TreeNodeId> chosen;
  for (const auto& [t, node] : best) chosen.insert(node);
  // A chosen node on another chosen node's path adds nothing: that longer test takes it too.
  std::set<TreeNodeId> inner;
  for (TreeNodeId n : chosen)
    for (std::optional<TreeNodeId> p = tree_.nodes[n].parent; p; p = tree_.nodes[*p].parent) inner.insert(*p);
  std::vector<TreeNodeId> out;
  for (TreeNodeId n : chosen)
    if (!inner.contains(n)) out.push_back(n);
  return out;
}

std::vector<TestSequence> TreeTestBuilder::build(const std::set<TransitionId>& covered) {
  std::vector<TestSequence> out;
  for (TreeNodeId n : chooseNodes(covered))
    if (auto s = sequenceTo(n)) out.push_back(std::move(*s));
  tree_.nodes[0].onTest = !out.empty();
  return out;
}

std::optional<TestSequence> TreeTestBuilder::sequenceTo(TreeNodeId target) {
  const TransitionSystem& system = job_.system;
  ExprContext& ctx = system.context();
  const std::vector<TreeNodeId> path = tree_.pathTo(target);

  std::vector<Expr> guards;
  std::vector<CallRecord> calls;
  std::set<Expr, ExprIdLess> vars;
  for (TreeNodeId id : path) {
    const TreeNode& n = tree_.nodes[id];
    if (!n.guard.isConst()) guards.push_back(n.guard);
    calls.insert(calls.end(), n.calls.begin(), n.calls.end());
    collectVariables(n.guard, vars);
    for (Expr e : n.inputs) vars.insert(e);
    for (Expr e : n.outputs) collectVariables(e, vars);
  }
  for (const CallRecord& c : calls) {
    vars.insert(c.result);
    for (Expr a : c.args) collectVariables(a, vars);
  }
  for (const VariableDecl& v : system.variables)
    if (v.role == VariableRole::State && !v.initial) vars.insert(v.var);

  // One more query with the final tables: they only grew, so the path stays satisfiable.
  Solver& solver = job_.solver;
  solver.push();
  for (Expr g : guards) solver.add(g);
  const Expr sums = summaries(ctx, calls, tables_);
  const CheckResult r = solver.check(std::span(&sums, 1));
  std::optional<Valuation> model;
  if (r == CheckResult::Sat) model = solver.model(std::vector<Expr>(vars.begin(), vars.end())).toValuation();
  solver.pop();
  if (!model) return std::nullopt;

  TestSequence seq;
  for (const VariableDecl& v : system.variables)
    if (v.role == VariableRole::State && !v.initial)
      if (const Value* value = model->find(v.var)) seq.initial.set(v.var, *value);
  std::vector<TransitionId> prefix;
  std::vector<OutputEvent> prefixOutputs;
  for (TreeNodeId id : path) {
    TreeNode& n = tree_.nodes[id];
    n.onTest = true;
    const Transition& t = system.transitions[*n.transition];
    if (std::binary_search(job_.targets.begin(), job_.targets.end(), *n.transition)) tested_.insert(*n.transition);
    if (t.action.kind == ActionKind::Input) {
      TestStep& step = seq.steps.emplace_back();
      step.channel = t.action.channel;
      for (std::size_t i = 0; i < t.action.args.size(); ++i) step.inputs.set(t.action.args[i], *model->find(n.inputs[i]));
      step.expectedOutputs.emplace();
    }
    std::vector<TransitionId>& fired = seq.steps.empty() ? prefix : seq.steps.back().path;
    std::vector<OutputEvent>& outputs = seq.steps.empty() ? prefixOutputs : *seq.steps.back().expectedOutputs;
    fired.push_back(*n.transition);
    if (t.action.kind == ActionKind::Output) {
      OutputEvent o{t.action.channel, {}};
      for (Expr term : n.outputs) o.values.push_back(evaluate(term, *model));
      outputs.push_back(std::move(o));
    }
  }
  seq.prefix = std::move(prefix);
  seq.prefixOutputs = std::move(prefixOutputs);
  return seq;
}

}  // namespace symseq
