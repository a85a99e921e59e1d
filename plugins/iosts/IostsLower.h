#pragma once
// Lowers a name-resolved Model into the IR (docs/models/iosts.md, "Lowering"). Declarations go
// through IostsDecls; here each transition gets
//  - its guard (default true), conjoined with `0 <= c.p && c.p < k` for every enum-sorted
//    parameter p of the input channel c it receives on;
//  - its action: an input binding the channel's Input variables, an output of the emitted terms,
//    or internal for tau;
//  - its updates: first the reception (x := c.m, or per cell A[k] := ite(e == k, c.m, A[k]) for a
//    non-literal index e), then the assignments, each group simultaneous: a Local saves a
//    variable's old value only when a later write of the group reads it after an earlier one
//    has changed it.
// Contracts and axioms go through IostsContracts. A program call is the whole value of an update
// (checked here); the transitions are not yet split by behaviours (IostsPlugin does it with the
// kernel's splitByBehaviors). The `targets` line becomes declaredTargets; validate() runs last.
#include "IostsModel.h"
#include "symseq/ir/TransitionSystem.h"

namespace symseq::iosts {

// Throws ParseError / SortError at file:line:col.
[[nodiscard]] TransitionSystem lowerModel(const Model& model, ExprContext& ctx, const std::string& defaultName);

}  // namespace symseq::iosts
