// The `autseg` strategy plugin: AUTSEG's test-set generation on models with commands (README.md).
#include <boost/dll/alias.hpp>

#include "Autseg.h"
#include "symseq/plugin/PluginDescriptor.h"
#include "symseq/support/DidYouMean.h"

namespace {

using namespace symseq;

class AutsegStrategy final : public Strategy {
 public:
  explicit AutsegStrategy(autseg::AutsegOptions options) : options_(options) {}
  std::optional<std::string> refusal(const TransitionSystem& system) const override {
    if (system.subspaces.empty())
      return "strategy 'autseg' works command by command, but model '" + system.name +
             "' declares no command (a `command` of a sync model; TransitionSystem::subspaces)";
    return std::nullopt;
  }
  GenerationResult generate(const GenerationJob& job) override { return autseg::runAutseg(job, options_); }

 private:
  autseg::AutsegOptions options_;
};

PluginPtr<Strategy> make(const Options& options) {
  autseg::AutsegOptions o;
  const std::int64_t diameter = options.getInt("max_diameter");
  if (diameter < 1 || diameter > 10'000)
    throw options.invalid("max_diameter", "must be between 1 and 10000", "use a step count such as 12");
  o.maxDiameter = static_cast<std::uint32_t>(diameter);
  const std::int64_t plans = options.getInt("max_plans");
  if (plans < 1 || plans > 10'000) throw options.invalid("max_plans", "must be between 1 and 10000", "use a count such as 8");
  o.maxPlans = static_cast<std::uint32_t>(plans);
  const std::string& backtrack = options.getString("backtrack");
  const std::vector<std::string> choices{"plan", "priority"};
  if (backtrack == "plan") o.backtrack = autseg::BacktrackMode::Plan;
  else if (backtrack == "priority") o.backtrack = autseg::BacktrackMode::Priority;
  else
    throw options.invalid("backtrack", "unknown value \"" + backtrack + "\"" + didYouMean(backtrack, choices),
                          "use one of \"plan\", \"priority\"");
  o.checks = options.getBool("checks");
  return makePluginPtr<AutsegStrategy>(o);
}

const OptionSpec kOptions[] = {
    {"max_diameter", OptionType::Int, "12",
     "steps per command sequence in the SSG (one step: a tick and the transitions that follow it); longer ones are counted as truncated"},
    {"backtrack", OptionType::String, "\"plan\"",
     "global backtrack: \"plan\": the shortest sequence of commands over context valuations; \"priority\": the paper's priority list (Figure 10)"},
    {"max_plans", OptionType::Int, "8",
     "plans tried per complete sequence when the local query over the joined path is unsatisfiable"},
    {"checks", OptionType::Bool, "true",
     "contextual completeness and determinism at every state the SSG reaches (incomplete-behavior, nondeterminism findings)"},
};

const PluginDescriptor descriptor{
    .kind = PluginKind::Strategy,
    .name = "autseg",
    .version = "1.0.0",
    .summary = "AUTSEG: symbolic sequences per command (SSG), global backtrack by plan or priority, local backtrack by one query per test set",
    .options = kOptions,
    .makeStrategy = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
