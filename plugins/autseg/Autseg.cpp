// The `autseg` strategy (README.md; seed-requirements 2.6 to 2.8).
#include "Autseg.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "Backtrack.h"
#include "symseq/analysis/GuardAnalysis.h"
#include "symseq/exec/SymbolicExecutor.h"
#include "symseq/expr/Connectives.h"
#include "symseq/expr/Evaluator.h"
#include "symseq/expr/Fold.h"
#include "symseq/expr/Printer.h"
#include "symseq/expr/Rewrite.h"
#include "symseq/linear/LinearSet.h"

namespace symseq::autseg {
namespace {

using Clock = std::chrono::steady_clock;
using ExprSet = std::set<Expr, ExprIdLess>;
// A context valuation of the plan search: per context variable, its value when the commands run
// so far make it concrete, nothing when it is unknown. Ordered by the values' text (the search's
// visited set).
struct Context {
  std::vector<std::optional<Value>> values;
  std::vector<std::string> key;  // "" for unknown, else "=" and the value
  void push_back(std::optional<Value> v) {
    key.push_back(v ? "=" + v->toString() : "");
    values.push_back(std::move(v));
  }
  const std::optional<Value>& operator[](std::size_t i) const { return values[i]; }
  friend bool operator<(const Context& a, const Context& b) { return a.key < b.key; }
};

bool isTrue(Expr e) { return e.isConst() && e.value() == Value::boolean(true); }

std::string join(const std::vector<std::string>& parts, const std::string& sep) {
  std::string s;
  for (const std::string& p : parts) s += (s.empty() ? "" : sep) + p;
  return s;
}

// Integer literals of 10 and above, also in hex, as the card world writes them: `x <= 49 (0x31)`.
// Only when the atom has exactly one such literal, to stay readable.
std::string withHex(Expr atom) {
  std::vector<BigInt> literals;
  std::vector<Expr> todo{atom};
  while (!todo.empty()) {
    const Expr e = todo.back();
    todo.pop_back();
    if (e.isConst() && e.sort() == Sort::integer()) {
      if (e.value().asInt() >= 10) literals.push_back(e.value().asInt());
    } else {
      for (Expr k : e.children()) todo.push_back(k);
    }
  }
  std::string text = toString(atom);
  if (literals.size() != 1) return text;
  std::ostringstream hex;
  hex << std::hex << std::uppercase << literals.front();
  return text + " (0x" + hex.str() + ")";
}

std::string printAtoms(const std::vector<Expr>& atoms) {
  if (atoms.empty()) return "true";
  std::vector<std::string> parts;
  for (Expr a : atoms) parts.push_back(toString(a));
  return join(parts, " && ");
}

// A symbolic sequence of one command (2.6): its transitions from IL to LF, the global
// preconditions GP (atoms over context and parameters only), the total local precondition TL
// (atoms over the command's inputs), and its effect on the context.
struct Sequence {
  std::size_t command = 0;
  std::vector<TransitionId> transitions;
  std::uint32_t steps = 0;
  std::vector<Expr> gp;
  std::vector<Expr> tl;
  std::vector<Expr> effect;  // per context variable (Search::context_), its term at the end
  LocationId end = 0;
};

struct CommandCounts {
  std::uint64_t complete = 0, dead = 0, truncated = 0, noContext = 0, blocked = 0;
  std::uint32_t maxSteps = 0;
  bool exhaustive = true;  // no budget cut the SSG (truncation at the diameter is not a cut)
};

class Search {
 public:
  Search(const GenerationJob& job, const AutsegOptions& options)
      : job_(job), options_(options), system_(job.system), ctx_(job.system.context()), executor_(job.system) {
    for (const VariableDecl& v : system_.variables) {
      if (v.role != VariableRole::State) continue;
      stateVars_.insert(v.var);
      if (!v.parameter && !v.frozen) context_.push_back(v.var);
    }
    for (Expr a : system_.axioms) {
      const bool assumed = std::any_of(job.assumptions.begin(), job.assumptions.end(),
                                       [&](Expr x) { return x.id() == a.id(); });
      if (!assumed && !isTrue(a)) background_.push_back(a);
    }
    for (const Subspace& s : system_.subspaces) memberOfAny_.insert(s.members.begin(), s.members.end());
  }

