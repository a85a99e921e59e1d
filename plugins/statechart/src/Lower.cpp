// Lowering of a quasi-flattened chart into the IR (seed-requirements 2.12; Lower.h says the shape).
//
// One instant = two IR transitions: the reaction (input on `tick`), whose updates first silence
// every signal, then run the main machine's effects, then each observer's update in the chart's
// (causality) order; and the output half (output on `out`, synthetic) from the reaction's own
// location, which emits every output signal, so replay checks an instant's outputs with the
// step's expectedOutputs. Emitted signals are Local variables: exec/Replay and the
// SymbolicExecutor keep Locals in the store from one transition of a step to the next (the output
// half reads what the reaction set), and every reaction assigns all of them before anything
// reads them, so no value leaks from one instant into the next.
#include <algorithm>
#include <map>
#include <set>

#include "symseq/exec/Substitute.h"
#include "symseq/expr/Printer.h"
#include "symseq/statechart/Lower.h"

namespace symseq::statechart {
namespace {

bool isTrue(Expr e) { return e.isConst() && e.value() == Value::boolean(true); }
bool isFalse(Expr e) { return e.isConst() && e.value() == Value::boolean(false); }


void collectVars(Expr e, std::set<Expr, ExprIdLess>& out) {
  if (e.isNull()) return;
  if (e.isVar()) {
    out.insert(e);
    return;
  }
  for (Expr c : e.children()) collectVars(c, out);
}

class Lowering {
 public:
  Lowering(const FlatChart& flat, ExprContext& ctx) : flat_(flat), ctx_(ctx), system_(ctx) {}

  Expr conj(const std::vector<Expr>& parts) const {
    std::vector<Expr> kept;
    for (Expr p : parts) {
      if (isTrue(p)) continue;
      if (isFalse(p)) return ctx_.boolVal(false);
      kept.push_back(p);
    }
    return ctx_.mkAnd(kept);
  }
  Expr neg(Expr e) const {
    if (isTrue(e)) return ctx_.boolVal(false);
    if (isFalse(e)) return ctx_.boolVal(true);
    return ctx_.mkNot(e);
  }

