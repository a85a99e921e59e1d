#pragma once
// Building a symbolic execution tree with external functions summarised by tables, shared by the
// tree strategies (bfs, dfs, coverage), which differ only in their Searcher: which frontier
// state to expand next (KLEE's searcher contract). Each expansion executes every transition
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

#include "symseq/plugin/Searcher.h"
#include "symseq/plugin/Options.h"
#include "symseq/plugin/PluginPtr.h"
#include "symseq/plugin/Strategy.h"

#pragma GCC visibility push(default)

namespace symseq {

struct TreeSearchOptions {
  std::uint64_t enrichAttempts = 10;  // SolveTab's m
  std::uint64_t maxStates = 100'000;
  bool stopWhenCovered = true;        // stop once every target is covered
  std::uint32_t height = 0;           // transitions on a path; 0: no limit but the steps
};

// The options every tree strategy declares, and reading them.
[[nodiscard]] std::span<const OptionSpec> treeSearchOptionSpecs();
[[nodiscard]] TreeSearchOptions treeSearchOptions(const Options& options);

// Heuristics: table heuristics steer SolveTab, search heuristics score states for the searcher
// (SearchProgress::score); throws ConfigError for a heuristic of another family.
[[nodiscard]] GenerationResult exploreTree(const GenerationJob& job, Searcher& searcher, const TreeSearchOptions& options);

// A tree strategy plugin is its searcher plus this: `.makeStrategy = &TreeStrategy<MySearcher>::make`.
template <class SearcherType>
class TreeStrategy final : public Strategy {
 public:
  explicit TreeStrategy(const Options& options) : options_(treeSearchOptions(options)) {}
  [[nodiscard]] GenerationResult generate(const GenerationJob& job) override {
    SearcherType searcher;  // a fresh one per run
    return exploreTree(job, searcher, options_);
  }
  static PluginPtr<Strategy> make(const Options& options) { return makePluginPtr<TreeStrategy>(options); }

 private:
  TreeSearchOptions options_;
};

}  // namespace symseq

#pragma GCC visibility pop
