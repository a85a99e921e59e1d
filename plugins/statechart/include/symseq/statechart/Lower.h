#pragma once
// Lowering of a flattened chart into the IR without the full product (seed-requirements 2.12):
// - IR locations: the flat states of the main machine, plus one location after each reaction
//   from which the instant's outputs are emitted (an output transition on channel `out`), and
//   a boot location for the first instant;
// - one reaction = one input transition on channel `tick` binding every input signal and data
//   input, whose guard is the flat transition's and whose updates run its effects, then every
//   observer's update (an Int state variable, an `ite` chain over its transitions, in the causality
//   order), so signals are broadcast within the instant;
// - a `stay` reaction per flat state (synthetic) for instants in which the main machine does
//   not move but observers and data still react;
// - commands become TransitionSystem::subspaces, parameters frozen parameter variables, the
//   flattening metrics TransitionSystem::metrics, and the hierarchy the source diagram.
#include "symseq/ir/TransitionSystem.h"
#include "symseq/statechart/Chart.h"
#include "symseq/statechart/Flatten.h"

#pragma GCC visibility push(default)

namespace symseq::statechart {

[[nodiscard]] TransitionSystem lower(const FlatChart& flat, ExprContext& ctx);

// The model as written (automata nested in clusters, observers beside), in DOT.
[[nodiscard]] std::string hierarchyDiagram(const Chart& chart);

}  // namespace symseq::statechart

#pragma GCC visibility pop
