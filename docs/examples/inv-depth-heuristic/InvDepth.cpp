// inv-depth: a search heuristic that prefers shallow states, score = weight / (1 + depth).
// The whole plugin is this file: the heuristic, its options and its descriptor.
#include <boost/dll/alias.hpp>
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
    {"weight", symseq::OptionType::Real, "1.0", "scale of the score; must be positive"},
};

symseq::PluginPtr<symseq::Heuristic> make(const symseq::Options& options) {
  const double weight = options.getReal("weight");
  if (!(weight > 0)) throw options.invalid("weight", "must be positive", "use a value such as 1.0");
  return symseq::makePluginPtr<InvDepth>(weight);
}

const symseq::PluginDescriptor descriptor{
    .kind = symseq::PluginKind::Heuristic,
    .name = "inv-depth",
    .version = "1.0.0",
    .summary = "prefers shallow states: weight / (1 + depth)",
    .options = kOptions,
    .family = "search",
    .makeHeuristic = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
