// The `tree` strategy: builds the symbolic execution tree of an IR model in the order of the run's
// searcher ([searcher] in the run file, a plugin of kind searcher: bfs, dfs, coverage,
// best-first, ...), `bfs` when the run names none. External functions are summarised by tables
// and enriched by SolveTab.
#include <boost/dll/alias.hpp>

#include "symseq/plugin/PluginDescriptor.h"
#include "symseq/tree/TreeSearch.h"

namespace {

using namespace symseq;

class TreeStrategy final : public Strategy {
 public:
  explicit TreeStrategy(const Options& options)
      : options_(treeSearchOptions(options)) {}

  GenerationResult generate(const GenerationJob& job) override {
    // The application makes the searcher the descriptor asks for (defaultSearcher) or the run names.
    if (job.searcher == nullptr)
      throw ConfigError("the tree strategy was given no searcher", std::nullopt,
                        "name one in a [searcher] section, e.g. name = \"bfs\"");
    return exploreTree(job, *job.searcher, options_);
  }

  static PluginPtr<Strategy> make(const Options& options) { return makePluginPtr<TreeStrategy>(options); }

 private:
  TreeSearchOptions options_;
};

const char* const kConsults[] = {"table"};

const PluginDescriptor descriptor{
    .kind = PluginKind::Strategy,
    .name = "tree",
    .version = "1.0.0",
    .summary = "symbolic execution tree in the order of the run's searcher, with external functions summarised by "
               "tables (SolveTab)",
    .options = treeSearchOptionSpecs(),
    .consults = kConsults,
    .defaultSearcher = "bfs",
    .makeStrategy = &TreeStrategy::make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
