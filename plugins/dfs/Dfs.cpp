// The `dfs` searcher (for the `tree` strategy): the symbolic execution tree depth first (the newest state first,
// a state's children in transition order), reaching the height bound quickly with few open states.
#include <boost/dll/alias.hpp>
#include <vector>

#include "symseq/plugin/PluginDescriptor.h"
#include "symseq/plugin/Searcher.h"

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

PluginPtr<Searcher> make(const Options&) { return makePluginPtr<LifoSearcher>(); }

const PluginDescriptor descriptor{
    .kind = PluginKind::Searcher,
    .name = "dfs",
    .version = "1.0.0",
    .summary = "depth first",
    .makeSearcher = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
