#include "symseq/verdict/TauReduction.h"

#include <functional>
#include <set>
#include <string>

#include "symseq/exec/Substitute.h"
#include "symseq/expr/Connectives.h"

namespace symseq {

namespace {

bool isInternal(const Transition& t) { return t.action.kind == ActionKind::Internal; }

// The first variable of `vars` that `e` mentions, if any (an explicit stack: deep terms do not
// recurse on the call stack).
std::optional<Expr> firstMentioned(Expr e, const std::set<Expr, ExprIdLess>& vars) {
  std::vector<Expr> todo{e};
  std::set<std::uint32_t> seen;
  while (!todo.empty()) {
    const Expr x = todo.back();
    todo.pop_back();
    if (!seen.insert(x.id()).second) continue;
    if (x.isVar() && vars.contains(x)) return x;
    for (Expr c : x.children()) todo.push_back(c);
  }
  return std::nullopt;
}

std::string names(const TransitionSystem& system, const std::vector<TransitionId>& ids, std::string_view sep) {
  std::string out;
  for (TransitionId t : ids) out += (out.empty() ? "" : std::string(sep)) + system.transitions[t].name;
  return out;
}

// One τ-reduced transition for `chain` (internal transitions, then a visible one).
Transition compose(const TransitionSystem& system, const std::vector<TransitionId>& chain) {
  ExprContext& ctx = system.context();
  const Transition& visible = system.transitions[chain.back()];
  Substitution env;  // each variable the chain has assigned so far -> its value over the store before the chain
  std::vector<Expr> guards;
  std::vector<Update> updates;
  for (std::size_t i = 0; i + 1 < chain.size(); ++i) {
    const Transition& tau = system.transitions[chain[i]];
    guards.push_back(substitute(ctx, tau.guard, env));
    for (const Update& u : tau.updates) {
      updates.push_back(u);
      env.insert_or_assign(u.variable, substitute(ctx, u.value, env));
    }
  }
  if (visible.action.kind == ActionKind::Input && chain.size() > 1) {
    // The composed step binds the input first, so what the internal transitions read of its
    // variables (their values from an earlier step) would become the new values.
    const std::set<Expr, ExprIdLess> rebound(visible.action.args.begin(), visible.action.args.end());
    std::vector<Expr> read = guards;
    for (const auto& [var, value] : env) read.push_back(value);
    for (Expr e : read)
      if (const auto x = firstMentioned(e, rebound))
        throw Error("cannot τ-reduce " + names(system, chain, " ") + ": an internal transition reads input '" +
                        std::string(x->name()) + "', which '" + visible.name + "' receives anew",
                    system.transitions[chain.front()].where,
                    "copy the input into a state variable on the transition that receives it, and read that");
  }
  guards.push_back(substitute(ctx, visible.guard, env));
  Action action = visible.action;
  if (action.kind == ActionKind::Output)
    for (Expr& term : action.args) term = substitute(ctx, term, env);
  updates.insert(updates.end(), visible.updates.begin(), visible.updates.end());
  Transition t;
  t.name = names(system, chain, ".");
  t.source = system.transitions[chain.front()].source;
  t.target = visible.target;
  t.guard = conjunction(ctx, guards);
  t.action = std::move(action);
  t.updates = std::move(updates);
  t.where = system.transitions[chain.front()].where;
  return t;
}

}  // namespace

std::vector<TransitionId> findTauCycle(const TransitionSystem& system) {
  std::vector<std::vector<TransitionId>> internalOut(system.locations.size());
  for (TransitionId t = 0; t < system.transitions.size(); ++t)
    if (isInternal(system.transitions[t])) internalOut.at(system.transitions[t].source).push_back(t);
  enum class Mark : std::uint8_t { Unseen, OnStack, Done };
  std::vector<Mark> mark(system.locations.size(), Mark::Unseen);
  std::vector<TransitionId> stack;  // the transitions taken from the walk's root
  std::vector<TransitionId> cycle;
  std::function<void(LocationId)> visit = [&](LocationId at) {
    mark[at] = Mark::OnStack;
    for (TransitionId t : internalOut[at]) {
      if (!cycle.empty()) return;
      const LocationId to = system.transitions[t].target;
      if (mark[to] == Mark::OnStack) {
        // The cycle starts with the stacked transition leaving `to`; none leaves it when `t` is a
        // self-loop (`to` is the walk's current end).
        auto from = stack.begin();
        while (from != stack.end() && system.transitions[*from].source != to) ++from;
        cycle.assign(from, stack.end());
        cycle.push_back(t);
        return;
      }
      if (mark[to] == Mark::Unseen) {
        stack.push_back(t);
        visit(to);
        stack.pop_back();
      }
    }
    mark[at] = Mark::Done;
  };
  for (LocationId l = 0; l < system.locations.size() && cycle.empty(); ++l)
    if (mark[l] == Mark::Unseen) visit(l);
  return cycle;
}

void checkNoTauCycle(const TransitionSystem& system) {
  const std::vector<TransitionId> cycle = findTauCycle(system);
  if (cycle.empty()) return;
  const Transition& first = system.transitions[cycle.front()];
  throw Error("cycle of internal transitions: " + names(system, cycle, " -> ") + " (back to location '" +
                  system.locations[first.source].name + "')",
              first.where,
              "τ-reduction assumes that no cycle of τ transitions exists: give one of them an input or an output");
}

TauReduced tauReduce(const TransitionSystem& system, std::size_t maxTransitions) {
  checkNoTauCycle(system);
  TauReduced out{system, {}};
  out.system.transitions.clear();
  out.system.declaredTargets.clear();
  // Where the system can be observed to stand: the start, and after every visible action.
  std::vector<bool> stable(system.locations.size(), false);
  stable.at(system.initial) = true;
  for (const Transition& t : system.transitions)
    if (!isInternal(t)) stable.at(t.target) = true;
  std::vector<TransitionId> chain;
  std::function<void(LocationId)> extend = [&](LocationId at) {
    for (TransitionId t : system.outgoing(at)) {
      chain.push_back(t);
      if (isInternal(system.transitions[t])) {
        extend(system.transitions[t].target);  // ends: no τ cycle
      } else {
        if (out.origins.size() == maxTransitions)
          throw Error("τ-reduction makes more than " + std::to_string(maxTransitions) +
                          " transitions (chains of internal transitions multiply)",
                      system.transitions[chain.front()].where, "reduce the branching of internal transitions");
        out.system.transitions.push_back(compose(system, chain));
        out.origins.push_back(chain);
      }
      chain.pop_back();
    }
  };
  for (LocationId l = 0; l < system.locations.size(); ++l)
    if (stable[l]) extend(l);
  return out;
}

}  // namespace symseq
