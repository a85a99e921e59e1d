// Quasi-flattening (AUTSEG Algorithm 1, seed-requirements 2.3 with the fixes of 2.9).
//
// Algorithm 1 substitutes one macro-state at a time until none is left. Here the same rewriting
// runs bottom-up: an automaton is flattened after the sub-automata of its macro-states, so when a
// macro-state St is substituted its sub-automaton is already flat. The rewrites per St are the
// paper's: entry relinking (transitions into St enter the flat initial sub-state), normal
// termination (transitions into final sub-states are redirected to the join's target with its
// effect merged; the final states disappear), strong and weak preemption (one transition per
// sub-state, inner transitions lowered below the preempting ones), with parallel regions taken as
// their local product (2.9 item 7). Immediate transitions are composed into the reactions that
// enter their source once the automaton is flat (2.9 item 6).
#include <algorithm>
#include <deque>
#include <functional>
#include <map>
#include <set>

#include "symseq/exec/Substitute.h"
#include "symseq/statechart/Flatten.h"

namespace symseq::statechart {
namespace {

// A transition while flattening: states by name (chart state names are unique, product states
// join them with `|`), so substituting a macro-state is a renaming.
struct WorkTransition {
  std::string name;
  std::string origin;
  std::vector<std::string> notes;  // provenance, in the order the rewrites happened
  std::string source;
  std::string target;
  Expr guard;
  std::vector<Effect> effects;
  bool immediate = false;
  SourceLocation where;
};

struct WorkState {
  std::string name;
  bool final = false;
  SourceLocation where;
};

struct Flat {
  std::vector<WorkState> states;
  std::string initial;
  std::vector<WorkTransition> transitions;
  // Per state of the automaton flattened: the flat state it is entered by, and its flat states.
  std::map<std::string, std::string> entry;
  std::map<std::string, std::vector<std::string>> inside;
};

bool isTrue(Expr e) { return e.isConst() && e.value() == Value::boolean(true); }
bool isFalse(Expr e) { return e.isConst() && e.value() == Value::boolean(false); }

std::string joined(const std::vector<std::string>& parts, const std::string& separator) {
  std::string text;
  for (const std::string& p : parts) text += (text.empty() ? "" : separator) + p;
  return text;
}

std::uint32_t ceilLog2(std::uint64_t n) {
  std::uint32_t bits = 0;
  while ((std::uint64_t{1} << bits) < n) ++bits;
  return bits;
}

std::uint64_t saturatingMul(std::uint64_t a, std::uint64_t b) {
  if (a != 0 && b > UINT64_MAX / a) return UINT64_MAX;
  return a * b;
}

class Flattener {
 public:
  Flattener(const Chart& chart, ExprContext& ctx) : chart_(chart), ctx_(ctx) {}

  // Conjunction with nested conjunctions spliced in and `true` dropped, so that the guards read as
  // the paper prints them (¬t7 ∧ ¬t6 ∧ t3).
  Expr conj(const std::vector<Expr>& parts) const {
    std::vector<Expr> flat;
    for (Expr p : parts) {
      if (p.isNull() || isTrue(p)) continue;
      if (isFalse(p)) return ctx_.boolVal(false);
      if (p.op() == Op::And) {
        for (Expr c : p.children()) flat.push_back(c);
      } else {
        flat.push_back(p);
      }
    }
    return ctx_.mkAnd(flat);
  }
  Expr neg(Expr e) const {
    if (isTrue(e)) return ctx_.boolVal(false);
    if (isFalse(e)) return ctx_.boolVal(true);
    if (e.op() == Op::Not) return e.child(0);
    return ctx_.mkNot(e);
  }
  Expr guardOf(const ChartTransition& t) const {
    return conj({t.trigger.isNull() ? ctx_.boolVal(true) : t.trigger,
                 t.condition.isNull() ? ctx_.boolVal(true) : t.condition});
  }
  // `g` read after `effects` ran in order (same instant): the effects' values substituted in.
  Expr afterEffects(Expr g, const std::vector<Effect>& effects) const {
    if (effects.empty()) return g;
    Substitution env;
    for (const Effect& e : effects) env.insert_or_assign(e.variable, substitute(ctx_, e.value, env));
    return substitute(ctx_, g, env);
  }

