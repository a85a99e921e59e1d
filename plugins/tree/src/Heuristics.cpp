// Anchors the table- and search-heuristic families' vtables and type info in this library, the
// one every plugin that makes or consults them links (see Heuristic.h).
#include "symseq/tree/SearchHeuristic.h"
#include "symseq/tree/TableHeuristic.h"

namespace symseq {

SearchHeuristic::~SearchHeuristic() = default;
TableHeuristic::~TableHeuristic() = default;

}  // namespace symseq