  TransitionSystem run() {
    system_.name = flat_.name;
    system_.synchronous = true;
    declare();
    const LocationId boot = system_.addLocation("boot", flat_.main.states.empty() ? std::nullopt
                                                                                 : std::optional(flat_.main.states.front().where));
    system_.initial = boot;
    for (const FlatState& s : flat_.main.states) stateLocation_.push_back(system_.addLocation(s.name, s.where));

    // Guards of the main machine read the signals of the instant before anything is emitted.
    for (const FlatTransition& t : flat_.main.transitions) mainGuards_.push_back(substitute(ctx_, t.guard, silent_));

    // The first instant enters the initial state: only its immediate transitions may fire.
    std::vector<Expr> bootNone;
    for (std::size_t i = 0; i < flat_.main.transitions.size(); ++i) {
      const FlatTransition& t = flat_.main.transitions[i];
      if (t.source != flat_.main.initial || !t.immediate) continue;
      reaction(t.name + "@boot", boot, t.target, mainGuards_[i], t.effects, t.where, t.origin, t.provenance, false, std::nullopt);
      bootNone.push_back(neg(mainGuards_[i]));
    }
    const Expr bootStay = conj(bootNone);
    if (!isFalse(bootStay))
      reaction("boot", boot, flat_.main.initial, bootStay, {}, flat_.main.states.empty() ? SourceLocation{} : flat_.main.states.front().where,
               "", "the first instant: the chart enters its initial state", true, std::nullopt);

    // The other instants: the main machine's transitions, then staying.
    std::map<std::string, std::size_t> perOrigin;
    for (const FlatTransition& t : flat_.main.transitions) ++perOrigin[t.origin];
    // A flat state no transition reaches (a product state every region reaches final in, which
    // its join leaves in the same instant) gets no reactions: they would only be dead targets.
    std::set<std::uint32_t> reached{flat_.main.initial};
    for (bool grew = true; grew;) {
      grew = false;
      for (const FlatTransition& t : flat_.main.transitions)
        if (reached.count(t.source) != 0 && reached.insert(t.target).second) grew = true;
    }
    std::vector<std::vector<Expr>> none(flat_.main.states.size());
    for (std::size_t i = 0; i < flat_.main.transitions.size(); ++i) {
      const FlatTransition& t = flat_.main.transitions[i];
      if (reached.count(t.source) == 0) continue;
      const bool split = perOrigin[t.origin] > 1 || t.name != t.origin;
      const TransitionId id = reaction(t.name, stateLocation_[t.source], t.target, mainGuards_[i], t.effects, t.where,
                                       split ? t.origin : "", t.provenance, false, t.source);
      (void)id;
      none[t.source].push_back(neg(mainGuards_[i]));
    }
    for (std::uint32_t s = 0; s < flat_.main.states.size(); ++s) {
      const Expr g = conj(none[s]);
      if (isFalse(g) || reached.count(s) == 0) continue;
      reaction("stay@" + flat_.main.states[s].name, stateLocation_[s], s, g, {}, flat_.main.states[s].where, "",
               "no transition of " + flat_.main.states[s].name + " is enabled", true, s);
    }

    for (const FlatCommand& c : flat_.commands) {
      Subspace sub;
      sub.name = c.name;
      sub.where = c.where;
      sub.entry = stateLocation_.at(c.entry);
      for (std::uint32_t f : c.finals) sub.finals.push_back(stateLocation_.at(f));
      std::set<std::uint32_t> interior{c.entry};
      for (std::uint32_t m : c.members) interior.insert(flat_.main.transitions.at(m).source);
      for (const auto& [id, source] : tickSources_)
        if (interior.count(source) != 0) sub.members.push_back(id);
      std::sort(sub.members.begin(), sub.members.end());
      system_.subspaces.push_back(std::move(sub));
    }

    const FlattenMetrics& m = flat_.metrics;
    system_.metrics = {{"automata", m.automata},
                       {"hierarchical_automata", m.hierarchicalAutomata},
                       {"observer_automata", m.observerAutomata},
                       {"states_before", m.statesBefore},
                       {"combinations_before", m.combinationsBefore},
                       {"macro_states", m.macroStates},
                       {"flat_states", m.flatStates},
                       {"flat_transitions", m.flatTransitions},
                       {"combinations_after", m.combinationsAfter},
                       {"registers", m.registers}};
    system_.validate();
    return std::move(system_);
  }

 private:
  void declare() {
    std::vector<Sort> tickSorts;
    std::vector<Sort> outSorts;
    for (const Declaration& d : flat_.declarations) {
      VariableDecl v;
      v.var = d.var;
      v.where = d.where;
      switch (d.kind) {
        case DeclarationKind::InputSignal:
        case DeclarationKind::DataInput:
          v.role = VariableRole::Input;
          inputs_.push_back(d.var);
          tickSorts.push_back(d.var.sort());
          break;
        case DeclarationKind::OutputSignal:
        case DeclarationKind::LocalSignal:
          v.role = VariableRole::Local;
          signals_.push_back(d.var);
          silent_.insert_or_assign(d.var, ctx_.boolVal(false));
          if (d.kind == DeclarationKind::OutputSignal) {
            outputs_.push_back(d.var);
            outSorts.push_back(d.var.sort());
          }
          break;
        case DeclarationKind::Variable:
          v.role = VariableRole::State;
          v.initial = d.initial;
          break;
        case DeclarationKind::Parameter:
          v.role = VariableRole::State;
          v.frozen = true;
          v.parameter = true;
          break;
      }
      system_.variables.push_back(std::move(v));
    }
    for (const Automaton& o : flat_.observers) {
      Observer ob;
      ob.automaton = &o;
      ob.var = ctx_.var(o.name + ".state", Sort::integer());
      for (std::size_t i = 0; i < o.states.size(); ++i) ob.index[o.states[i].name] = static_cast<std::int64_t>(i);
      if (ob.index.count(o.initial) == 0) throw Error("observer '" + o.name + "' has no initial state '" + o.initial + "'", o.where);
      VariableDecl v;
      v.var = ob.var;
      v.role = VariableRole::State;
      v.initial = ctx_.intVal(BigInt(ob.index.at(o.initial)));
      v.where = o.where;
      system_.variables.push_back(std::move(v));
      observers_.push_back(std::move(ob));
    }
    system_.channels.push_back({"tick", ChannelDirection::Input, tickSorts});
    system_.channels.push_back({"out", ChannelDirection::Output, outSorts});
  }

