#pragma once
// Building a symbolic execution tree with external functions summarised by tables, for the tree
// strategy (plugins/tree-search), whose order is its Searcher's, a plugin of its own kind chosen
// in the run file ([searcher]): which frontier state to expand next (KLEE's searcher contract). Each expansion executes every transition
// leaving the state (SymbolicExecutor), applies χ to the new terms (summary/CallRecord.h), folds
// constants, and keeps the child when SolveTab finds its path condition satisfiable up to the
// tables; infeasible children are pruned. Within the budgets: test steps on a path (input
// transitions, Budgets::depth, as for every strategy), the tree's height in transitions
// (`height`), states, time and solver queries.
//
// Tests: for every covered target, the shallowest node reached by it; nodes on another chosen
// node's path are dropped; each remaining path is solved once more (with the final tables) and
// becomes a TestSequence that names its transitions and expects the outputs the model predicts.
#include <cstdint>
#include <span>

#include "symseq/feasibility/PathSet.h"
#include "symseq/plugin/Searcher.h"
#include "symseq/plugin/Options.h"
#include "symseq/plugin/Strategy.h"

#pragma GCC visibility push(default)

namespace symseq {

struct TreeSearchOptions {
  std::uint64_t enrichAttempts = 10;  // SolveTab's m
  std::uint64_t maxStates = 100'000;
  bool stopWhenCovered = true;        // stop once every target is covered
  std::uint32_t height = 0;           // transitions on a path; 0: no limit but the steps
  // How the programs' determinism is enforced (feasibility/PathSet.h): congruence on their
  // uninterpreted symbols, or the paper's pairwise condition on fresh results (for comparison).
  Determinism determinism = Determinism::UninterpretedFunctions;
  // Threads checking the guards of an expansion's children, each on a solver of its own
  // (GenerationJob::solvers); the results do not depend on it (docs/parallel.md).
  std::uint32_t threads = 1;
};

// The options every tree strategy declares, and reading them.
[[nodiscard]] std::span<const OptionSpec> treeSearchOptionSpecs();
[[nodiscard]] TreeSearchOptions treeSearchOptions(const Options& options);

// Heuristics: table heuristics steer SolveTab, search heuristics score states for the searcher
// (SearchProgress::score). Heuristics of other families never get here (the run file's reader
// refuses them); throws PluginError for one whose code implements neither family.
[[nodiscard]] GenerationResult exploreTree(const GenerationJob& job, Searcher& searcher, const TreeSearchOptions& options);

}  // namespace symseq

#pragma GCC visibility pop
