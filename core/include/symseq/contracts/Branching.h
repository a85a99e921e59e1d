#pragma once
// Per-behaviour branching (iosts-program-contracts.md, Definition 6; seed-requirements A2): a
// transition whose updates call programs with contracts becomes one transition per combination
// of behaviours (the Cartesian product, in update order), named `NAME#b1.b2`, with `origin` NAME
// and `variant` {b1, b2}, guarded by the original guard and every call's instantiated
// precondition and postcondition. The guard reads the state before the step; a call's arguments
// are read as the update sees them (after the reception and the earlier updates), and its result
// is the program's application term, which stays uninterpreted for the solver, so congruence
// enforces the paper's determinism condition. A program without behaviours (no contract, C⊤)
// does not branch. A call is an update whose value is an application of a Program at the top.
// A variant's guard is And(original guard, Δ1, ..., Δk), one Δ per branching call in update
// order, each the instantiated And(Pre, Post); its updates are the original ones.
#include <cstdint>
#include <vector>

#include "symseq/ir/TransitionSystem.h"

#pragma GCC visibility push(default)

namespace symseq {

// One program call of a transition: update `update` assigns `program(args...)`.
struct ProgramCallSite {
  std::uint32_t update = 0;  // index into Transition::updates
  const FunctionDecl* program = nullptr;
};

// The program calls of a transition, in update order.
[[nodiscard]] std::vector<ProgramCallSite> programCalls(const Transition& transition);

// The system with every transition that calls a contracted program split by behaviours; other
// transitions are copied unchanged. Throws Error when such a transition already has a variant, or
// when a program application occurs anywhere but as the whole value of an update (located at the
// transition). Targets the model declares are mapped to every variant of the transition named.
[[nodiscard]] TransitionSystem splitByBehaviors(const TransitionSystem& system);

}  // namespace symseq

#pragma GCC visibility pop
