// The `break-sequence` path heuristic (README.md; symtest-framework.md, section 4.3): when an
// iteration is infeasible because of what earlier iterations left in the state (a loop-carried
// dependency), running it in a test of its own, from the initial state, may make it feasible.
// The plan becomes a test suite: several sequences, each with the initial part.
#include <boost/dll/alias.hpp>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "symseq/acyclic/PathHeuristic.h"
#include "symseq/plugin/PluginDescriptor.h"
#include "symseq/support/DidYouMean.h"

namespace {

using namespace symseq;

constexpr const char* kName = "break-sequence";

enum class Split : std::uint8_t { AtConflict, EveryIteration };

// The strategy hands over the plan it checked: the initial part, then whole iterations. Anything
// else is a bug there, said loudly rather than answered with a plan built on a broken path.
void requireWholePath(const AcyclicCore& core, const SyntacticPath& path) {
  if (const auto why = wholePathDefect(core, path))
    throw Error(std::string("heuristic '") + kName + "' was given a path that is not a whole path of the model: " + *why,
                std::nullopt, "this is a bug in the strategy: a failure names a planned path (initial part, whole iterations)");
}

class BreakSequence final : public PathHeuristic {
 public:
  BreakSequence(Split split, std::size_t maxSequences) : split_(split), maxSequences_(maxSequences) {}

  std::vector<PathPlan> rewrite(const PathFailure& failure) const override {
    const SyntacticPath& path = failure.path;
    requireWholePath(failure.core, path);
    const std::vector<TransitionId> flat = path.flatten();
    // Every sequence repeats the initial part, so a conflict there (or none at all) is not ours.
    if (failure.feasibleLength >= flat.size() || failure.feasibleLength < path.prefix.size()) return {};
    std::size_t failing = 0;  // the iteration of the first unsatisfiable transition
    for (std::size_t end = path.prefix.size() + path.iterations[0].size(); end <= failure.feasibleLength;)
      end += path.iterations[++failing].size();

    // Targets the iterations take beyond the initial part, which every sequence takes anyway.
    const std::set<TransitionId> inPrefix(path.prefix.begin(), path.prefix.end());
    auto takesTarget = [&](const std::vector<TransitionId>& iteration) {
      return std::any_of(iteration.begin(), iteration.end(), [&](TransitionId t) {
        return !inPrefix.contains(t) && std::binary_search(failure.targets.begin(), failure.targets.end(), t);
      });
    };
    // The unsatisfiable prefix of the path: a sequence that starts with it fails again.
    const auto deadEnd = flat.begin() + static_cast<std::ptrdiff_t>(failure.feasibleLength) + 1;

    // A plan of one sequence per group of iterations (in path order). A sequence that takes no
    // target of its own is left out: it would only lengthen the suite, and could sink the plan
    // by being infeasible on its own. So are repeats of a sequence.
    auto plan = [&](const std::vector<std::vector<std::size_t>>& groups) -> std::optional<PathPlan> {
      PathPlan p;
      for (const std::vector<std::size_t>& group : groups) {
        SyntacticPath s{path.prefix, {}};
        for (std::size_t i : group) s.iterations.push_back(path.iterations[i]);
        if (std::none_of(s.iterations.begin(), s.iterations.end(), takesTarget)) continue;
        if (std::find(p.sequences.begin(), p.sequences.end(), s) != p.sequences.end()) continue;
        const std::vector<TransitionId> sFlat = s.flatten();
        if (sFlat.size() > failure.feasibleLength && std::equal(flat.begin(), deadEnd, sFlat.begin())) return std::nullopt;
        p.sequences.push_back(std::move(s));
      }
      if (p.sequences.empty() || p.sequences.size() > maxSequences_) return std::nullopt;
      if (p.sequences.size() == 1 && p.sequences.front() == path) return std::nullopt;
      return p;
    };

    std::vector<std::vector<std::size_t>> each;
    for (std::size_t i = 0; i < path.iterations.size(); ++i) each.push_back({i});
    std::vector<PathPlan> plans;
    if (split_ == Split::AtConflict) {
      std::vector<std::vector<std::size_t>> halves(2);
      for (std::size_t i = 0; i < path.iterations.size(); ++i) halves[i < failing ? 0 : 1].push_back(i);
      if (failing == 0) halves.erase(halves.begin());
      if (auto p = plan(halves)) plans.push_back(std::move(*p));
    }
    if (auto p = plan(each)) {
      if (plans.empty() || plans.front().sequences != p->sequences) plans.push_back(std::move(*p));
    }
    return plans;
  }

 private:
  Split split_;
  std::size_t maxSequences_;
};

PluginPtr<Heuristic> make(const Options& options) {
  const std::vector<std::string> splits{"at-conflict", "every-iteration"};
  const std::string& value = options.getString("split");
  const auto it = std::find(splits.begin(), splits.end(), value);
  if (it == splits.end())
    throw options.invalid("split", "unknown value \"" + value + "\"" + didYouMean(value, splits),
                          "use \"at-conflict\" or \"every-iteration\"");
  const auto split = static_cast<Split>(it - splits.begin());  // `splits` lists them in the enum's order
  const std::int64_t maxSequences = options.getInt("max_sequences");
  if (maxSequences < 1)
    throw options.invalid("max_sequences", "must be at least 1, found " + std::to_string(maxSequences),
                          "use a positive number such as 8, or leave the heuristic out of [[heuristics]]");
  return makePluginPtr<BreakSequence>(split, static_cast<std::size_t>(maxSequences));
}

const OptionSpec kOptions[] = {
    {"split", OptionType::String, "\"at-conflict\"",
     "\"at-conflict\": the iterations before the failing one, and the rest (then, as a second plan, "
     "\"every-iteration\"); \"every-iteration\": one sequence per iteration"},
    {"max_sequences", OptionType::Int, "8", "plans with more sequences than this are not proposed (>= 1)"},
};

const PluginDescriptor descriptor{
    .kind = PluginKind::Heuristic,
    .name = kName,
    .version = "1.0.0",
    .summary = "break the sequence (SymTest 4.3): a failed path split into several test runs, each from the "
               "initial state",
    .options = kOptions,
    .family = "path",
    .makeHeuristic = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