  GenerationResult run() {
    job_.solver.push();
    for (Expr a : background_) job_.solver.add(a);
    for (std::size_t c = 0; c < system_.subspaces.size(); ++c) ssg(c);
    commandTable();
    backtrackAll();
    job_.solver.pop();
    reasons();
    result_.stats.set("complete_sequences", sequences_.size());
    return std::move(result_);
  }

 private:
  // ---- budgets ----
  bool outOfBudget() {
    if (Clock::now() >= job_.deadline || job_.solver.stats().queries >= job_.budgets.solverQueries ||
        job_.stopRequested())
      budgetHit_ = true;
    return budgetHit_;
  }
  CheckResult check(const std::vector<Expr>& assumptions) {
    if (outOfBudget()) return CheckResult::Unknown;
    const CheckResult r = job_.solver.check(assumptions);
    if (r == CheckResult::Unknown) budgetHit_ = true;
    return r;
  }

  bool isGlobal(Expr atom) const {
    std::set<Expr, ExprIdLess> vars;
    collectVariables(atom, vars);
    return std::all_of(vars.begin(), vars.end(), [&](Expr v) { return stateVars_.contains(v); });
  }

  bool isTick(const Transition& t) const { return t.action.kind == ActionKind::Input; }

  // The input transitions the command's SSG follows from `at`: its members (every non-synthetic
  // one when the subspace lists none), in declaration order; the synthetic `stay` reactions are
  // not behaviour the model wrote.
  std::vector<TransitionId> ticks(const Subspace& s, LocationId at) const {
    std::vector<TransitionId> out;
    for (TransitionId id : system_.outgoing(at)) {
      const Transition& t = system_.transitions[id];
      if (!isTick(t) || t.synthetic) continue;
      if (!s.members.empty() && std::find(s.members.begin(), s.members.end(), id) == s.members.end()) continue;
      out.push_back(id);
    }
    return out;
  }

  struct Node {
    SymbolicState state;
    std::vector<TransitionId> path;
    std::uint32_t steps = 0;
    std::vector<Expr> gp;
    std::vector<Expr> tl;
  };

  // One step from `node` by tick `id`: the tick, then every chain of internal and output
  // transitions after it (a lowered reaction has one: its output half).
  std::vector<Node> step(const Node& node, TransitionId id, std::vector<Expr>& guards) const {
    std::vector<Node> done;
    std::vector<std::pair<Node, std::uint32_t>> open;
    auto take = [&](const Node& from, TransitionId t) {
      const SymbolicStep s = executor_.apply(from.state, t);
      Node next{s.next, from.path, from.steps, from.gp, from.tl};
      next.path.push_back(t);
      guards.push_back(foldConstants(ctx_, s.guard));
      return next;
    };
    Node first = take(node, id);
    first.steps += 1;
    open.emplace_back(std::move(first), 0);
    while (!open.empty()) {
      auto [n, length] = std::move(open.back());
      open.pop_back();
      std::vector<TransitionId> internal;
      for (TransitionId t : system_.outgoing(n.state.location))
        if (!isTick(system_.transitions[t])) internal.push_back(t);
      if (internal.empty() || length >= 64) {
        done.push_back(std::move(n));
        continue;
      }
      for (auto it = internal.rbegin(); it != internal.rend(); ++it) open.emplace_back(take(n, *it), length + 1);
    }
    return done;
  }

  std::string witnessText(const Model& model, const std::vector<std::pair<Expr, Expr>>& names) const {
    std::vector<std::string> parts;
    for (const auto& [symbol, var] : names)
      if (const Value* v = model.find(symbol)) parts.push_back(std::string(var.name()) + " = " + system_.valueText(var, *v));
    return join(parts, ", ");
  }

  std::string pathText(const std::vector<TransitionId>& path) const {
    std::vector<std::string> names;
    for (TransitionId t : path)
      if (!system_.transitions[t].synthetic) names.push_back(system_.transitions[t].name);
    return join(names, ", ");
  }