  // Guards with the explicit priorities of the transitions leaving one state resolved: a
  // numbered transition is above every unnumbered one and every larger number; unnumbered ones
  // have equal priority, so their overlaps stay for the determinism check.
  std::vector<Expr> resolvedGuards(const Automaton& a) const {
    std::vector<Expr> base;
    for (const ChartTransition& t : a.transitions) base.push_back(guardOf(t));
    std::vector<Expr> out;
    for (std::size_t i = 0; i < a.transitions.size(); ++i) {
      const ChartTransition& t = a.transitions[i];
      std::vector<Expr> parts;
      for (std::size_t j = 0; j < a.transitions.size(); ++j) {
        const ChartTransition& h = a.transitions[j];
        if (j == i || h.source != t.source || !h.priority) continue;
        if (!t.priority || *h.priority < *t.priority) parts.push_back(neg(base[j]));
      }
      parts.push_back(base[i]);
      out.push_back(conj(parts));
    }
    return out;
  }

  WorkTransition fromChart(const ChartTransition& t, Expr guard) const {
    WorkTransition w;
    w.name = t.name;
    w.origin = t.name;
    w.source = t.source;
    w.target = t.target;
    w.guard = guard;
    w.effects = t.effects;
    w.immediate = t.immediate;
    w.where = t.where;
    return w;
  }

  Flat flatten(const Automaton& a) {
    const auto initial = std::find_if(a.states.begin(), a.states.end(), [&](const State& s) { return s.name == a.initial; });
    if (initial == a.states.end())
      throw Error("automaton '" + a.name + "' has no initial state '" + a.initial + "'", a.where);
    const std::vector<Expr> guards = resolvedGuards(a);
    Flat out;
    for (const State& s : a.states) {
      if (s.regions.empty()) {
        out.states.push_back({s.name, s.final, s.where});
        out.entry[s.name] = s.name;
        out.inside[s.name] = {s.name};
        continue;
      }
      Flat sub = s.regions.size() == 1 ? flatten(s.regions.front()) : product(s);
      std::vector<std::size_t> terminations;
      std::vector<std::size_t> preemptions;
      for (std::size_t i = 0; i < a.transitions.size(); ++i) {
        if (a.transitions[i].source != s.name) continue;
        (a.transitions[i].kind == TransitionKind::Termination ? terminations : preemptions).push_back(i);
      }
      terminate(sub, s, a, guards, terminations);
      const std::vector<WorkTransition> copies = preempt(sub, s, a, guards, preemptions);
      for (const WorkState& fs : sub.states) {
        out.states.push_back({fs.name, s.final && fs.final, fs.where});
        out.inside[s.name].push_back(fs.name);
      }
      out.entry[s.name] = sub.initial;
      // Transitions of one source in priority order: the preempting ones first when outer first.
      const bool outerFirst = chart_.priority == Priority::OuterFirst;
      if (outerFirst) out.transitions.insert(out.transitions.end(), copies.begin(), copies.end());
      out.transitions.insert(out.transitions.end(), sub.transitions.begin(), sub.transitions.end());
      if (!outerFirst) out.transitions.insert(out.transitions.end(), copies.begin(), copies.end());
    }
    for (std::size_t i = 0; i < a.transitions.size(); ++i) {
      const ChartTransition& t = a.transitions[i];
      const auto source = std::find_if(a.states.begin(), a.states.end(), [&](const State& s) { return s.name == t.source; });
      if (source == a.states.end())
        throw Error("transition '" + t.name + "' leaves '" + t.source + "', which is not a state of automaton '" + a.name + "'",
                    t.where);
      if (std::none_of(a.states.begin(), a.states.end(), [&](const State& s) { return s.name == t.target; }))
        throw Error("transition '" + t.name + "' enters '" + t.target + "', which is not a state of automaton '" + a.name +
                        "' (no transition crosses hierarchy levels)",
                    t.where);
      if (source->regions.empty()) out.transitions.push_back(fromChart(t, guards[i]));
    }
    // Entry (Algorithm 1 lines 3-9): a transition into a macro-state enters its initial sub-state.
    for (WorkTransition& w : out.transitions) {
      const auto e = out.entry.find(w.target);
      if (e != out.entry.end() && e->second != w.target) {
        w.notes.push_back("enters " + w.target + " at " + e->second);
        w.target = e->second;
      }
    }
    out.initial = out.entry.at(a.initial);
    return out;
  }

