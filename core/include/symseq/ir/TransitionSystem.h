#pragma once
// The one IR: a symbolic transition system. Every model kind lowers into it (see
// docs/architecture.md): CFG loop bodies, IOSTS, flattened hierarchical state machines,
// composed components with time (clocks are Real state variables advanced by delay transitions).
//
// Semantics of one step from location `source` with store σ:
//   the action binds fresh values to its input variables (or reads none);
//   the guard, evaluated over σ and the inputs, must hold;
//   the updates run in order, each seeing the effect of the previous ones;
//   control moves to `target`; an output action emits its terms evaluated before the updates.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "symseq/expr/ExprContext.h"
#include "symseq/ir/Contract.h"
#include "symseq/support/Error.h"

#pragma GCC visibility push(default)

namespace symseq {

using LocationId = std::uint32_t;
using TransitionId = std::uint32_t;

enum class VariableRole : std::uint8_t {
  State,  // persists across steps; initial value given or unconstrained
  Input,  // fresh on every step that binds it (an input action or a loop iteration)
  Local,  // a temporary inside one step (e.g. the result of an external call)
};

struct VariableDecl {
  Expr var;
  VariableRole role = VariableRole::State;
  std::optional<Expr> initial;  // State only; a closed term. None: any value of its sort.
  std::optional<SourceLocation> where;
  // A frozen State variable (the paper's W): no initial value, never updated, one value shared by
  // every path and every test; axioms constrain it.
  bool frozen{false};
  // A system parameter (AUTSEG's system precondition, a product-variant switch such as
  // `contact_mode`): a frozen variable the run file's [assume] constraints may select.
  bool parameter{false};
};

struct Location {
  std::string name;
  std::optional<SourceLocation> where;
};

enum class ChannelDirection : std::uint8_t { Input, Output };

struct Channel {
  std::string name;
  ChannelDirection direction = ChannelDirection::Input;
  std::vector<Sort> params;
};

enum class ActionKind : std::uint8_t { Internal, Input, Output };

struct Action {
  ActionKind kind = ActionKind::Internal;
  std::uint32_t channel = 0;   // index into TransitionSystem::channels; unused for Internal
  std::vector<Expr> args;      // Input: the Input variables bound; Output: the emitted terms
};

struct Update {
  Expr variable;  // a State or Local variable
  Expr value;     // same sort
};

struct Transition {
  std::string name;  // unique; targets name transitions
  LocationId source = 0;
  LocationId target = 0;
  Expr guard;        // Bool
  Action action;
  std::vector<Update> updates;
  std::optional<SourceLocation> where;
  // The model-level transition this one was made from, when lowering split one into several
  // (a call's behaviours, `price#coffee`); empty when it is the model's transition itself.
  std::string origin{};
  std::vector<std::string> variant{};  // the labels that tell the split ones apart, in call order
  // The transition of the model as results count coverage: `origin`, or `name` when none.
  [[nodiscard]] const std::string& modelTransition() const { return origin.empty() ? name : origin; }
  // How lowering made it, for diagrams and users ("t6 preempting St, from sub-state 4"); empty
  // for a transition written as it stands in the model.
  std::string provenance{};
  // Added by lowering rather than written in the model (the "stay" reaction of a synchronous
  // machine, the output half of a reaction): checks of the model's guards (analysis/) skip it,
  // and it is no coverage target by default.
  bool synthetic{false};
};

// A significant subspace (AUTSEG's command): the part of the model between a local initial
// location and local final locations, usable by any strategy that works command by command.
struct Subspace {
  std::string name;
  LocationId entry = 0;                 // the local initial location (IL)
  std::vector<LocationId> finals;       // the local final locations (LF), outside the members
  std::vector<TransitionId> members;    // the transitions inside, in declaration order
  std::optional<SourceLocation> where;
};

// A named count a frontend's lowering reports (states before and after flattening, registers).
struct LoweringMetric {
  std::string name;
  std::uint64_t value = 0;
};

// An enumeration of the model (IOSTS `enum Status { ok, alarm }`): lowered to Int values 0..k-1,
// with the literals kept so that results show `alarm` rather than 1.
struct Enumeration {
  std::string name;
  std::vector<std::string> literals;
};

// A port of a component (a design's port, seed-requirements 3.1): its current value and its
// one-place buffer (a value waiting to be consumed, never overwritten).
struct ComponentPort {
  std::string name;  // as the model names it, without the instance (`intensity`)
  Expr current;      // State variable: the value the port holds
  Expr available;    // Bool State variable: a value waits in the buffer
  Expr buffer;       // State variable: the waiting value (meaningless while `available` is false)
};

// A component of a composed model (an instance of a design): what its execution graph shows
// (writers), and what replay checks of every path (exec/Replay.h): its date strictly increases
// from one observation to the next, a consumption takes a value that was available, and no
// transition writes a buffer that still holds a value.
struct Component {
  std::string name;    // the instance (`env`, `calc`, `left`)
  std::string design;  // what it instantiates (`calc`)
  std::vector<ComponentPort> ports;
  std::vector<Expr> privates;  // its private variables, in declaration order
  Expr date;                   // its date as a term over the state (the one clock: time0 + elapsed)
  // The transitions after which the component has a new snapshot (its own basic programs, the
  // deliveries into its ports and, for the top component, delays), in declaration order.
  std::vector<TransitionId> observations;
  // The transitions of its own basic programs, ascending: the guard checks compare only the
  // guards of one component's programs (two components' programs interleave by design).
  std::vector<TransitionId> programs{};
  std::optional<SourceLocation> where;
};

// How the environment may change the state while the system waits (time passing, an input
// arriving on an empty port): between two system steps `variable` may take any value `next`
// with `allowed` true (`allowed` reads state variables and `next`). Deadlock analysis
// (analysis/Deadlock.h) asks whether any internal or output transition can ever be enabled again.
struct EnvironmentFreedom {
  Expr variable;
  Expr next;     // a variable of the same sort standing for the new value (declared nowhere else)
  Expr allowed;  // Bool
};

class TransitionSystem {
 public:
  explicit TransitionSystem(ExprContext& ctx) : ctx_(&ctx) {}