  // Contextual completeness and determinism at the node's state (2.6 item 3), once per location.
  // Kept rather than the kernel's analyzeGuardsAt: that one checks every non-synthetic outgoing
  // transition of the location grouped per channel (not only this command's ticks, all together),
  // under the state's path condition rather than GP ∧ TL, reports contextual dead transitions the
  // SSG already counts as dead sequences, and words the gap with negation pushed inward; the
  // findings (which, how many, their text) would change.
  void contextualChecks(const Subspace& s, const Node& node, const std::vector<TransitionId>& candidates) {
    if (!options_.checks || candidates.empty() || !checked_.insert(node.state.location).second) return;
    std::vector<Expr> guards;
    std::vector<std::pair<Expr, Expr>> inputs;  // fresh symbol -> input variable
    for (TransitionId id : candidates) {
      const SymbolicStep st = executor_.apply(node.state, id);
      guards.push_back(foldConstants(ctx_, st.guard));
      const Transition& t = system_.transitions[id];
      for (std::size_t k = 0; k < st.inputs.size(); ++k)
        if (std::none_of(inputs.begin(), inputs.end(), [&](const auto& p) { return p.first.id() == st.inputs[k].id(); }))
          inputs.emplace_back(st.inputs[k], t.action.args[k]);
    }
    std::vector<Expr> symbols;
    for (const auto& p : inputs) symbols.push_back(p.first);
    std::vector<Expr> pc = node.gp;
    pc.insert(pc.end(), node.tl.begin(), node.tl.end());
    const std::string where = system_.locations[node.state.location].name;
    const Expr gap = foldConstants(ctx_, ctx_.mkNot(guards.size() == 1 ? guards[0] : ctx_.make(Op::Or, std::span(guards))));
    std::vector<Expr> q = pc;
    q.push_back(gap);
    if (check(q) == CheckResult::Sat) {
      ModelFinding f;
      f.kind = "incomplete-behavior";
      f.message = "command '" + s.name + "': state '" + where + "' has no transition for some inputs (gap: " +
                  toString(gap) + ") after " + (node.path.empty() ? std::string("entry") : pathText(node.path));
      f.witness = witnessText(job_.solver.model(symbols), inputs);
      f.where = system_.locations[node.state.location].where;
      result_.findings.push_back(std::move(f));
      result_.stats.add("incomplete_states");
    }
    for (std::size_t i = 0; i < guards.size(); ++i)
      for (std::size_t j = i + 1; j < guards.size(); ++j) {
        std::vector<Expr> both = pc;
        both.push_back(guards[i]);
        both.push_back(guards[j]);
        if (check(both) != CheckResult::Sat) continue;
        ModelFinding f;
        f.kind = "nondeterminism";
        f.message = "command '" + s.name + "': at state '" + where + "' transitions '" +
                    system_.transitions[candidates[i]].name + "' and '" + system_.transitions[candidates[j]].name +
                    "' are both enabled";
        f.witness = witnessText(job_.solver.model(symbols), inputs);
        result_.findings.push_back(std::move(f));
        result_.stats.add("nondeterministic_states");
      }
  }

  // SSG of command `c` (2.6), depth-first in declaration order.
  void ssg(std::size_t c) {
    const Subspace& s = system_.subspaces[c];
    CommandCounts counts;
    Node root;
    root.state.location = s.entry;
    for (Expr v : stateVars_) root.state.store.emplace(v, v);  // the unknown context: its own symbols
    std::vector<Node> stack{root};
    while (!stack.empty()) {
      if (outOfBudget()) {
        counts.exhaustive = false;
        break;
      }
      Node node = std::move(stack.back());
      stack.pop_back();
      result_.stats.add(stat::kStates);
      const LocationId at = node.state.location;
      if (node.steps > 0 && std::find(s.finals.begin(), s.finals.end(), at) != s.finals.end()) {
        Sequence seq{c, node.path, node.steps, node.gp, node.tl, {}, at};
        for (Expr v : context_) {
          const auto it = node.state.store.find(v);
          seq.effect.push_back(foldConstants(ctx_, it == node.state.store.end() ? v : it->second));
        }
        explored_.insert(node.path.begin(), node.path.end());
        sequences_.push_back(std::move(seq));
        ++counts.complete;
        counts.maxSteps = std::max(counts.maxSteps, node.steps);
        continue;
      }
      if (node.steps >= options_.maxDiameter) {
        ++counts.truncated;
        explored_.insert(node.path.begin(), node.path.end());
        counts.maxSteps = std::max(counts.maxSteps, node.steps);
        continue;
      }
      const std::vector<TransitionId> candidates = ticks(s, at);
      if (candidates.empty()) {
        ++counts.blocked;
        continue;
      }
      contextualChecks(s, node, candidates);
      std::vector<Node> children;
      for (TransitionId id : candidates) {
        std::vector<Expr> guards;
        for (Node& child : step(node, id, guards)) {
          // Atoms of this step's guards: over context and parameters only -> GP, else LP into TL.
          std::vector<Expr> atoms;
          for (Expr g : guards)
            for (Expr a : conjuncts(g)) atoms.push_back(a);
          bool added = false;
          for (Expr a : atoms) {
            std::vector<Expr>& into = isGlobal(a) && !(a.isConst()) ? child.gp : child.tl;
            if (std::none_of(into.begin(), into.end(), [&](Expr x) { return x.id() == a.id(); })) {
              into.push_back(a);
              added = true;
            }
          }
          if (added && !feasible(s, child, counts)) continue;
          children.push_back(std::move(child));
        }
      }
      for (auto it = children.rbegin(); it != children.rend(); ++it) stack.push_back(std::move(*it));
    }
    counts_.push_back(counts);
    result_.stats.add("dead_sequences", counts.dead);
    result_.stats.add("truncated_sequences", counts.truncated);
    result_.stats.add("no_context_sequences", counts.noContext);
  }