  // Normal termination (lines 10-20, 2.9 item 3): every transition entering a final sub-state
  // (of the flat sub-automaton: nested final macro-states' finals count, others do not) goes on
  // to the join's target in the same instant, with the join's effect merged; final states left
  // without an incoming transition disappear.
  void terminate(Flat& sub, const State& st, const Automaton& a, const std::vector<Expr>& guards,
                 const std::vector<std::size_t>& terminations) const {
    if (terminations.empty()) return;
    std::set<std::string> finals;
    for (const WorkState& s : sub.states)
      if (s.final) finals.insert(s.name);
    std::vector<WorkTransition> result;
    for (const WorkTransition& u : sub.transitions) {
      if (finals.count(u.target) == 0) {
        result.push_back(u);
        continue;
      }
      std::vector<Expr> earlier;
      bool covered = false;
      for (std::size_t i : terminations) {
        const ChartTransition& t = a.transitions[i];
        const Expr g = afterEffects(guards[i], u.effects);
        WorkTransition r = u;
        if (terminations.size() > 1) r.name = u.name + "+" + t.name;
        r.target = t.target;
        std::vector<Expr> parts{u.guard};
        for (Expr e : earlier) parts.push_back(neg(e));
        parts.push_back(g);
        r.guard = conj(parts);
        r.effects.insert(r.effects.end(), t.effects.begin(), t.effects.end());
        r.notes.push_back(t.name + " merged into " + u.name + " (join of " + st.name + ")");
        if (!isFalse(r.guard)) result.push_back(std::move(r));
        earlier.push_back(g);
        if (isTrue(g)) {
          covered = true;
          break;
        }
      }
      if (!covered) {
        WorkTransition rest = u;
        std::vector<Expr> parts{u.guard};
        for (Expr e : earlier) parts.push_back(neg(e));
        rest.guard = conj(parts);
        if (!isFalse(rest.guard)) result.push_back(std::move(rest));
      }
    }
    sub.transitions = std::move(result);
    std::set<std::string> entered{sub.initial};
    for (const WorkTransition& w : sub.transitions) entered.insert(w.target);
    std::set<std::string> gone;
    for (const WorkState& s : sub.states)
      if (s.final && entered.count(s.name) == 0) gone.insert(s.name);
    std::erase_if(sub.states, [&](const WorkState& s) { return gone.count(s.name) != 0; });
    std::erase_if(sub.transitions, [&](const WorkTransition& w) { return gone.count(w.source) != 0; });
  }

  // Strong and weak preemption (lines 21-31): one transition per sub-state for each transition
  // leaving the macro-state, in their declared order (2.9 item 5), and the inner transitions
  // below them (outer first) or the preempting ones below the inner ones (inner first, SCXML).
  std::vector<WorkTransition> preempt(Flat& sub, const State& st, const Automaton& a, const std::vector<Expr>& guards,
                                      const std::vector<std::size_t>& preemptions) const {
    const bool outerFirst = chart_.priority == Priority::OuterFirst;
    const std::size_t innerCount = sub.transitions.size();
    std::vector<WorkTransition> copies;
    for (std::size_t i : preemptions) {
      const ChartTransition& t = a.transitions[i];
      const Expr g = guards[i];
      const bool weak = t.kind == TransitionKind::WeakAbort;
      for (const WorkState& fs : sub.states) {
        std::vector<const WorkTransition*> inner;
        for (std::size_t k = 0; k < innerCount; ++k)
          if (sub.transitions[k].source == fs.name) inner.push_back(&sub.transitions[k]);
        std::vector<Expr> notInner;
        for (const WorkTransition* u : inner) notInner.push_back(neg(u->guard));
        WorkTransition c = fromChart(t, g);
        c.name = t.name + "@" + fs.name;
        c.source = fs.name;
        c.where = t.where;
        if (weak) {
          // 2.9 item 4: the inner behaviour acts one last time.
          for (const WorkTransition* u : inner) {
            WorkTransition w = c;
            w.name = t.name + "@" + fs.name + "/" + u->name;
            w.guard = conj({g, u->guard});
            w.effects = u->effects;
            w.effects.insert(w.effects.end(), t.effects.begin(), t.effects.end());
            w.notes = u->notes;
            w.notes.push_back(t.name + " weakly aborting " + st.name + ", from " + fs.name + ", after " + u->name);
            copies.push_back(std::move(w));
          }
          std::vector<Expr> parts{g};
          parts.insert(parts.end(), notInner.begin(), notInner.end());
          c.guard = conj(parts);
          c.notes.push_back(t.name + " weakly aborting " + st.name + ", from " + fs.name);
        } else {
          if (!outerFirst) {
            std::vector<Expr> parts{g};
            parts.insert(parts.end(), notInner.begin(), notInner.end());
            c.guard = conj(parts);
          }
          c.notes.push_back(t.name + " preempting " + st.name + ", from " + fs.name);
        }
        if (!isFalse(c.guard)) copies.push_back(std::move(c));
      }
      if (outerFirst || weak) {
        for (std::size_t k = 0; k < innerCount; ++k) {
          WorkTransition& u = sub.transitions[k];
          u.guard = conj({neg(g), u.guard});
          u.notes.push_back("below " + t.name + " preempting " + st.name);
        }
      }
    }
    return copies;
  }

