// The `symtest` strategy plugin: SymTest on acyclic-core models (README.md).
#include <boost/dll/alias.hpp>

#include "SymTestSearch.h"
#include "symseq/acyclic/AcyclicCore.h"
#include "symseq/plugin/PluginDescriptor.h"
#include "symseq/support/DidYouMean.h"

namespace {

using namespace symseq;

class SymTestStrategy final : public Strategy {
 public:
  explicit SymTestStrategy(symtest::SymTestOptions options) : options_(options) {}
  std::optional<std::string> refusal(const TransitionSystem& system) const override {
    return AcyclicCore::refusal(system, "strategy 'symtest'");
  }
  GenerationResult generate(const GenerationJob& job) override { return symtest::runSymTest(job, options_); }

 private:
  symtest::SymTestOptions options_;
};

// The index of the option's value among `choices`, or a ConfigError at the value with a did-you-mean.
std::size_t choice(const Options& options, std::string_view name, const std::vector<std::string>& choices) {
  const std::string& value = options.getString(name);
  for (std::size_t i = 0; i < choices.size(); ++i)
    if (choices[i] == value) return i;
  std::string list;
  for (const std::string& c : choices) list += (list.empty() ? "\"" : ", \"") + c + "\"";
  throw options.invalid(name, "unknown value \"" + value + "\"" + didYouMean(value, choices), "use one of " + list);
}

PluginPtr<Strategy> make(const Options& options) {
  symtest::SymTestOptions o;
  o.findPath = choice(options, "findpath", {"greedy", "exact"}) == 0 ? FindPathMode::Greedy : FindPathMode::Exact;
  o.backtracking = choice(options, "backtracking", {"chronological", "conflict-directed"}) == 0
                       ? symtest::Backtracking::Chronological
                       : symtest::Backtracking::ConflictDirected;
  const std::int64_t maxPaths = options.getInt("max_paths");
  if (maxPaths < 1) throw options.invalid("max_paths", "must be at least 1", "use a count such as 500");
  o.maxPaths = static_cast<std::uint64_t>(maxPaths);
  o.completionCheck = options.getBool("completion_check");
  return makePluginPtr<SymTestStrategy>(o);
}

const OptionSpec kOptions[] = {
    {"findpath", OptionType::String, "\"greedy\"",
     "\"greedy\": the paper's longest acyclic path per iteration; \"exact\": fewest iterations, proved by bounded model checking"},
    {"backtracking", OptionType::String, "\"chronological\"",
     "\"chronological\": flip the latest open decision; \"conflict-directed\": flip the latest one in the unsat core"},
    {"max_paths", OptionType::Int, "500",
     "paths the search checks at its bound, heuristics' plans included, before it reports the bounded model check's witness instead"},
    {"completion_check", OptionType::Bool, "true",
     "before a branch is explored, a bounded model check asks whether any completion of its start within the bound takes the rest "
     "of the goal; refuted starts are pruned and their cores learned (false: the plain path search, to compare heuristics)"},
};

const char* const kConsults[] = {"path"};

const PluginDescriptor descriptor{
    .kind = PluginKind::Strategy,
    .name = "symtest",
    .version = "1.0.0",
    .summary = "SymTest: FINDPATH, longest satisfiable prefix on one incremental solver, path heuristics, backtracking",
    .options = kOptions,
    .consults = kConsults,
    .makeStrategy = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
