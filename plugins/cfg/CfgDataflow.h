#pragma once
// Definite assignment: no variable may be read on a path from `init` before it is assigned.
// Inputs are assigned when `loop` is left, initialised state variables at `init`, others only
// by assignments. (Replay would otherwise read an arbitrary value and the test would depend on it.)
#include <vector>

#include "CfgModel.h"

namespace symseq::cfg {

// Throws ParseError at the first such read, in node then statement order, with a witness path.
void checkAssignedBeforeRead(const Model& model);

}  // namespace symseq::cfg
