#pragma once
// Quasi-flattening (AUTSEG Algorithm 1 with the fixes of seed-requirements 2.3 and 2.9): the
// hierarchy of the main machine is flattened into one automaton, the observers are left as
// they are. Every flat transition records which original transition made it and which
// preemption or termination rewrote it. `flattenFully` also folds the observers into the
// product (the baseline AUTSEG avoids; for benchmarks only).
#include <cstdint>
#include <string>
#include <vector>

#include "symseq/statechart/Chart.h"

#pragma GCC visibility push(default)

namespace symseq::statechart {

struct FlatState {
  std::string name;  // the original state's name; product states join names with `|`
  SourceLocation where;
};

struct FlatTransition {
  std::string name;    // unique: the original name, suffixed when one transition made several
  std::string origin;  // the original transition's name
  // How it was made, as a user reads it: "t6 preempting St, from 4", "t5 merged into t2 (join)".
  std::string provenance;
  std::uint32_t source = 0;  // index into FlatAutomaton::states
  std::uint32_t target = 0;
  // trigger ∧ condition, conjoined with the negated guards of the transitions of higher priority
  // (an inner t3 under preemptions t6, t7 becomes ¬g(t7) ∧ ¬g(t6) ∧ g(t3)).
  Expr guard;
  std::vector<Effect> effects;  // in order
  // May fire in the instant its source is entered. Reactions entering a state are already
  // composed with its immediate transitions; lowering needs the flag for the first instant only
  // (the boot reaction enters the initial state).
  bool immediate = false;
  SourceLocation where;
};

struct FlatAutomaton {
  std::string name;
  std::vector<FlatState> states;
  std::uint32_t initial = 0;
  std::vector<FlatTransition> transitions;  // in priority order per source
};

struct FlatCommand {
  std::string name;
  std::uint32_t entry = 0;                 // the flat state of the command's initial sub-state
  std::vector<std::uint32_t> finals;       // flat states outside the command its sequences end in
  std::vector<std::uint32_t> members;      // indices into FlatAutomaton::transitions
  SourceLocation where;
};

// Seed-requirements 2.3, "Metrics to report".
struct FlattenMetrics {
  std::uint32_t automata = 0;              // main machine's automata (regions) + observers
  std::uint32_t hierarchicalAutomata = 0;  // automata of the main machine
  std::uint32_t observerAutomata = 0;
  std::uint32_t statesBefore = 0;          // every state of every automaton
  std::uint64_t combinationsBefore = 0;    // product of automaton sizes (saturating)
  std::uint32_t macroStates = 0;           // macro-states refined
  std::uint32_t flatStates = 0;
  std::uint32_t flatTransitions = 0;
  std::uint64_t combinationsAfter = 0;     // flat states × observer sizes
  std::uint32_t registers = 0;             // Σ ⌈log2 n⌉ over the flat automaton and the observers
};

struct FlatChart {
  std::string name;
  std::vector<Declaration> declarations;
  FlatAutomaton main;
  std::vector<Automaton> observers;  // unchanged (empty after flattenFully)
  std::vector<FlatCommand> commands;
  FlattenMetrics metrics;
};

// Throws Error at the model's file:line:col for what flattening cannot do (a cycle of immediate
// transitions, an observer with macro-states).
[[nodiscard]] FlatChart quasiFlatten(const Chart& chart, ExprContext& ctx);
[[nodiscard]] FlatChart flattenFully(const Chart& chart, ExprContext& ctx);

}  // namespace symseq::statechart

#pragma GCC visibility pop
