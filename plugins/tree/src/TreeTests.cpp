#include "TreeTests.h"

#include <algorithm>

#include "symseq/expr/Connectives.h"
#include "symseq/expr/Evaluator.h"
#include "symseq/exec/Replay.h"
#include "symseq/exec/Substitute.h"
#include "symseq/expr/Rewrite.h"
#include "symseq/solver/SolverFactory.h"
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
  std::vector<PathQuery> queries;
  for (TreeNodeId n : chooseNodes(covered)) queries.push_back(collect(n));
  std::vector<TestSequence> out;
  // A solver that answered nothing else, when the run can make one: a model may depend on what
  // its solver was asked before (z3's incremental state), and the search's queries are split
  // among threads, so the run's own solver would give input values that depend on `threads`.
  const PluginPtr<Solver> fresh = job_.solvers != nullptr && !queries.empty() ? job_.solvers->make() : nullptr;
  Solver& solver = fresh ? *fresh : job_.solver;
  if (job_.system.contracts.empty()) {
    for (const PathQuery& q : queries)
      if (auto s = solveAlone(q, solver)) out.push_back(std::move(*s));
  } else {
    out = solveTogether(queries, solver);
  }
  tree_.nodes[0].onTest = !out.empty();
  return out;
}

TreeTestBuilder::PathQuery TreeTestBuilder::collect(TreeNodeId target) const {
  const TransitionSystem& system = job_.system;
  PathQuery q;
  q.node = target;
  q.path = tree_.pathTo(target);
  std::vector<CallRecord> calls;
  // The axioms over frozen variables hold at the root of every path.
  for (Expr a : system.axioms) {
    q.constraints.push_back(a);
    collectVariables(a, q.vars);
  }
  for (TreeNodeId id : q.path) {
    const TreeNode& n = tree_.nodes[id];
    if (!n.guard.isConst()) q.constraints.push_back(n.guard);
    calls.insert(calls.end(), n.calls.begin(), n.calls.end());
    q.programCalls.insert(q.programCalls.end(), n.programCalls.begin(), n.programCalls.end());
    collectVariables(n.guard, q.vars);
    for (Expr e : n.inputs) q.vars.insert(e);
    for (Expr e : n.outputs) collectVariables(e, q.vars);
  }
  for (const CallRecord& c : calls) {
    q.vars.insert(c.result);
    for (Expr a : c.args) collectVariables(a, q.vars);
  }
  for (Expr c : q.programCalls) collectVariables(c, q.vars);
  for (const VariableDecl& v : system.variables)
    if (v.role == VariableRole::State && !v.initial) q.vars.insert(v.var);
  // The final tables: they only grew, so the path stays satisfiable.
  if (!calls.empty()) q.constraints.push_back(summaries(system.context(), calls, tables_));
  return q;
}

std::optional<TestSequence> TreeTestBuilder::solveAlone(const PathQuery& q, Solver& solver) {
  solver.push();
  for (Expr c : q.constraints) solver.add(c);
  std::optional<Valuation> model;
  if (solver.check() == CheckResult::Sat) model = solver.model(std::vector<Expr>(q.vars.begin(), q.vars.end())).toValuation();
  solver.pop();
  if (!model) return std::nullopt;
  return sequence(q, *model, {});
}

