// The `random` strategy plugin: a seeded random-testing baseline for any model (README.md).
#include <boost/dll/alias.hpp>
#include <cassert>

#include "RandomSearch.h"
#include "symseq/plugin/Heuristic.h"
#include "symseq/plugin/PluginDescriptor.h"

namespace {

using namespace symseq;

class RandomStrategy final : public Strategy {
 public:
  explicit RandomStrategy(random::RandomOptions options) : options_(options) {}
  GenerationResult generate(const GenerationJob& job) override {
    // The run file's reader refused heuristics this strategy does not consult (it consults none).
    assert(job.heuristics.empty());
    return random::runRandom(job, options_);
  }

 private:
  random::RandomOptions options_;
};

PluginPtr<Strategy> make(const Options& options) {
  random::RandomOptions o;
  o.ints = {options.getInt("int_min"), options.getInt("int_max")};
  if (o.ints.min > o.ints.max)
    throw options.invalid("int_max", std::to_string(o.ints.max) + " is below int_min (" + std::to_string(o.ints.min) + ")",
                          "give int_min <= int_max");
  const std::int64_t maxSteps = options.getInt("max_steps");
  if (maxSteps < 1) throw options.invalid("max_steps", "must be at least 1", "use a value such as 10000");
  o.maxSteps = static_cast<std::uint64_t>(maxSteps);
  return makePluginPtr<RandomStrategy>(o);
}

const OptionSpec kOptions[] = {
    {"int_min", OptionType::Int, "-100", "least value drawn for an int input (reals: this over 1..4)"},
    {"int_max", OptionType::Int, "100", "greatest value drawn for an int input; at least int_min"},
    {"max_steps", OptionType::Int, "10000",
     "steps executed over all sequences before the search stops (makes runs deterministic); at least 1"},
};

const PluginDescriptor descriptor{
    .kind = PluginKind::Strategy,
    .name = "random",
    .version = "1.0.0",
    .summary = "baseline: seeded random inputs per step from the initial state, restarted at the depth bound",
    .options = kOptions,
    .makeStrategy = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
