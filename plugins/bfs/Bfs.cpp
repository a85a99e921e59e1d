// The `bfs` searcher (for the `tree` strategy): the symbolic execution tree breadth first (the states of one
// height before the next), so the first test reaching a transition is a shortest one.
#include <boost/dll/alias.hpp>
#include <algorithm>
#include <deque>

#include "symseq/plugin/PluginDescriptor.h"
#include "symseq/plugin/Searcher.h"
#include "symseq/plugin/SearcherLookahead.h"

namespace {

using namespace symseq;

// New states go to the back, so the front ones are the next selections whatever is added.
class FifoSearcher final : public Searcher, public SearcherLookahead {
 public:
  void update(std::span<const FrontierState> added) override { queue_.insert(queue_.end(), added.begin(), added.end()); }
  FrontierState select(const SearchProgress&) override {
    const FrontierState next = queue_.front();
    queue_.pop_front();
    return next;
  }
  bool empty() const override { return queue_.empty(); }
  std::vector<FrontierState> upcoming(std::size_t count) const override {
    const auto n = static_cast<std::ptrdiff_t>(std::min(count, queue_.size()));
    return {queue_.begin(), queue_.begin() + n};
  }

 private:
  std::deque<FrontierState> queue_;
};

PluginPtr<Searcher> make(const Options&) { return makePluginPtr<FifoSearcher>(); }

const PluginDescriptor descriptor{
    .kind = PluginKind::Searcher,
    .name = "bfs",
    .version = "1.0.0",
    .summary = "breadth first",
    .makeSearcher = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
