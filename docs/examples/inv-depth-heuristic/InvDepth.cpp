// inv-depth: a search heuristic on a state's depth, score = weight / (1 + depth). A positive weight
// prefers shallow states (best-first's own tie order, so the same order as no heuristic); a
// negative one prefers deep states, diving as dfs does.
// The whole plugin is this file: the heuristic, its options and its descriptor.
#include <boost/dll/alias.hpp>
#include <cmath>
#include <symseq/plugin/SearchHeuristic.h>
#include <symseq/plugin/PluginDescriptor.h>

namespace {

class InvDepth final : public symseq::SearchHeuristic {
 public:
  explicit InvDepth(double weight) : weight_(weight) {}
  double score(const symseq::StateView& state) const override { return weight_ / (1.0 + state.depth); }

 private:
  double weight_;
};

// Declared options: the kernel validates the run file against these and fills in defaults.
constexpr symseq::OptionSpec kOptions[] = {
    {"weight", symseq::OptionType::Real, "1.0", "scale of the score: > 0 shallow first, < 0 deep first"},
};

symseq::PluginPtr<symseq::Heuristic> make(const symseq::Options& options) {
  const double weight = options.getReal("weight");
  if (weight == 0 || !std::isfinite(weight))
    throw options.invalid("weight", "must be a non-zero number", "use 1.0 (shallow first) or -1.0 (deep first)");
  return symseq::makePluginPtr<InvDepth>(weight);
}

const symseq::PluginDescriptor descriptor{
    .kind = symseq::PluginKind::Heuristic,
    .name = "inv-depth",
    .version = "1.0.0",
    .summary = "scores states weight / (1 + depth): shallow first, or deep first with a negative weight",
    .options = kOptions,
    .family = "search",
    .makeHeuristic = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
