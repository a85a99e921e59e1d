// The `dfs` strategy: builds the symbolic execution tree depth first (the newest state first,
// a state's children in transition order), reaching the height bound quickly with few open states.
#include <boost/dll/alias.hpp>
#include <vector>

#include "symseq/tree/TreeSearch.h"
#include "symseq/plugin/PluginDescriptor.h"

namespace {

using namespace symseq;

class LifoSearcher final : public Searcher {
 public:
  // Reversed, so that the first child (the first transition) is expanded first.
  void update(std::span<const FrontierState> added) override { stack_.insert(stack_.end(), added.rbegin(), added.rend()); }
  FrontierState select(const SearchProgress&) override {
    const FrontierState next = stack_.back();
    stack_.pop_back();
    return next;
  }
  bool empty() const override { return stack_.empty(); }

 private:
  std::vector<FrontierState> stack_;
};

const char* const kConsults[] = {"table"};

const PluginDescriptor descriptor{
    .kind = PluginKind::Strategy,
    .name = "dfs",
    .version = "1.0.0",
    .summary = "symbolic execution tree, depth first, with external functions summarised by tables (SolveTab)",
    .options = treeSearchOptionSpecs(),
    .consults = kConsults,
    .makeStrategy = &TreeStrategy<LifoSearcher>::make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