  // Parallel regions of one macro-state (2.9 item 7): their synchronous product, each region
  // taking one of its transitions or staying; final when every region is.
  Flat product(const State& st) {
    std::vector<Flat> regions;
    for (const Automaton& r : st.regions) regions.push_back(flatten(r));
    using Tuple = std::vector<std::string>;
    auto nameOf = [](const Tuple& t) { return joined(t, "|"); };
    auto isFinal = [&](const std::string& region, std::size_t i) {
      for (const WorkState& s : regions[i].states)
        if (s.name == region) return s.final;
      return false;
    };
    auto whereOf = [&](const std::string& region, std::size_t i) {
      for (const WorkState& s : regions[i].states)
        if (s.name == region) return s.where;
      return st.where;
    };
    Flat out;
    Tuple start;
    for (const Flat& r : regions) start.push_back(r.initial);
    out.initial = nameOf(start);
    std::deque<Tuple> queue{start};
    std::set<std::string> seen{out.initial};
    while (!queue.empty()) {
      const Tuple at = queue.front();
      queue.pop_front();
      bool final = true;
      for (std::size_t i = 0; i < at.size(); ++i) final = final && isFinal(at[i], i);
      out.states.push_back({nameOf(at), final, whereOf(at.front(), 0)});
      // Per region: its transitions from here (index), then staying (npos).
      std::vector<std::vector<std::size_t>> options(regions.size());
      std::vector<Expr> stay(regions.size());
      for (std::size_t i = 0; i < regions.size(); ++i) {
        std::vector<Expr> none;
        for (std::size_t k = 0; k < regions[i].transitions.size(); ++k)
          if (regions[i].transitions[k].source == at[i]) {
            options[i].push_back(k);
            none.push_back(neg(regions[i].transitions[k].guard));
          }
        stay[i] = conj(none);
        if (!isFalse(stay[i])) options[i].push_back(std::string::npos);
      }
      struct Combo {
        std::vector<std::size_t> key;
        WorkTransition transition;
        Tuple to;
      };
      std::vector<Combo> combos;
      std::vector<std::size_t> pick(regions.size(), 0);
      while (true) {
        bool anyMoves = false;
        for (std::size_t i = 0; i < regions.size(); ++i) anyMoves = anyMoves || options[i][pick[i]] != std::string::npos;
        if (anyMoves) {
          WorkTransition w;
          std::vector<Expr> parts;
          std::vector<std::string> names;
          Tuple to = at;
          bool immediate = true;
          for (std::size_t i = 0; i < regions.size(); ++i) {
            const std::size_t k = options[i][pick[i]];
            if (k == std::string::npos) {
              parts.push_back(stay[i]);
              continue;
            }
            const WorkTransition& u = regions[i].transitions[k];
            parts.push_back(u.guard);
            names.push_back(u.name);
            to[i] = u.target;
            immediate = immediate && u.immediate;
            w.effects.insert(w.effects.end(), u.effects.begin(), u.effects.end());
            w.notes.insert(w.notes.end(), u.notes.begin(), u.notes.end());
            if (w.origin.empty()) {
              w.origin = u.origin;
              w.where = u.where;
            }
          }
          w.name = joined(names, "+");
          w.source = nameOf(at);
          w.target = nameOf(to);
          w.guard = conj(parts);
          w.immediate = immediate;
          if (names.size() > 1) w.notes.push_back("regions of " + st.name + " together: " + joined(names, " + "));
          if (!isFalse(w.guard)) {
            std::vector<std::size_t> key{names.size()};
            for (std::size_t i = 0; i < regions.size(); ++i) key.push_back(pick[i]);
            combos.push_back({std::move(key), std::move(w), std::move(to)});
          }
        }
        std::size_t i = 0;
        while (i < regions.size() && ++pick[i] == options[i].size()) pick[i++] = 0;
        if (i == regions.size()) break;
      }
      // Single moves first, in region order, then the joint ones: the order a reader expects.
      std::sort(combos.begin(), combos.end(), [](const Combo& x, const Combo& y) { return x.key < y.key; });
      for (Combo& c : combos) {
        if (seen.insert(c.transition.target).second) queue.push_back(c.to);
        out.transitions.push_back(std::move(c.transition));
      }
    }
    return out;
  }

