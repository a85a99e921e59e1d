#pragma once
// The tree search on several threads (option `threads`; docs/parallel.md): the thread that calls
// it still builds every expression (ExprContext is not thread-safe); helpers only check the
// guards of one expansion's children on solvers of their own (GenerationJob::solvers) while it
// waits, and their answers are taken in the children's order, so the tree, the tests and the
// counters do not depend on the number of threads.
//
// Private to plugins/tree and the `tree` strategy for now: `threads` belongs in
// TreeSearchOptions (TreeSearch.h), but any edit to a public header changes the plugin ABI id;
// it moves there when the issue-11 branches are merged (planned).
#include <cstdint>

#include "symseq/tree/TreeSearch.h"

#pragma GCC visibility push(default)

namespace symseq {

// The option `threads` (1 to 256), checked.
[[nodiscard]] std::uint32_t treeSearchThreads(const Options& options);

// exploreTree on `threads` threads; 1 is exploreTree.
[[nodiscard]] GenerationResult exploreTree(const GenerationJob& job, Searcher& searcher, const TreeSearchOptions& options,
                                           std::uint32_t threads);

}  // namespace symseq

#pragma GCC visibility pop