  // GP ∧ TL satisfiable: keep. TL unsatisfiable: a dead sequence with a minimal core over TL's
  // atoms. TL satisfiable but not with GP: a sequence no context allows.
  bool feasible(const Subspace& s, const Node& child, CommandCounts& counts) {
    std::vector<Expr> all = child.gp;
    all.insert(all.end(), child.tl.begin(), child.tl.end());
    const CheckResult r = check(all);
    if (r == CheckResult::Sat) return true;
    if (r == CheckResult::Unknown) {
      counts.exhaustive = false;
      return false;
    }
    const CheckResult local = check(child.tl);
    if (local == CheckResult::Unknown) {
      counts.exhaustive = false;
      return false;
    }
    if (local == CheckResult::Sat) {
      ++counts.noContext;
      return false;
    }
    ++counts.dead;
    counts.maxSteps = std::max(counts.maxSteps, child.steps);
    ModelFinding f;
    f.kind = "dead-sequence";
    // The axioms without [assume] are asserted on the solver (run()), so no background here.
    for (Expr a : minimalUnsatCore(job_.solver, child.tl)) f.core.push_back(withHex(a));
    f.message = "command '" + s.name + "': dead sequence " + pathText(child.path) + " (its local preconditions " +
                join(f.core, ", ") + " cannot hold together)";
    if (!child.path.empty()) f.where = system_.transitions[child.path.back()].where;
    result_.findings.push_back(std::move(f));
    return false;
  }

  void commandTable() {
    ResultTable table{"autseg commands", {"command", "complete", "dead", "truncated", "max steps"}, {}};
    for (std::size_t c = 0; c < counts_.size(); ++c) {
      const CommandCounts& k = counts_[c];
      table.rows.push_back({system_.subspaces[c].name, std::to_string(k.complete), std::to_string(k.dead),
                            std::to_string(k.truncated), std::to_string(k.maxSteps)});
    }
    result_.tables.push_back(std::move(table));
  }

  // ---- global backtrack ----
  Context initialContext() const {
    Context k;
    for (Expr v : context_) {
      const VariableDecl* d = system_.findVariable(v);
      if (d && d->initial && d->initial->isConst()) k.push_back(d->initial->value());
      else k.push_back(std::nullopt);
    }
    return k;
  }

  // An atom under a context: true or false when every variable it reads is concrete there,
  // nothing otherwise (parameters and unknown data: the local query decides).
  std::optional<bool> holds(Expr atom, const Context& k) const {
    ExprSet vars;
    collectVariables(atom, vars);
    Valuation values;
    for (Expr v : vars) {
      const auto it = std::find_if(context_.begin(), context_.end(), [&](Expr x) { return x.id() == v.id(); });
      if (it == context_.end()) return std::nullopt;
      const std::optional<Value>& value = k[static_cast<std::size_t>(it - context_.begin())];
      if (!value) return std::nullopt;
      values.set(v, *value);
    }
    return evaluate(atom, values).asBool();
  }

  bool requirementHolds(const Sequence& s, const Context& k) const {
    return std::all_of(s.gp.begin(), s.gp.end(), [&](Expr a) { return holds(a, k) != std::optional<bool>(false); });
  }

