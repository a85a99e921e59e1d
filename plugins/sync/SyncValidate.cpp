// The checks that need the whole chart (docs/models/sync.md, "Rules"): transition kinds against
// macro-states, joins, commands, and the causality order of the components (seed-requirements
// 2.9 item 8: the main machine first, then the observers in dependency order; a cycle is a load
// error).
#include <algorithm>
#include <map>
#include <set>

#include "SyncReader.h"
#include "symseq/expr/Rewrite.h"
#include "symseq/support/DidYouMean.h"

namespace symseq::sync {

using statechart::Automaton;
using statechart::ChartTransition;
using statechart::DeclarationKind;
using statechart::State;
using statechart::TransitionKind;

namespace {

[[noreturn]] void failAt(const SourceLocation& where, const std::string& message, std::string hint = {}) {
  throw ParseError(message, where, std::move(hint));
}

std::string kindWord(TransitionKind k) {
  switch (k) {
    case TransitionKind::StrongAbort: return "abort";
    case TransitionKind::WeakAbort: return "weak abort";
    case TransitionKind::Termination: return "join";
    case TransitionKind::Normal: break;
  }
  return "";
}

const State* findState(const Automaton& a, const std::string& name) {
  for (const State& s : a.states)
    if (s.name == name) return &s;
  return nullptr;
}

void checkKinds(const Automaton& a) {
  for (const ChartTransition& t : a.transitions) {
    const State* source = findState(a, t.source);
    const bool macro = source != nullptr && !source->regions.empty();
    if (!macro && t.kind != TransitionKind::Normal)
      failAt(t.where, "'" + kindWord(t.kind) + "' on transition '" + t.name + "' whose source '" + t.source +
                          "' is not a macro-state",
             "only a transition leaving a macro-state preempts or joins it; drop '" + kindWord(t.kind) + "'");
    if (macro && t.kind == TransitionKind::Normal)
      failAt(t.where, "transition '" + t.name + "' leaves macro-state '" + t.source + "' without saying how",
             "write 'abort' (strong), 'weak abort' or 'join' (normal termination) after the target");
    if (t.kind == TransitionKind::Termination) {
      for (const Automaton& r : source->regions) {
        const bool hasFinal = std::any_of(r.states.begin(), r.states.end(), [](const State& s) { return s.final; });
        if (!hasFinal)
          failAt(t.where, "'join' on transition '" + t.name + "' but '" + r.name + "' in macro-state '" + t.source +
                              "' has no final state",
                 "mark the states where '" + r.name + "' terminates: 'final state NAME'");
      }
    }
  }
  for (const State& s : a.states)
    for (const Automaton& r : s.regions) checkKinds(r);
}

void collectStateNames(const Automaton& a, std::vector<std::string>& out) {
  for (const State& s : a.states) {
    out.push_back(s.name);
    for (const Automaton& r : s.regions) collectStateNames(r, out);
  }
}

void checkCommands(const statechart::Chart& chart) {
  std::vector<std::string> top;
  for (const State& s : chart.main.states)
    if (!s.regions.empty()) top.push_back(s.name);
  for (const statechart::Command& c : chart.commands) {
    const State* s = findState(chart.main, c.state);
    if (s == nullptr) {
      std::vector<std::string> all;
      collectStateNames(chart.main, all);
      if (std::find(all.begin(), all.end(), c.state) != all.end())
        failAt(c.where, "command '" + c.name + "' names state '" + c.state + "', which is not in the top automaton '" +
                            chart.main.name + "'",
               "a command is a macro-state written directly in 'automaton " + chart.main.name + "'");
      failAt(c.where, "command '" + c.name + "' names unknown state '" + c.state + "'" + didYouMean(c.state, top),
             "a command is a macro-state of the top automaton");
    }
    if (s->regions.empty())
      failAt(c.where, "command '" + c.name + "' names '" + c.state + "', which is not a macro-state",
             "a command is a macro-state of the top automaton, with its initial and final sub-states");
  }
}

// Signals a component reads (in triggers and conditions) and emits, each with a transition.
struct SignalUse {
  std::map<Expr, const ChartTransition*, ExprIdLess> reads;
  std::map<Expr, const ChartTransition*, ExprIdLess> emits;
};

void collectUse(const Automaton& a, const std::set<Expr, ExprIdLess>& signals, SignalUse& use) {
  for (const ChartTransition& t : a.transitions) {
    std::set<Expr, ExprIdLess> read;
    collectVariables(t.trigger, read);
    collectVariables(t.condition, read);
    for (const statechart::Effect& e : t.effects) collectVariables(e.value, read);
    for (const Expr& v : read)
      if (signals.contains(v)) use.reads.emplace(v, &t);
    for (const statechart::Effect& e : t.effects)
      if (signals.contains(e.variable)) use.emits.emplace(e.variable, &t);
  }
  for (const State& s : a.states)
    for (const Automaton& r : s.regions) collectUse(r, signals, use);
}

void orderByCausality(statechart::Chart& chart) {
  std::set<Expr, ExprIdLess> emitted;  // output and local signals: what may be emitted
  for (const statechart::Declaration& d : chart.declarations)
    if (d.kind == DeclarationKind::OutputSignal || d.kind == DeclarationKind::LocalSignal) emitted.insert(d.var);
  SignalUse main;
  collectUse(chart.main, emitted, main);
  std::vector<SignalUse> obs(chart.observers.size());
  for (std::size_t i = 0; i < chart.observers.size(); ++i) collectUse(chart.observers[i], emitted, obs[i]);

  for (const auto& [signal, reader] : main.reads) {
    if (main.emits.contains(signal))
      failAt(reader->where, "the main machine reads signal '" + std::string(signal.name()) +
                                "' that it emits itself (transition '" + main.emits.at(signal)->name + "')",
             "regions of the main machine do not communicate within an instant; read the signal in an observer");
    for (std::size_t i = 0; i < obs.size(); ++i)
      if (obs[i].emits.contains(signal))
        failAt(reader->where, "causality cycle: the main machine reads signal '" + std::string(signal.name()) +
                                  "', which observer '" + chart.observers[i].name + "' emits in the same instant",
               "observers react after the main machine; let the observer set a variable the main machine reads in "
               "the next instant");
  }
  // Observer j depends on observer i when it reads a signal i emits; Kahn's order, the written
  // order where free.
  const std::size_t n = obs.size();
  std::vector<std::vector<bool>> dependsOn(n, std::vector<bool>(n, false));
  for (std::size_t j = 0; j < n; ++j)
    for (const auto& [signal, reader] : obs[j].reads)
      for (std::size_t i = 0; i < n; ++i)
        if (obs[i].emits.contains(signal)) dependsOn[j][i] = true;
  std::vector<std::size_t> order;
  std::vector<bool> placed(n, false);
  while (order.size() < n) {
    bool progress = false;
    for (std::size_t j = 0; j < n && !progress; ++j) {
      if (placed[j]) continue;
      bool ready = true;
      for (std::size_t i = 0; i < n; ++i) ready = ready && (!dependsOn[j][i] || placed[i]);
      if (ready) {
        placed[j] = true;
        order.push_back(j);
        progress = true;
      }
    }
    if (progress) continue;
    // A cycle: walk dependencies from the first unplaced observer until one repeats.
    std::size_t at = 0;
    while (placed[at]) ++at;
    std::vector<std::size_t> path;
    while (std::find(path.begin(), path.end(), at) == path.end()) {
      path.push_back(at);
      std::size_t next = 0;
      while (next < n && (placed[next] || !dependsOn[at][next])) ++next;
      at = next;
    }
    const auto start = std::find(path.begin(), path.end(), at);
    std::string cycle;
    for (auto it = start; it != path.end(); ++it) cycle += chart.observers[*it].name + " -> ";
    cycle += chart.observers[at].name;
    std::string signal;
    const std::size_t to = path.size() > 1 && start + 1 != path.end() ? *(start + 1) : at;
    for (const auto& [s, reader] : obs[*start].reads)
      if (obs[to].emits.contains(s)) signal = std::string(s.name());
    failAt(chart.observers[*start].where,
           "causality cycle between observers: " + cycle + " (observer '" + chart.observers[*start].name +
               "' reads '" + signal + "' emitted in the same instant by '" + chart.observers[to].name + "')",
           "break the cycle: let one observer set a variable that the other reads in the next instant");
  }
  std::vector<Automaton> sorted;
  sorted.reserve(n);
  for (std::size_t i : order) sorted.push_back(std::move(chart.observers[i]));
  chart.observers = std::move(sorted);
}

}  // namespace

void validateChart(statechart::Chart& chart) {
  checkKinds(chart.main);
  checkCommands(chart);
  orderByCausality(chart);
}

}  // namespace symseq::sync