  // A cycle of immediate transitions would make an instant that never ends: a load error.
  void checkImmediateCycles(const Flat& f) const {
    std::map<std::string, std::vector<const WorkTransition*>> next;
    for (const WorkTransition& w : f.transitions)
      if (w.immediate) next[w.source].push_back(&w);
    std::map<std::string, int> mark;  // 1: on the stack, 2: done
    std::function<void(const std::string&)> visit = [&](const std::string& s) {
      mark[s] = 1;
      for (const WorkTransition* w : next[s]) {
        if (mark[w->target] == 1)
          throw Error("a cycle of immediate transitions through '" + w->target + "' (transition '" + w->origin + "')",
                      w->where, "make one of them delayed");
        if (mark[w->target] == 0) visit(w->target);
      }
      mark[s] = 2;
    };
    for (const WorkState& s : f.states)
      if (mark[s.name] == 0) visit(s.name);
  }

  // Immediate transitions (2.9 item 6): a reaction entering a state with immediate transitions
  // goes on through one of them in the same instant when its guard holds after the reaction's
  // effects, and stays there otherwise.
  void composeImmediates(Flat& f) const {
    checkImmediateCycles(f);
    std::map<std::string, std::vector<WorkTransition>> immediates;
    for (const WorkTransition& w : f.transitions)
      if (w.immediate) immediates[w.source].push_back(w);
    std::vector<WorkTransition> work = f.transitions;
    std::vector<WorkTransition> result;
    while (!work.empty()) {
      WorkTransition u = std::move(work.front());
      work.erase(work.begin());
      const auto found = immediates.find(u.target);
      if (found == immediates.end()) {
        result.push_back(std::move(u));
        continue;
      }
      std::vector<Expr> rest{u.guard};
      std::vector<WorkTransition> composed;
      for (const WorkTransition& v : found->second) {
        const Expr g = afterEffects(v.guard, u.effects);
        WorkTransition c = u;
        c.name = u.name + ";" + v.name;
        c.target = v.target;
        c.guard = conj({u.guard, g});
        c.effects.insert(c.effects.end(), v.effects.begin(), v.effects.end());
        c.notes.push_back("then immediate " + v.name);
        if (!isFalse(c.guard)) composed.push_back(std::move(c));
        rest.push_back(neg(g));
      }
      u.guard = conj(rest);
      if (!isFalse(u.guard)) result.push_back(std::move(u));
      work.insert(work.begin(), composed.begin(), composed.end());
    }
    f.transitions = std::move(result);
  }

  std::uint64_t automatonSize(const Automaton& a) const { return a.states.size(); }

  void measure(const Automaton& a, FlattenMetrics& m) const {
    ++m.automata;
    ++m.hierarchicalAutomata;
    m.statesBefore += static_cast<std::uint32_t>(a.states.size());
    m.combinationsBefore = saturatingMul(m.combinationsBefore, a.states.size());
    for (const State& s : a.states) {
      if (!s.regions.empty()) ++m.macroStates;
      for (const Automaton& r : s.regions) measure(r, m);
    }
  }

