#pragma once
// Lowers the contracts and axioms of a model (docs/models/iosts.md, "Programs and contracts"):
//  - one Contract per program, in declaration order: its parameters are fresh variables named
//    `PROGRAM.NAME` after the contract's parameter names (`x1`, `x2`, ... for a program without
//    contract; an array parameter `A : int[2]` is `PROGRAM.A[0]`, `PROGRAM.A[1]`), its result
//    `PROGRAM.result`; enum-sorted ones are registered in variableEnumerations. A program without
//    contract block has no behaviours (it may return anything, the paper's C⊤);
//  - a behaviour's `assumes` clauses (conjoined; none: true) read the parameters, frozen
//    variables and enum literals; its `ensures` clauses also read `\result`;
//  - `axiom` lines: TransitionSystem::axioms, over frozen variables and enum literals.
// Names are checked on the text before parsing, so an error points at the offending name.
#include "IostsDecls.h"
#include "IostsModel.h"
#include "symseq/ir/TransitionSystem.h"

namespace symseq::iosts {

// Fills system.contracts and system.axioms. Throws ParseError / SortError at file:line:col.
void lowerContracts(const Model& model, TransitionSystem& system, const Declarations& declarations);

}  // namespace symseq::iosts
