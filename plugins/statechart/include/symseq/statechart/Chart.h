#pragma once
// A hierarchical and parallel synchronous state machine as a model file describes it, before
// flattening (seed-requirements 2.2): what the `sync` and `scxml` frontends read into, and what
// Flatten.h works on. Expressions are already parsed into the run's ExprContext; names are
// resolved and located, so later passes can report errors at the model's file:line:col.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "symseq/expr/Expr.h"
#include "symseq/support/Error.h"

#pragma GCC visibility push(default)

namespace symseq::statechart {

enum class DeclarationKind : std::uint8_t {
  InputSignal,   // pure, present or absent in each instant (a Bool input)
  DataInput,     // a value read in each instant (Int or Bool): the next APDU byte
  OutputSignal,  // pure, emitted by transitions (a Bool, false unless emitted in the instant)
  LocalSignal,   // emitted and read within the instant (broadcast to the observers)
  Variable,      // data that persists across instants (Int or Bool), with an initial value
  Parameter,     // a system parameter (Bool or Int): frozen, selected by the run file's [assume]
};

struct Declaration {
  Expr var;
  DeclarationKind kind = DeclarationKind::Variable;
  std::optional<Expr> initial;  // Variable only
  SourceLocation where;
};

enum class TransitionKind : std::uint8_t {
  Normal,       // between two states of one automaton
  StrongAbort,  // leaves a macro-state; the inner behaviour does not act in that instant
  WeakAbort,    // leaves a macro-state; the inner behaviour acts one last time
  Termination,  // leaves a macro-state when its inner automata reach final states (join)
};

struct Effect {
  Expr variable;  // a Variable, or a signal (emission is `signal := true`)
  Expr value;
  SourceLocation where;
};

struct ChartTransition {
  std::string name;  // as written (`t3`), or made from the states (`S1->S2`); unique in the chart
  std::string source;
  std::string target;  // states of the same automaton: no transition crosses levels
  TransitionKind kind = TransitionKind::Normal;
  Expr trigger;    // Bool over signals; `true` when none
  Expr condition;  // Bool over data; `true` when none
  std::vector<Effect> effects;  // in order
  bool immediate = false;       // may fire in the instant its source is entered
  // Explicit priority among the transitions leaving one state (SCCharts `priority N`, 1 highest).
  // None: equal priority with the other unnumbered ones (overlaps stay overlaps, for the checks)
  // and below every numbered one. Flattening conjoins ¬guard of every higher one.
  std::optional<std::uint32_t> priority;
  SourceLocation where;
};

struct Automaton;

struct State {
  std::string name;  // unique in the chart
  bool final = false;
  // None: a simple state. One: a macro-state with a sub-automaton. Several: parallel regions.
  std::vector<Automaton> regions;
  SourceLocation where;
};

struct Automaton {
  std::string name;
  std::vector<State> states;
  std::string initial;  // a state of `states`
  // Transitions whose source is one of `states`, in priority order per source (first wins).
  std::vector<ChartTransition> transitions;
  SourceLocation where;
};

// A command (AUTSEG's significant subspace): a macro-state of the top automaton; its initial
// sub-state is the local initial state, its final sub-states the local final states.
struct Command {
  std::string name;
  std::string state;
  SourceLocation where;
};

// Which transitions win when an outer and an inner one are both enabled.
enum class Priority : std::uint8_t {
  OuterFirst,  // SyncCharts: "upper level transitions are prior to those of lower levels"
  InnerFirst,  // SCXML: a descendant's transition preempts its ancestors'
};

struct Chart {
  std::string name;
  std::vector<Declaration> declarations;  // in declaration order
  Automaton main;                         // the hierarchical machine
  // Top-level parallel automata kept separate by quasi-flattening; flat (no macro-states), in
  // the order of the model, which must be a causality order (checked by the reader).
  std::vector<Automaton> observers;
  std::vector<Command> commands;
  Priority priority = Priority::OuterFirst;
  SourceLocation where;
};

}  // namespace symseq::statechart

#pragma GCC visibility pop
