// The `bfs` strategy: builds the symbolic execution tree breadth first (the states of one
// height before the next), so the first test reaching a transition is a shortest one.
#include <boost/dll/alias.hpp>
#include <deque>

#include "symseq/tree/TreeSearch.h"
#include "symseq/plugin/PluginDescriptor.h"

namespace {

using namespace symseq;

class FifoSearcher final : public Searcher {
 public:
  void update(std::span<const FrontierState> added) override { queue_.insert(queue_.end(), added.begin(), added.end()); }
  FrontierState select(const SearchProgress&) override {
    const FrontierState next = queue_.front();
    queue_.pop_front();
    return next;
  }
  bool empty() const override { return queue_.empty(); }

 private:
  std::deque<FrontierState> queue_;
};

const char* const kConsults[] = {"table"};

const PluginDescriptor descriptor{
    .kind = PluginKind::Strategy,
    .name = "bfs",
    .version = "1.0.0",
    .summary = "symbolic execution tree, breadth first, with external functions summarised by tables (SolveTab)",
    .options = treeSearchOptionSpecs(),
    .consults = kConsults,
    .makeStrategy = &TreeStrategy<FifoSearcher>::make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