  FlatChart run() {
    for (const Automaton& o : chart_.observers)
      for (const State& s : o.states)
        if (!s.regions.empty())
          throw Error("observer '" + o.name + "' has a macro-state '" + s.name + "': observers are flat", s.where);
    Flat top = flatten(chart_.main);
    composeImmediates(top);
    dropImpossible(top);
    uniquify(top.transitions);

    FlatChart result;
    result.name = chart_.name;
    result.declarations = chart_.declarations;
    result.observers = chart_.observers;
    result.main.name = chart_.main.name;
    std::map<std::string, std::uint32_t> index;
    for (const WorkState& s : top.states) {
      index[s.name] = static_cast<std::uint32_t>(result.main.states.size());
      result.main.states.push_back({s.name, s.where});
    }
    result.main.initial = index.at(top.initial);
    for (const WorkTransition& w : top.transitions) {
      FlatTransition t;
      t.name = w.name;
      t.origin = w.origin;
      t.provenance = joined(w.notes, "; ");
      t.source = index.at(w.source);
      t.target = index.at(w.target);
      t.guard = w.guard;
      t.effects = w.effects;
      t.immediate = w.immediate;
      t.where = w.where;
      result.main.transitions.push_back(std::move(t));
    }
    for (const Command& c : chart_.commands) {
      const auto inside = top.inside.find(c.state);
      if (inside == top.inside.end() || std::none_of(chart_.main.states.begin(), chart_.main.states.end(), [&](const State& s) {
            return s.name == c.state && !s.regions.empty();
          }))
        throw Error("command '" + c.name + "' names '" + c.state + "', which is no macro-state of the top automaton", c.where);
      FlatCommand fc;
      fc.name = c.name;
      fc.where = c.where;
      fc.entry = index.at(top.entry.at(c.state));
      const std::set<std::string> interior(inside->second.begin(), inside->second.end());
      for (std::uint32_t i = 0; i < result.main.transitions.size(); ++i) {
        const WorkTransition& w = top.transitions[i];
        if (interior.count(w.source) == 0) continue;
        fc.members.push_back(i);
        const std::uint32_t target = index.at(w.target);
        if (interior.count(w.target) == 0 && std::find(fc.finals.begin(), fc.finals.end(), target) == fc.finals.end())
          fc.finals.push_back(target);
      }
      result.commands.push_back(std::move(fc));
    }

    FlattenMetrics& m = result.metrics;
    m.combinationsBefore = 1;
    measure(chart_.main, m);
    m.flatStates = static_cast<std::uint32_t>(result.main.states.size());
    m.flatTransitions = static_cast<std::uint32_t>(result.main.transitions.size());
    m.combinationsAfter = m.flatStates;
    m.registers = ceilLog2(m.flatStates);
    for (const Automaton& o : chart_.observers) {
      ++m.automata;
      ++m.observerAutomata;
      m.statesBefore += static_cast<std::uint32_t>(o.states.size());
      m.combinationsBefore = saturatingMul(m.combinationsBefore, o.states.size());
      m.combinationsAfter = saturatingMul(m.combinationsAfter, o.states.size());
      m.registers += ceilLog2(o.states.size());
    }
    return result;
  }

  // A conjunction holding an atom and its negation (the joint move of two regions on events
  // that exclude each other, `tick ∧ ¬mute ∧ mute ∧ ¬tick`) can never fire.
  static bool contradictory(Expr guard) {
    if (isFalse(guard)) return true;
    if (guard.op() != Op::And) return false;
    std::set<std::uint32_t> atoms;
    for (Expr c : guard.children()) atoms.insert(c.id());
    for (Expr c : guard.children())
      if (c.op() == Op::Not && atoms.count(c.child(0).id()) != 0) return true;
    return false;
  }

  // Flattening makes joint moves no instant can take (guards that contradict themselves): they
  // would only be dead targets, so they go. (States no transition reaches stay: the flattening is
  // structural, as the paper counts it; the lowering gives them no reactions.)
  static void dropImpossible(Flat& top) {
    std::erase_if(top.transitions, [](const WorkTransition& w) { return contradictory(w.guard); });
  }