  Context applyEffect(const Sequence& s, const Context& k) const {
    Substitution known;
    for (std::size_t i = 0; i < context_.size(); ++i)
      if (k[i]) known.emplace(context_[i], ctx_.constant(*k[i]));
    Context next;
    for (std::size_t i = 0; i < context_.size(); ++i) {
      const Expr e = foldConstants(ctx_, substitute(ctx_, s.effect[i], known));
      next.push_back(e.isConst() ? std::optional<Value>(e.value()) : std::nullopt);
    }
    return next;
  }

  std::vector<std::vector<std::size_t>> plans(const Sequence& target) {
    const Context start = initialContext();
    if (options_.backtrack == BacktrackMode::Priority) {
      if (auto p = priorityPlan(target, start)) return {*p};
      return {};
    }
    PlanSearch<Context> search;
    search.actionCount = sequences_.size();
    search.maxPlans = options_.maxPlans;
    search.apply = [&](const Context& k, std::size_t a) -> std::optional<Context> {
      if (!requirementHolds(sequences_[a], k)) return std::nullopt;
      return applyEffect(sequences_[a], k);
    };
    search.goal = [&](const Context& k) { return requirementHolds(target, k); };
    const PlanSearchResult r = shortestPlans(start, search);
    if (r.exhausted) planCut_ = true;
    return r.plans;
  }

  // The paper's priority list (2.7) on the commands: a command emits an atom when one of its
  // complete sequences makes it concretely true; its own needs are those of that sequence.
  std::optional<std::vector<std::size_t>> priorityPlan(const Sequence& target, const Context& start) const {
    const std::size_t n = system_.subspaces.size();
    auto needed = [&](const Sequence& s) {
      std::vector<Expr> atoms;
      for (Expr a : s.gp)
        if (holds(a, start) == std::optional<bool>(false)) atoms.push_back(a);
      return atoms;
    };
    auto emitter = [&](Expr atom) -> std::optional<std::pair<std::size_t, std::size_t>> {
      for (std::size_t c = 0; c < n; ++c)
        for (std::size_t i = 0; i < sequences_.size(); ++i)
          if (sequences_[i].command == c && holds(atom, applyEffect(sequences_[i], start)) == std::optional<bool>(true))
            return std::pair{c, i};
      return std::nullopt;
    };
    std::vector<std::vector<std::size_t>> emitters(n + 1);  // node n: the target sequence
    std::vector<std::size_t> chosen(n, sequences_.size());
    std::vector<const Sequence*> needs(n + 1, nullptr);
    needs[n] = &target;
    std::vector<std::size_t> todo{n};
    std::set<std::size_t> done;
    while (!todo.empty()) {
      const std::size_t c = todo.back();
      todo.pop_back();
      if (!done.insert(c).second || !needs[c]) continue;
      for (Expr a : needed(*needs[c])) {
        const auto e = emitter(a);
        if (!e) return std::nullopt;
        emitters[c].push_back(e->first);
        if (chosen[e->first] == sequences_.size()) chosen[e->first] = e->second;
        needs[e->first] = &sequences_[chosen[e->first]];
        todo.push_back(e->first);
      }
    }
    const PriorityOrder order = priorityProcedure(emitters, n);
    std::vector<std::size_t> plan;
    Context k = start;
    for (std::size_t c : order.testOrder) {
      if (c == n) break;
      const std::size_t i = chosen[c];
      if (!requirementHolds(sequences_[i], k)) return std::nullopt;
      k = applyEffect(sequences_[i], k);
      plan.push_back(i);
    }
    if (!requirementHolds(target, k)) return std::nullopt;
    return plan;
  }

  // ---- joining through the top-level transitions (Algorithm 4) ----
  std::optional<std::vector<TransitionId>> connect(LocationId from, LocationId to) {
    if (from == to) return std::vector<TransitionId>{};
    auto it = trees_.find(from);
    if (it == trees_.end()) {
      std::vector<std::vector<Edge>> successors(system_.locations.size());
      for (TransitionId id = 0; id < system_.transitions.size(); ++id) {
        const Transition& t = system_.transitions[id];
        // Synthetic reactions count: the lowering's boot instant is one; a `stay` never lies on a
        // shortest path, since it comes back to where it left.
        if (memberOfAny_.contains(id)) continue;
        successors[t.source].push_back(Edge{t.target, id});
      }
      it = trees_.emplace(from, predecessors(successors, from)).first;
    }
    const auto edges = pathTo(it->second, to);
    if (!edges) return std::nullopt;
    return std::vector<TransitionId>(edges->begin(), edges->end());
  }