  [[nodiscard]] ExprContext& context() const { return *ctx_; }

  std::string name;
  std::vector<VariableDecl> variables;
  std::vector<Location> locations;
  LocationId initial = 0;
  std::vector<Channel> channels;
  std::vector<Transition> transitions;
  // The external functions transitions may call (declared in the context).
  std::vector<const FunctionDecl*> externals;
  // The model's own target list (e.g. a `.cfg` file's `targets` line), in the model's order;
  // empty when the model names none. A run file's [targets] overrides it.
  std::vector<TransitionId> declaredTargets;
  std::vector<Enumeration> enumerations;
  // Which variables and channel parameters (channel, parameter) hold an enumeration's values.
  std::map<Expr, std::uint32_t, ExprIdLess> variableEnumerations;
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> parameterEnumerations;
  // Programs known by their contracts (one per FunctionDecl of kind Program, in declaration
  // order) and the axioms over frozen variables, asserted at the root of every path.
  std::vector<Contract> contracts;
  std::vector<Expr> axioms;
  // Commands of the model (synchronous machines), in declaration order; empty for most models.
  std::vector<Subspace> subspaces;
  // What the frontend's lowering measured, in its order (written to result.json as `lowering`).
  std::vector<LoweringMetric> metrics;
  // The model as written, in DOT, when the frontend can draw it (the hierarchy a flattening
  // removed); the dot writer draws it beside the IR.
  std::string sourceDiagram;
  // A synchronous machine (one reaction per step, transitions of one location ordered by
  // priority): two overlapping guards of one location are a modelling error, not a choice
  // (analysis/GuardAnalysis.h; seed-requirements 2.8).
  bool synchronous{false};
  // Components of a composed model (designs), in instance order, the top one first; empty for
  // models that are not composed.
  std::vector<Component> components;
  // What the environment may change between system steps; empty: nothing (no deadlock analysis).
  std::vector<EnvironmentFreedom> environment;
  // The model's date as a term over the state (designs: time0 + elapsed), when it has one:
  // results show it after every step.
  std::optional<Expr> date;

  LocationId addLocation(std::string locationName, std::optional<SourceLocation> where = std::nullopt);
  [[nodiscard]] std::optional<LocationId> findLocation(std::string_view locationName) const;
  [[nodiscard]] std::optional<TransitionId> findTransition(std::string_view transitionName) const;
  [[nodiscard]] const VariableDecl* findVariable(Expr var) const;
  [[nodiscard]] const Contract* findContract(const FunctionDecl& program) const;
  // Transitions leaving `from`, in declaration order.
  [[nodiscard]] std::vector<TransitionId> outgoing(LocationId from) const;
  // The enumeration literal a value of `var` (or of a channel parameter) stands for, if any.
  [[nodiscard]] const std::string* literalOf(Expr var, const Value& v) const;
  [[nodiscard]] const std::string* literalOf(std::uint32_t channel, std::uint32_t param, const Value& v) const;
  // A value as results show it: its enumeration literal, else Value::toString.
  [[nodiscard]] std::string valueText(Expr var, const Value& v) const;
  [[nodiscard]] std::string valueText(std::uint32_t channel, std::uint32_t param, const Value& v) const;

  // Checks the structural rules (sorts of guards and updates, indices in range, unique names,
  // inputs bound only by input actions, ...) and throws Error at the offending element.
  void validate() const;

 private:
  ExprContext* ctx_;
};

}  // namespace symseq

#pragma GCC visibility pop
