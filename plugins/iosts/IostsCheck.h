#pragma once
// Resolves the names of a read Model: the initial state, every transition's states and channel,
// the `targets` line; and checks each action against its channel (direction, number of
// arguments). Sorts and expressions are checked when they are lowered (IostsDecls, IostsLower).
#include "IostsModel.h"

namespace symseq::iosts {

// Sets Model::initialState, TransitionDecl::source/target and ActionText::channelIndex.
// Throws ParseError at file:line:col with a hint.
void resolveNames(Model& model);

}  // namespace symseq::iosts
