// The `md2u` search heuristic (README.md), after KLEE's MinDistToUncovered weight: a state close
// to an uncovered target scores high. Its distance is in transitions on the model's location
// graph (StateView::distanceToUncovered, recomputed as targets get covered); the score is
// weight / (1 + distance)^2, as KLEE squares the inverse distance, and 0 when no uncovered target
// is reachable.
#include <boost/dll/alias.hpp>

#include "symseq/plugin/PluginDescriptor.h"
#include "symseq/plugin/SearchHeuristic.h"

namespace {

using namespace symseq;

class MinDistanceToUncovered final : public SearchHeuristic {
 public:
  explicit MinDistanceToUncovered(double weight) : weight_(weight) {}

  double score(const StateView& state) const override {
    if (state.distanceToUncovered == kNoDistance) return 0.0;
    const double inverse = 1.0 / (1.0 + static_cast<double>(state.distanceToUncovered));
    return weight_ * inverse * inverse;
  }

 private:
  double weight_;
};

PluginPtr<Heuristic> make(const Options& options) {
  const double weight = options.getReal("weight");
  if (!(weight > 0.0)) throw options.invalid("weight", "must be above 0");
  return makePluginPtr<MinDistanceToUncovered>(weight);
}

const OptionSpec kOptions[] = {
    {"weight", OptionType::Real, "1.0", "the score of a state with an uncovered target leaving its location"}};

const PluginDescriptor descriptor{
    .kind = PluginKind::Heuristic,
    .name = "md2u",
    .version = "1.0.0",
    .summary = "minimum distance to uncovered (KLEE md2u): states fewer transitions from an uncovered target first",
    .options = kOptions,
    .family = "search",
    .makeHeuristic = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
