// Anchors the heuristic interfaces' vtables and type info in the kernel (see Heuristic.h).
#include "symseq/plugin/Heuristic.h"
#include "symseq/plugin/PathHeuristic.h"
#include "symseq/plugin/TableHeuristic.h"

namespace symseq {

Heuristic::~Heuristic() = default;
PathHeuristic::~PathHeuristic() = default;
TableHeuristic::~TableHeuristic() = default;

}  // namespace symseq
