// The `coverage` searcher (for the `tree` strategy): prefers states whose IOSTS state has
// uncovered target transitions leaving it (the shallowest such state, then the oldest);
// when no open state has one, it goes on breadth first.
#include <boost/dll/alias.hpp>
#include <deque>
#include <map>

#include "symseq/plugin/PluginDescriptor.h"
#include "symseq/plugin/Searcher.h"

namespace {

using namespace symseq;

class CoverageSearcher final : public Searcher {
 public:
  void update(std::span<const FrontierState> added) override {
    for (const FrontierState& s : added) byLocation_[s.location].push_back(s);
    size_ += added.size();
  }

  FrontierState select(const SearchProgress& progress) override {
    // Per location the queue is in creation order, so its front is its shallowest state.
    auto best = byLocation_.end();
    bool bestPromising = false;
    for (auto it = byLocation_.begin(); it != byLocation_.end(); ++it) {
      if (it->second.empty()) continue;
      const bool promising = progress.uncoveredOutgoing[it->first] > 0;
      if (best == byLocation_.end() || (promising && !bestPromising) ||
          (promising == bestPromising && before(it->second.front(), best->second.front()))) {
        best = it;
        bestPromising = promising;
      }
    }
    const FrontierState next = best->second.front();
    best->second.pop_front();
    --size_;
    return next;
  }

  bool empty() const override { return size_ == 0; }

 private:
  static bool before(const FrontierState& a, const FrontierState& b) {
    return a.depth != b.depth ? a.depth < b.depth : a.node < b.node;
  }

  std::map<std::uint32_t, std::deque<FrontierState>> byLocation_;  // by location id: deterministic
  std::size_t size_ = 0;
};

PluginPtr<Searcher> make(const Options&) { return makePluginPtr<CoverageSearcher>(); }

const PluginDescriptor descriptor{
    .kind = PluginKind::Searcher,
    .name = "coverage",
    .version = "1.0.0",
    .summary = "coverage-guided: states with uncovered targets leaving their location first, else breadth first",
    .makeSearcher = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