  struct Observer {
    const Automaton* automaton = nullptr;
    Expr var;
    std::map<std::string, std::int64_t> index;
  };

  // An observer's part of the reaction (an `ite` chain over its transitions, first enabled wins),
  // read after the main machine's effects and the previous observers' updates.
  void observerUpdates(const Observer& ob, std::vector<Update>& updates) {
    const Automaton& o = *ob.automaton;
    std::vector<Expr> fired;
    std::map<std::string, std::vector<Expr>> earlier;  // per source: guards of the ones before
    std::set<Expr, ExprIdLess> read;
    std::set<Expr, ExprIdLess> written;
    for (const ChartTransition& t : o.transitions) {
      if (ob.index.count(t.source) == 0 || ob.index.count(t.target) == 0)
        throw Error("observer transition '" + t.name + "' joins states that are not states of observer '" + o.name + "'", t.where);
      const Expr g = conj({t.trigger.isNull() ? ctx_.boolVal(true) : t.trigger,
                          t.condition.isNull() ? ctx_.boolVal(true) : t.condition});
      collectVars(g, read);
      for (const Effect& e : t.effects) written.insert(e.variable);
      std::vector<Expr> parts{ctx_.mkEq(ob.var, ctx_.intVal(BigInt(ob.index.at(t.source))))};
      for (Expr e : earlier[t.source]) parts.push_back(neg(e));
      parts.push_back(g);
      fired.push_back(conj(parts));
      earlier[t.source].push_back(g);
    }
    // When the observer's effects write what its guards read, its choice is taken first into a
    // Local (updates run in order, so the effects would otherwise change the conditions).
    bool clash = false;
    for (Expr w : written) clash = clash || read.count(w) != 0;
    if (clash) {
      const Expr choice = ctx_.var(o.name + ".fired", Sort::integer());
      if (system_.findVariable(choice) == nullptr) {
        VariableDecl v;
        v.var = choice;
        v.role = VariableRole::Local;
        v.where = o.where;
        system_.variables.push_back(std::move(v));
      }
      Expr value = ctx_.intVal(BigInt(-1));
      for (std::size_t i = fired.size(); i-- > 0;) value = ctx_.mkIte(fired[i], ctx_.intVal(BigInt(static_cast<std::int64_t>(i))), value);
      updates.push_back({choice, value});
      for (std::size_t i = 0; i < fired.size(); ++i) fired[i] = ctx_.mkEq(choice, ctx_.intVal(BigInt(static_cast<std::int64_t>(i))));
    }
    for (std::size_t i = 0; i < o.transitions.size(); ++i)
      for (const Effect& e : o.transitions[i].effects)
        updates.push_back({e.variable, ctx_.mkIte(fired[i], e.value, e.variable)});
    Expr next = ob.var;
    for (std::size_t i = o.transitions.size(); i-- > 0;)
      next = ctx_.mkIte(fired[i], ctx_.intVal(BigInt(ob.index.at(o.transitions[i].target))), next);
    if (next != ob.var) updates.push_back({ob.var, next});
  }

