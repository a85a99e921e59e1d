// Anchors the heuristic base's vtable and type info in the kernel (see Heuristic.h).
#include "symseq/plugin/Heuristic.h"

namespace symseq {

Heuristic::~Heuristic() = default;

}  // namespace symseq
