// Anchors the table-heuristic family's vtable and type info in this library, the
// one every plugin that makes or consults one links (see Heuristic.h).
#include "symseq/tree/TableHeuristic.h"

namespace symseq {

TableHeuristic::~TableHeuristic() = default;

}  // namespace symseq
