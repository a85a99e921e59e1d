// The `best-first` searcher (for the `tree` strategy): expands next the open state the run's
// search heuristics score highest (the sum of their scores; ties: shallower, then older).
// Scores may change as the search goes (coverage, time since new coverage), so they are computed
// when a state enters the frontier and checked again when it leaves it: a state whose score has
// dropped below the next one's goes back (KLEE's lazy re-weighting). Without search heuristics
// every score is 0 and the order is breadth first.
#include <boost/dll/alias.hpp>
#include <queue>
#include <vector>

#include "symseq/plugin/PluginDescriptor.h"
#include "symseq/plugin/Searcher.h"

namespace {

using namespace symseq;

class ScoredSearcher final : public Searcher {
 public:
  void update(std::span<const FrontierState> added) override {
    // New states wait for their first score until select() has the progress to compute it.
    unscored_.insert(unscored_.end(), added.begin(), added.end());
  }

  FrontierState select(const SearchProgress& progress) override {
    for (const FrontierState& s : unscored_) heap_.push({progress.score(s), s});
    unscored_.clear();
    while (true) {
      Entry top = heap_.top();
      heap_.pop();
      const double now = progress.score(top.state);
      if (heap_.empty() || !(now < heap_.top().score)) return top.state;
      heap_.push({now, top.state});
    }
  }

  bool empty() const override { return heap_.empty() && unscored_.empty(); }

 private:
  struct Entry {
    double score;
    FrontierState state;
  };
  // Higher score first, then the shallower state, then the older one: a strict, pointer-free order.
  struct Lower {
    bool operator()(const Entry& a, const Entry& b) const {
      if (a.score != b.score) return a.score < b.score;
      if (a.state.depth != b.state.depth) return a.state.depth > b.state.depth;
      return a.state.node > b.state.node;
    }
  };
  std::priority_queue<Entry, std::vector<Entry>, Lower> heap_;
  std::vector<FrontierState> unscored_;
};

const char* const kConsults[] = {"search"};

PluginPtr<Searcher> make(const Options&) { return makePluginPtr<ScoredSearcher>(); }

const PluginDescriptor descriptor{
    .kind = PluginKind::Searcher,
    .name = "best-first",
    .version = "1.0.0",
    .summary = "best first by the run's search heuristics (breadth first without any)",
    .consults = kConsults,
    .makeSearcher = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