  // ---- local backtrack: one query over the concatenated path ----
  enum class Local : std::uint8_t { Included, Excluded, Unsat, NoPath, Unknown };

  Local solvePath(const std::vector<std::size_t>& plan, const Sequence& target, TestSequence& out,
                  std::vector<TransitionId>& path) {
    LocationId at = system_.initial;
    path.clear();
    std::vector<const Sequence*> parts;
    for (std::size_t i : plan) parts.push_back(&sequences_[i]);
    parts.push_back(&target);
    for (const Sequence* p : parts) {
      const auto link = connect(at, system_.subspaces[p->command].entry);
      if (!link) return Local::NoPath;
      path.insert(path.end(), link->begin(), link->end());
      path.insert(path.end(), p->transitions.begin(), p->transitions.end());
      at = p->end;
    }
    SymbolicState state = executor_.initial();
    state.pathCondition.clear();  // the background (axioms without [assume]) is asserted
    std::vector<std::vector<Expr>> inputs;
    for (TransitionId id : path) {
      SymbolicStep st = executor_.apply(state, id);
      inputs.push_back(st.inputs);
      state = std::move(st.next);
    }
    std::vector<Expr> query = state.pathCondition;
    query.insert(query.end(), job_.assumptions.begin(), job_.assumptions.end());
    Local verdict = Local::Included;
    CheckResult r = check(query);
    if (r != CheckResult::Sat) {
      if (job_.assumptions.empty() || r == CheckResult::Unknown) return r == CheckResult::Unknown ? Local::Unknown : Local::Unsat;
      const CheckResult without = check(state.pathCondition);
      if (without == CheckResult::Unknown) return Local::Unknown;
      return without == CheckResult::Sat ? Local::Excluded : Local::Unsat;
    }
    std::vector<Expr> asked;
    std::vector<Expr> unconstrained;
    for (const VariableDecl& v : system_.variables)
      if (v.role == VariableRole::State && !v.initial) unconstrained.push_back(v.var);
    asked = unconstrained;
    for (const auto& in : inputs) asked.insert(asked.end(), in.begin(), in.end());
    const Model model = job_.solver.model(asked);
    out = TestSequence{};
    for (Expr v : unconstrained)
      if (const Value* value = model.find(v)) out.initial.set(v, *value);
    out.prefix = std::vector<TransitionId>{};
    for (std::size_t k = 0; k < path.size(); ++k) {
      const Transition& t = system_.transitions[path[k]];
      if (!isTick(t)) {
        if (out.steps.empty()) out.prefix->push_back(path[k]);
        else out.steps.back().path.push_back(path[k]);
        continue;
      }
      TestStep step;
      step.channel = t.action.channel;
      for (std::size_t a = 0; a < inputs[k].size(); ++a)
        if (const Value* value = model.find(inputs[k][a])) step.inputs.set(t.action.args[a], *value);
      step.path.push_back(path[k]);
      out.steps.push_back(std::move(step));
    }
    return verdict;
  }

  std::string planText(const std::vector<std::size_t>& plan, const Sequence& target) const {
    std::vector<std::string> names;
    for (std::size_t i : plan) names.push_back(system_.subspaces[sequences_[i].command].name);
    names.push_back(system_.subspaces[target.command].name);
    return join(names, ", ");
  }

  // GP or TL as the table shows it: through LinearSet when the conjunction is linear (the strongest
  // bound per left-hand side, `x - z <= 9, x >= 10`), else the atoms joined by `&&`.
  std::string constraintText(const std::vector<Expr>& atoms, const std::string& emptyText) const {
    if (atoms.empty()) return emptyText;
    if (const auto set = LinearSet::fromExpr(conjunction(ctx_, atoms))) {
      const LinearSet high = set->highImplication();
      if (!high.empty()) return high.toString();
    }
    return printAtoms(atoms);
  }

  std::string effectText(const Sequence& s) const {
    std::vector<std::string> parts;
    for (std::size_t i = 0; i < context_.size(); ++i)
      if (s.effect[i].id() != context_[i].id()) parts.push_back(std::string(context_[i].name()) + " := " + toString(s.effect[i]));
    return join(parts, ", ");
  }

