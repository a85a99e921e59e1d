// Anchors the path-heuristic family's vtable and type info in this library, the one every
// plugin that makes or consults a path heuristic links (see Heuristic.h).
#include "symseq/acyclic/PathHeuristic.h"

namespace symseq {

PathHeuristic::~PathHeuristic() = default;

}  // namespace symseq