  // Names stay unique: a name several rewrites made gets its source state, then a counter.
  static void uniquify(std::vector<WorkTransition>& ts) {
    for (int round = 0; round < 2; ++round) {
      std::map<std::string, int> count;
      for (const WorkTransition& w : ts) ++count[w.name];
      std::map<std::string, int> seen;
      for (WorkTransition& w : ts) {
        if (count[w.name] < 2) continue;
        if (round == 0) {
          w.name += "@" + w.source;
        } else {
          w.name += "#" + std::to_string(++seen[w.name]);
        }
      }
    }
  }

 private:
  const Chart& chart_;
  ExprContext& ctx_;
};

}  // namespace

FlatChart quasiFlatten(const Chart& chart, ExprContext& ctx) { return Flattener(chart, ctx).run(); }

// The baseline AUTSEG avoids: the observers folded into the flat automaton. One product
// transition per reachable combination of a main move (or staying) and each observer's move (or
// staying), in the lowering's order within the instant: the main machine, then the observers,
// each reading the signals and data the previous ones left.
FlatChart flattenFully(const Chart& chart, ExprContext& ctx) {
  Flattener f(chart, ctx);
  FlatChart quasi = f.run();
  if (quasi.observers.empty()) return quasi;

  std::vector<std::vector<Expr>> observerGuards;
  for (const Automaton& o : quasi.observers) observerGuards.push_back(f.resolvedGuards(o));
  Substitution silent;  // signals not emitted yet in the instant read false
  for (const Declaration& d : quasi.declarations)
    if (d.kind == DeclarationKind::OutputSignal || d.kind == DeclarationKind::LocalSignal)
      silent.insert_or_assign(d.var, ctx.boolVal(false));

  using Tuple = std::vector<std::uint32_t>;  // main flat state, then each observer's state index
  auto stateIndex = [](const Automaton& a, const std::string& name) {
    for (std::uint32_t i = 0; i < a.states.size(); ++i)
      if (a.states[i].name == name) return i;
    throw Error("automaton '" + a.name + "' has no state '" + name + "'", a.where);
  };
  auto nameOf = [&](const Tuple& t) {
    std::vector<std::string> parts{quasi.main.states[t[0]].name};
    for (std::size_t i = 1; i < t.size(); ++i) parts.push_back(quasi.observers[i - 1].states[t[i]].name);
    return joined(parts, "|");
  };
  FlatAutomaton full;
  full.name = quasi.main.name;
  std::map<Tuple, std::uint32_t> index;
  std::deque<Tuple> queue;
  auto intern = [&](const Tuple& t) {
    const auto found = index.find(t);
    if (found != index.end()) return found->second;
    const auto id = static_cast<std::uint32_t>(full.states.size());
    index[t] = id;
    full.states.push_back({nameOf(t), quasi.main.states[t[0]].where});
    queue.push_back(t);
    return id;
  };
  Tuple start{quasi.main.initial};
  for (const Automaton& o : quasi.observers) start.push_back(stateIndex(o, o.initial));
  full.initial = intern(start);
  std::vector<std::string> names;
  std::vector<std::string> sources;
  while (!queue.empty()) {
    const Tuple at = queue.front();
    queue.pop_front();
    const std::uint32_t from = index.at(at);
    // The main machine's options: each flat transition from here, or staying.
    std::vector<const FlatTransition*> mainMoves;
    std::vector<Expr> none;
    for (const FlatTransition& t : quasi.main.transitions)
      if (t.source == at[0]) {
        mainMoves.push_back(&t);
        none.push_back(f.neg(substitute(ctx, t.guard, silent)));
      }
    mainMoves.push_back(nullptr);
    const Expr mainStays = f.conj(none);
    for (const FlatTransition* m : mainMoves) {
      struct Partial {
        Tuple to;
        std::vector<Expr> guard;
        std::vector<Effect> effects;
        std::vector<std::string> names;
        std::vector<std::string> notes;
        Substitution env;
        bool moved = false;
      };
      Partial p;
      p.to = at;
      p.env = silent;
      if (m == nullptr) {
        p.guard.push_back(mainStays);
      } else {
        p.guard.push_back(substitute(ctx, m->guard, silent));
        p.effects = m->effects;
        p.to[0] = m->target;
        p.names.push_back(m->name);
        if (!m->provenance.empty()) p.notes.push_back(m->provenance);
        p.moved = true;
        for (const Effect& e : m->effects) p.env.insert_or_assign(e.variable, substitute(ctx, e.value, p.env));
      }
      std::vector<Partial> partials{p};
      for (std::size_t k = 0; k < quasi.observers.size(); ++k) {
        const Automaton& o = quasi.observers[k];
        std::vector<Partial> next;
        for (const Partial& q : partials) {
          std::vector<Expr> notAny;
          for (std::size_t i = 0; i < o.transitions.size(); ++i) {
            const ChartTransition& t = o.transitions[i];
            if (stateIndex(o, t.source) != at[k + 1]) continue;
            const Expr g = substitute(ctx, observerGuards[k][i], q.env);
            notAny.push_back(f.neg(g));
            Partial r = q;
            r.guard.push_back(g);
            r.to[k + 1] = stateIndex(o, t.target);
            r.effects.insert(r.effects.end(), t.effects.begin(), t.effects.end());
            r.names.push_back(t.name);
            r.moved = true;
            for (const Effect& e : t.effects) r.env.insert_or_assign(e.variable, substitute(ctx, e.value, r.env));
            next.push_back(std::move(r));
          }
          Partial s = q;
          s.guard.push_back(f.conj(notAny));
          next.push_back(std::move(s));
        }
        partials = std::move(next);
      }
      for (const Partial& q : partials) {
        const Expr guard = f.conj(q.guard);
        if (!q.moved || isFalse(guard)) continue;
        FlatTransition t;
        t.name = joined(q.names, "+");
        t.origin = m != nullptr ? m->origin : q.names.front();
        q.names.size() > 1 ? t.provenance = "product with the observers: " + joined(q.names, " + ") : t.provenance = joined(q.notes, "; ");
        t.source = from;
        t.target = intern(q.to);
        t.guard = guard;
        t.effects = q.effects;
        // The first instant lets the observers react while the main machine stays (as lowering does).
        t.immediate = m == nullptr || m->immediate;
        t.where = m != nullptr ? m->where : chart.where;
        full.transitions.push_back(std::move(t));
      }
    }
  }
  // Unique names, as quasi-flattening makes them.
  std::map<std::string, int> count;
  for (const FlatTransition& t : full.transitions) ++count[t.name];
  std::map<std::string, int> seen;
  for (FlatTransition& t : full.transitions)
    if (count[t.name] > 1) t.name += "@" + full.states[t.source].name + "#" + std::to_string(++seen[t.name]);

  FlatChart result;
  result.name = quasi.name;
  result.declarations = quasi.declarations;
  result.main = std::move(full);
  result.metrics = quasi.metrics;
  result.metrics.flatStates = static_cast<std::uint32_t>(result.main.states.size());
  result.metrics.flatTransitions = static_cast<std::uint32_t>(result.main.transitions.size());
  result.metrics.combinationsAfter = result.metrics.flatStates;
  result.metrics.registers = ceilLog2(result.metrics.flatStates);
  for (const FlatCommand& c : quasi.commands) {
    FlatCommand fc{c.name, 0, {}, {}, c.where};
    const std::set<std::uint32_t> interior = [&] {
      std::set<std::uint32_t> s;
      for (std::uint32_t m : c.members) s.insert(quasi.main.transitions[m].source);
      s.insert(c.entry);
      return s;
    }();
    bool entrySet = false;
    for (const auto& [tuple, id] : index)
      if (tuple[0] == c.entry && (!entrySet || id < fc.entry)) {
        fc.entry = id;
        entrySet = true;
      }
    std::map<std::uint32_t, Tuple> byId;
    for (const auto& [tuple, id] : index) byId[id] = tuple;
    for (std::uint32_t i = 0; i < result.main.transitions.size(); ++i) {
      const FlatTransition& t = result.main.transitions[i];
      if (interior.count(byId.at(t.source)[0]) == 0) continue;
      fc.members.push_back(i);
      if (interior.count(byId.at(t.target)[0]) == 0 &&
          std::find(fc.finals.begin(), fc.finals.end(), t.target) == fc.finals.end())
        fc.finals.push_back(t.target);
    }
    result.commands.push_back(std::move(fc));
  }
  return result;
}

}  // namespace symseq::statechart