  void backtrackAll() {
    ResultTable table{"autseg test sets", {"command", "steps", "GP", "TL", "effect", "plan", "test set"}, {}};
    std::set<std::string> reported;
    for (const Sequence& target : sequences_) {
      std::string status = "none";
      std::string planned;
      bool anyPlan = false;
      if (outOfBudget()) {
        status = "budget";
      } else {
        for (const std::vector<std::size_t>& plan : plans(target)) {
          anyPlan = true;
          result_.stats.add("plans_tried");
          TestSequence sequence;
          std::vector<TransitionId> path;
          const Local r = solvePath(plan, target, sequence, path);
          if (planned.empty()) planned = planText(plan, target);
          if (r == Local::Included || r == Local::Excluded) planned = planText(plan, target);
          if (r == Local::Included) {
            result_.sequences.push_back(std::move(sequence));
            result_.stats.add("test_sets");
            covered_.insert(path.begin(), path.end());
            status = "included";
            break;
          }
          if (r == Local::Excluded) {
            result_.stats.add("excluded_test_sets");
            excluded_.insert(path.begin(), path.end());
            status = "excluded by [assume]";
            break;
          }
          if (r == Local::Unknown) {
            status = "budget";
            break;
          }
          result_.stats.add(stat::kBacktracks);  // UNSAT or no top-level path: the next plan
          status = r == Local::NoPath ? "no top-level path" : "data flow conflicts";
        }
      }
      if (status != "included" && status != "excluded by [assume]") {
        result_.stats.add("unplanned_sequences");
        if (status == "budget") planCut_ = true;
        const std::string key = system_.subspaces[target.command].name + "|" + printAtoms(target.gp);
        if (!anyPlan && status != "budget" && reported.insert(key).second) {
          ModelFinding f;
          f.kind = "unestablished-precondition";
          f.message = "command '" + system_.subspaces[target.command].name + "': no sequence of commands establishes " +
                      printAtoms(target.gp);
          result_.findings.push_back(std::move(f));
          status = "no plan";
        } else if (!anyPlan && status == "none") {
          status = "no plan";
        }
      }
      table.rows.push_back({system_.subspaces[target.command].name, std::to_string(target.steps),
                            constraintText(target.gp, "true"), constraintText(target.tl, ""), effectText(target), planned,
                            status});
    }
    result_.tables.push_back(std::move(table));
  }

  // Why each target stays uncovered: only coverable by sets [assume] excludes; not met by any
  // command's SSG within the diameter when that SSG was complete (a proof within the bound);
  // otherwise the search was cut (budget, diameter, plans) or never went there (the synthetic
  // `stay` reactions, which the SSG does not follow, and top-level transitions no join uses).
  void reasons() {
    std::set<TransitionId> cutCommands;
    for (std::size_t c = 0; c < counts_.size(); ++c)
      if (!counts_[c].exhaustive || counts_[c].truncated > 0) {
        const auto& m = system_.subspaces[c].members;
        cutCommands.insert(m.begin(), m.end());
      }
    for (TransitionId t : job_.targets) {
      if (covered_.contains(t)) continue;
      if (excluded_.contains(t)) {
        result_.uncovered[t] = UncoveredReason::ExcludedByAssumption;
      } else if (memberOfAny_.contains(t) && !system_.transitions[t].synthetic && !explored_.contains(t) &&
                 !cutCommands.contains(t) && !budgetHit_) {
        result_.uncovered[t] = UncoveredReason::InfeasibleWithinBound;
      } else {
        result_.uncovered[t] = UncoveredReason::BudgetExhausted;
      }
    }
  }

  const GenerationJob& job_;
  const AutsegOptions& options_;
  const TransitionSystem& system_;
  ExprContext& ctx_;
  SymbolicExecutor executor_;
  ExprSet stateVars_;
  std::vector<Expr> context_;     // State variables that are not parameters, declaration order
  std::vector<Expr> background_;  // axioms without the [assume] constraints
  std::set<TransitionId> memberOfAny_;
  std::set<LocationId> checked_;
  std::vector<Sequence> sequences_;
  std::vector<CommandCounts> counts_;
  std::map<LocationId, PredecessorTree> trees_;
  std::set<TransitionId> explored_, covered_, excluded_;
  bool budgetHit_ = false;
  bool planCut_ = false;
  GenerationResult result_;
};

}  // namespace

GenerationResult runAutseg(const GenerationJob& job, const AutsegOptions& options) {
  Search search(job, options);
  return search.run();
}

}  // namespace symseq::autseg
