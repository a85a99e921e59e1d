// The `bounded-exhaustive` strategy plugin: the proven optimum within a bound, by bounded model
// checking of acyclic-core models (README.md).
#include <boost/dll/alias.hpp>
#include <cassert>
#include <limits>

#include "BoundedSearch.h"
#include "symseq/acyclic/AcyclicCore.h"
#include "symseq/plugin/Heuristic.h"
#include "symseq/plugin/PluginDescriptor.h"

namespace {

using namespace symseq;

class BoundedExhaustive final : public Strategy {
 public:
  explicit BoundedExhaustive(bounded::BoundedOptions options) : options_(options) {}
  std::optional<std::string> refusal(const TransitionSystem& system) const override {
    return AcyclicCore::refusal(system, "strategy 'bounded-exhaustive'");
  }
  GenerationResult generate(const GenerationJob& job) override {
    // The run file's reader refused heuristics this strategy does not consult (it consults none).
    assert(job.heuristics.empty());
    return bounded::runBoundedExhaustive(job, options_);
  }

 private:
  bounded::BoundedOptions options_;
};

PluginPtr<Strategy> make(const Options& options) {
  const std::int64_t maxIterations = options.getInt("max_iterations");
  if (maxIterations < 0 || maxIterations > std::numeric_limits<std::uint32_t>::max())
    throw options.invalid("max_iterations", "must be between 0 and 4294967295",
                          "use 0 for the run's depth budget, or a bound such as 8");
  return makePluginPtr<BoundedExhaustive>(bounded::BoundedOptions{static_cast<std::uint32_t>(maxIterations)});
}

const OptionSpec kOptions[] = {
    {"max_iterations", OptionType::Int, "0",
     "the bound k on iterations (steps) per sequence; 0: [budgets] depth, which also caps it"},
};

const PluginDescriptor descriptor{
    .kind = PluginKind::Strategy,
    .name = "bounded-exhaustive",
    .version = "1.0.0",
    .summary = "optimum oracle: bounded model checking of acyclic-core models, the proven fewest steps within a bound",
    .options = kOptions,
    .makeStrategy = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
