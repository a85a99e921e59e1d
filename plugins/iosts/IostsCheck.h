#pragma once
// Resolves the names of a read Model: the initial state, every transition's states and channel,
// the `targets` line; and checks each action against its channel (direction, number of
// arguments), each contract against its program (declared, as many parameters), no program
// named like a channel. Sorts and expressions are checked when they are lowered (IostsDecls,
// IostsContracts, IostsLower).
#include "IostsModel.h"

namespace symseq::iosts {

// Replaces the model's contracts by those of the contract files (the frontend's `contracts`
// option), in order, for the programs they name, and adds their frozen variables and axioms. A
// program given by two files, or a frozen name the model already uses, is an error located in
// the file; a contract for a program the model does not declare is one too, from resolveNames.
void applyContractFiles(Model& model, std::vector<Model> files);

// Sets Model::initialState, TransitionDecl::source/target and ActionText::channelIndex.
// Throws ParseError at file:line:col with a hint.
void resolveNames(Model& model);

}  // namespace symseq::iosts