std::vector<TestSequence> TreeTestBuilder::solveTogether(const std::vector<PathQuery>& queries, Solver& solver) {
  const TransitionSystem& system = job_.system;
  ExprContext& ctx = system.context();
  // Each path gets its own copy of every symbol but the frozen variables (the distinguished
  // renaming of Definition 8); the programs' symbols are shared, so congruence makes the paths
  // agree on equal arguments. One assumption literal per path selects the paths of a group.
  std::vector<Substitution> renamings(queries.size());
  std::vector<Expr> selectors;
  solver.push();
  for (std::size_t k = 0; k < queries.size(); ++k) {
    for (Expr v : queries[k].vars) {
      const VariableDecl* d = system.findVariable(v);
      if (d == nullptr || !d->frozen)
        renamings[k].emplace(v, ctx.var(std::string(v.name()) + "~" + std::to_string(k), v.sort()));
    }
    const Expr selector = ctx.var("test.selector~" + std::to_string(k), Sort::boolean());
    std::vector<Expr> renamed;
    for (Expr c : queries[k].constraints) renamed.push_back(substitute(ctx, c, renamings[k]));
    solver.add(ctx.make(Op::Implies, {selector, ctx.mkAnd(renamed)}));
    selectors.push_back(selector);
  }
  // Greedy grouping in node order: a test joins the first group it is consistent with.
  std::vector<std::vector<std::size_t>> groups;
  std::vector<std::size_t> unsolvable;
  const auto consistent = [&](const std::vector<std::size_t>& members) {
    std::vector<Expr> on;
    for (std::size_t m : members) on.push_back(selectors[m]);
    return solver.check(on) == CheckResult::Sat;
  };
  for (std::size_t k = 0; k < queries.size(); ++k) {
    bool placed = false;
    for (std::vector<std::size_t>& g : groups) {
      g.push_back(k);
      if (consistent(g)) {
        placed = true;
        break;
      }
      g.pop_back();
    }
    if (!placed) {
      if (consistent({k}))
        groups.push_back({k});
      else
        unsolvable.push_back(k);
    }
  }
  std::vector<std::optional<TestSequence>> built(queries.size());
  for (std::size_t g = 0; g < groups.size(); ++g) {
    if (!consistent(groups[g])) continue;  // it was, a moment ago; an unknown now drops the group
    std::vector<Expr> wanted;
    for (std::size_t k : groups[g]) {
      for (Expr v : queries[k].vars) wanted.push_back(substitute(ctx, v, renamings[k]));
      for (Expr c : queries[k].programCalls) {
        const Expr renamed = substitute(ctx, c, renamings[k]);
        wanted.push_back(renamed);
        for (Expr a : renamed.children()) wanted.push_back(a);
      }
    }
    const Model model = solver.model(wanted);
    for (std::size_t k : groups[g]) {
      Valuation values;
      for (Expr v : queries[k].vars)
        if (const Value* value = model.find(substitute(ctx, v, renamings[k]))) values.set(v, *value);
      std::vector<ProgramResult> rows;
      for (Expr c : queries[k].programCalls) {
        const Expr renamed = substitute(ctx, c, renamings[k]);
        ProgramResult row{&renamed.function(), {}, *model.find(renamed)};
        for (Expr a : renamed.children()) row.args.push_back(*model.find(a));
        if (std::find(rows.begin(), rows.end(), row) == rows.end()) rows.push_back(std::move(row));
      }
      TestSequence s = sequence(queries[k], values, std::move(rows));
      s.group = static_cast<std::uint32_t>(g);
      built[k] = std::move(s);
    }
  }
  solver.pop();
  groups_ = static_cast<std::uint32_t>(std::max<std::size_t>(groups.size(), 1));
  std::vector<TestSequence> out;
  for (std::optional<TestSequence>& s : built)
    if (s) out.push_back(std::move(*s));
  return out;
}

TestSequence TreeTestBuilder::sequence(const PathQuery& q, const Valuation& model, std::vector<ProgramResult> rows) {
  const TransitionSystem& system = job_.system;
  // Outputs may read program results: evaluate them through the test's own rows.
  const FunctionInterpretations programs = withProgramResults(system, rows, job_.functions);
  TestSequence seq;
  seq.programResults = std::move(rows);
  for (const VariableDecl& v : system.variables)
    if (v.role == VariableRole::State && !v.initial)
      if (const Value* value = model.find(v.var)) seq.initial.set(v.var, *value);
  std::vector<TransitionId> prefix;
  std::vector<OutputEvent> prefixOutputs;
  for (TreeNodeId id : q.path) {
    TreeNode& n = tree_.nodes[id];
    n.onTest = true;
    const Transition& t = system.transitions[*n.transition];
    if (std::binary_search(job_.targets.begin(), job_.targets.end(), *n.transition)) tested_.insert(*n.transition);
    if (t.action.kind == ActionKind::Input) {
      TestStep& step = seq.steps.emplace_back();
      step.channel = t.action.channel;
      for (std::size_t i = 0; i < t.action.args.size(); ++i) step.inputs.set(t.action.args[i], *model.find(n.inputs[i]));
      step.expectedOutputs.emplace();
    }
    std::vector<TransitionId>& fired = seq.steps.empty() ? prefix : seq.steps.back().path;
    std::vector<OutputEvent>& outputs = seq.steps.empty() ? prefixOutputs : *seq.steps.back().expectedOutputs;
    fired.push_back(*n.transition);
    if (t.action.kind == ActionKind::Output) {
      OutputEvent o{t.action.channel, {}};
      for (Expr term : n.outputs) o.values.push_back(evaluate(term, model, &programs));
      outputs.push_back(std::move(o));
    }
  }
  seq.prefix = std::move(prefix);
  seq.prefixOutputs = std::move(prefixOutputs);
  return seq;
}

}  // namespace symseq