  // One instant: the reaction on `tick` into its own location, then the output half to `target`.
  TransitionId reaction(const std::string& name, LocationId from, std::uint32_t target, Expr guard, const std::vector<Effect>& effects,
                        const SourceLocation& where, const std::string& origin, const std::string& provenance, bool synthetic,
                        std::optional<std::uint32_t> flatSource) {
    const LocationId after = system_.addLocation(name + ".out", where);
    Transition t;
    t.name = name;
    t.source = from;
    t.target = after;
    t.guard = guard;
    t.action = Action{ActionKind::Input, 0, inputs_};
    for (Expr s : signals_) t.updates.push_back({s, ctx_.boolVal(false)});
    for (const Effect& e : effects) t.updates.push_back({e.variable, e.value});
    for (const Observer& ob : observers_) observerUpdates(ob, t.updates);
    t.where = where;
    t.origin = origin;
    t.provenance = provenance;
    t.synthetic = synthetic;
    const auto id = static_cast<TransitionId>(system_.transitions.size());
    system_.transitions.push_back(std::move(t));
    if (flatSource) tickSources_.emplace_back(id, *flatSource);

    Transition o;
    o.name = name + "!out";
    o.source = after;
    o.target = stateLocation_.at(target);
    o.guard = ctx_.boolVal(true);
    o.action = Action{ActionKind::Output, 1, outputs_};
    o.where = where;
    o.origin = origin.empty() ? name : origin;
    o.provenance = "the outputs of " + name;
    o.synthetic = true;
    system_.transitions.push_back(std::move(o));
    return id;
  }

  const FlatChart& flat_;
  ExprContext& ctx_;
  TransitionSystem system_;
  std::vector<Expr> inputs_;
  std::vector<Expr> signals_;
  std::vector<Expr> outputs_;
  Substitution silent_;
  std::vector<Observer> observers_;
  std::vector<LocationId> stateLocation_;
  std::vector<Expr> mainGuards_;
  std::vector<std::pair<TransitionId, std::uint32_t>> tickSources_;
};

std::string quote(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

void drawAutomaton(const Automaton& a, const std::string& prefix, std::string& dot, int& cluster, int depth) {
  const std::string indent(static_cast<std::size_t>(depth) * 2, ' ');
  dot += indent + "subgraph cluster_" + std::to_string(cluster++) + " {\n";
  dot += indent + "  label=" + quote(a.name) + ";\n";
  for (const State& s : a.states) {
    const std::string id = quote(prefix + s.name);
    if (s.regions.empty()) {
      dot += indent + "  " + id + " [label=" + quote(s.name) + (s.final ? ", shape=doublecircle" : "") +
             (s.name == a.initial ? ", style=bold" : "") + "];\n";
      continue;
    }
    // A macro-state: a cluster holding its regions, with an anchor node for the edges.
    dot += indent + "  subgraph cluster_" + std::to_string(cluster++) + " {\n";
    dot += indent + "    label=" + quote(s.name) + "; style=rounded;\n";
    dot += indent + "    " + id + " [label=" + quote(s.name) + ", shape=box, style=" + (s.name == a.initial ? "\"rounded,bold\"" : "rounded") +
           "];\n";
    for (const Automaton& r : s.regions) drawAutomaton(r, prefix, dot, cluster, depth + 2);
    dot += indent + "  }\n";
  }
  for (const ChartTransition& t : a.transitions) {
    std::string label = t.name;
    if (!t.trigger.isNull() && !isTrue(t.trigger)) label += " " + toString(t.trigger);
    if (!t.condition.isNull() && !isTrue(t.condition)) label += " [" + toString(t.condition) + "]";
    std::string style;
    switch (t.kind) {
      case TransitionKind::Normal: break;
      case TransitionKind::StrongAbort: style = ", arrowtail=dot, dir=both"; break;
      case TransitionKind::WeakAbort: style = ", arrowtail=odot, dir=both"; break;
      case TransitionKind::Termination: style = ", arrowtail=diamond, dir=both"; break;
    }
    if (t.immediate) style += ", style=dashed";
    dot += indent + "  " + quote(prefix + t.source) + " -> " + quote(prefix + t.target) + " [label=" + quote(label) + style + "];\n";
  }
  dot += indent + "}\n";
}

}  // namespace

TransitionSystem lower(const FlatChart& flat, ExprContext& ctx) { return Lowering(flat, ctx).run(); }

std::string hierarchyDiagram(const Chart& chart) {
  std::string dot = "digraph " + quote(chart.name) + " {\n  compound=true;\n  node [shape=ellipse];\n";
  int cluster = 0;
  drawAutomaton(chart.main, "", dot, cluster, 1);
  for (const Automaton& o : chart.observers) drawAutomaton(o, o.name + ".", dot, cluster, 1);
  return dot + "}\n";
}

}  // namespace symseq::statechart
