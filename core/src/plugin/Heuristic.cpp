// Anchors the heuristic base's and the search-heuristic family's vtables and type info in the kernel (see Heuristic.h).
#include "symseq/plugin/Heuristic.h"
#include "symseq/plugin/SearchHeuristic.h"

namespace symseq {

Heuristic::~Heuristic() = default;
SearchHeuristic::~SearchHeuristic() = default;

}  // namespace symseq
