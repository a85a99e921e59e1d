// The `covnew` search heuristic (README.md), after KLEE's CoveringNew weight: a state whose path
// covered a target for the first time a few transitions ago scores high, so the search keeps
// following the paths that are finding new coverage. The score is weight / (1 + k)^2 for k
// transitions since the path last covered something new (StateView::pathStepsSinceNewCoverage),
// as KLEE squares 1 / instsSinceCovNew; 0 when the path never covered anything new.
#include <boost/dll/alias.hpp>

#include "symseq/plugin/PluginDescriptor.h"
#include "symseq/plugin/SearchHeuristic.h"

namespace {

using namespace symseq;

class CoveringNew final : public SearchHeuristic {
 public:
  explicit CoveringNew(double weight) : weight_(weight) {}

  double score(const StateView& state) const override {
    if (state.pathStepsSinceNewCoverage == kNoDistance) return 0.0;
    const double inverse = 1.0 / (1.0 + static_cast<double>(state.pathStepsSinceNewCoverage));
    return weight_ * inverse * inverse;
  }

 private:
  double weight_;
};

PluginPtr<Heuristic> make(const Options& options) {
  const double weight = options.getReal("weight");
  if (!(weight > 0.0)) throw options.invalid("weight", "must be above 0");
  return makePluginPtr<CoveringNew>(weight);
}

const OptionSpec kOptions[] = {
    {"weight", OptionType::Real, "1.0", "the score of a state whose last transition covered a target first"}};

const PluginDescriptor descriptor{
    .kind = PluginKind::Heuristic,
    .name = "covnew",
    .version = "1.0.0",
    .summary = "new-coverage weighting (KLEE covnew): states whose path covered a new target recently first",
    .options = kOptions,
    .family = "search",
    .makeHeuristic = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
