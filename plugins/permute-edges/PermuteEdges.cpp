// The `permute-edges` path heuristic (README.md; symtest-framework.md, section 4.2.1): two parts
// of an infeasible path that leave the same decision location by different transitions exchange
// their choices, so the path keeps its transitions but takes them in other iterations.
#include <boost/dll/alias.hpp>

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "symseq/acyclic/PathHeuristic.h"
#include "symseq/plugin/PluginDescriptor.h"

namespace {

using namespace symseq;

constexpr const char* kName = "permute-edges";

// A path as parts that each end at the loop head: the initial part first (empty when the
// initial location is the loop head), then the iterations. Treating the initial part like an
// iteration lets a location shared by both exchange choices too.
using Segments = std::vector<std::vector<TransitionId>>;

Segments segmentsOf(const SyntacticPath& path) {
  Segments s{path.prefix};
  s.insert(s.end(), path.iterations.begin(), path.iterations.end());
  return s;
}

SyntacticPath pathOf(const Segments& s) {
  return SyntacticPath{s.front(), std::vector<std::vector<TransitionId>>(s.begin() + 1, s.end())};
}

// The strategy hands over the plan it checked: the initial part, then whole iterations. Anything
// else is a bug there, said loudly rather than answered with a plan built on a broken path.
void requireWholePath(const AcyclicCore& core, const SyntacticPath& path) {
  if (const auto why = wholePathDefect(core, path))
    throw Error(std::string("heuristic '") + kName + "' was given a path that is not a whole path of the model: " + *why,
                std::nullopt, "this is a bug in the strategy: a failure names a planned path (initial part, whole iterations)");
}

// One transition of the path: its part and its offset there. Places are listed in the order of
// path.flatten(), so a place's index is its position there.
struct Place {
  std::size_t segment;
  std::size_t offset;
};

class PermuteEdges final : public PathHeuristic {
 public:
  explicit PermuteEdges(std::size_t maxPlans) : maxPlans_(maxPlans) {}

  std::vector<PathPlan> rewrite(const PathFailure& failure) const override {
    const AcyclicCore& core = failure.core;
    requireWholePath(core, failure.path);
    const Segments segments = segmentsOf(failure.path);
    std::vector<Place> places;
    for (std::size_t s = 0; s < segments.size(); ++s)
      for (std::size_t k = 0; k < segments[s].size(); ++k) places.push_back({s, k});
    if (failure.feasibleLength >= places.size()) return {};  // nothing failed
    const std::size_t conflictSegment = places[failure.feasibleLength].segment;

    // Pairs of places in different parts that leave one location by different transitions. An
    // exchange changes the path from its first place on, so a pair starting after the first
    // unsatisfiable transition keeps the unsatisfiable prefix and cannot help: left out.
    const TransitionSystem& system = core.system();
    auto at = [&](const Place& p) { return segments[p.segment][p.offset]; };
    std::vector<std::tuple<bool, std::size_t, std::size_t>> pairs;  // (not at the conflict, first, second)
    for (std::size_t a = 0; a <= failure.feasibleLength; ++a)
      for (std::size_t b = a + 1; b < places.size(); ++b) {
        const Place& x = places[a];
        const Place& y = places[b];
        if (x.segment == y.segment || at(x) == at(y) ||
            system.transitions[at(x)].source != system.transitions[at(y)].source)
          continue;
        pairs.emplace_back(x.segment != conflictSegment && y.segment != conflictSegment, a, b);
      }
    std::sort(pairs.begin(), pairs.end());  // the conflict's iteration first, then path order

    std::vector<PathPlan> plans;
    std::set<Segments> seen{segments};
    for (const auto& [later, a, b] : pairs) {
      if (plans.size() >= maxPlans_) break;
      Segments next = segments;
      if (!exchange(system, places[a], places[b], next)) continue;
      if (!seen.insert(next).second) continue;
      plans.push_back(PathPlan{{pathOf(next)}});
    }
    return plans;
  }

 private:
  // Exchanges, between the parts of `x` and `y` (both leaving location L), the stretches from L
  // to the first location both parts visit after it: their join. When both transitions enter
  // the same location (the paper's figure 6) that is the two transitions alone; otherwise it
  // reaches further, at most to the loop head where every part ends. Both stretches lead from L
  // to the join, so each part stays connected, and the body being acyclic, no location repeats.
  // Returns false for an exchange of two whole iterations, which is permute-paths' job.
  static bool exchange(const TransitionSystem& system, const Place& x, const Place& y, Segments& s) {
    std::vector<TransitionId>& first = s[x.segment];
    std::vector<TransitionId>& second = s[y.segment];
    auto target = [&](TransitionId t) { return system.transitions[t].target; };
    std::size_t lengthX = 0;
    std::size_t lengthY = 0;
    for (std::size_t i = x.offset; i < first.size() && lengthX == 0; ++i)
      for (std::size_t j = y.offset; j < second.size(); ++j)
        if (target(first[i]) == target(second[j])) {
          lengthX = i + 1 - x.offset;
          lengthY = j + 1 - y.offset;
          break;
        }
    if (lengthX == 0) return false;  // no join: cannot happen on whole paths, which all end at the loop head
    if (x.offset == 0 && y.offset == 0 && lengthX == first.size() && lengthY == second.size()) return false;
    const auto xBegin = first.begin() + static_cast<std::ptrdiff_t>(x.offset);
    const auto yBegin = second.begin() + static_cast<std::ptrdiff_t>(y.offset);
    const std::vector<TransitionId> stretchX(xBegin, xBegin + static_cast<std::ptrdiff_t>(lengthX));
    const std::vector<TransitionId> stretchY(yBegin, yBegin + static_cast<std::ptrdiff_t>(lengthY));
    first.erase(xBegin, xBegin + static_cast<std::ptrdiff_t>(lengthX));
    first.insert(first.begin() + static_cast<std::ptrdiff_t>(x.offset), stretchY.begin(), stretchY.end());
    second.erase(yBegin, yBegin + static_cast<std::ptrdiff_t>(lengthY));
    second.insert(second.begin() + static_cast<std::ptrdiff_t>(y.offset), stretchX.begin(), stretchX.end());
    return true;
  }

  std::size_t maxPlans_;
};

PluginPtr<Heuristic> make(const Options& options) {
  const std::int64_t maxPlans = options.getInt("max_plans");
  if (maxPlans < 1)
    throw options.invalid("max_plans", "must be at least 1, found " + std::to_string(maxPlans),
                          "use a positive number such as 16, or leave the heuristic out of [[heuristics]]");
  return makePluginPtr<PermuteEdges>(static_cast<std::size_t>(maxPlans));
}

const OptionSpec kOptions[] = {
    {"max_plans", OptionType::Int, "16", "the most rewritten paths one failure yields (>= 1)"},
};

const PluginDescriptor descriptor{
    .kind = PluginKind::Heuristic,
    .name = kName,
    .version = "1.0.0",
    .summary = "permute edges (SymTest 4.2.1): iterations that leave one decision location differently exchange "
               "their choices, the failing iteration's first",
    .options = kOptions,
    .family = "path",
    .makeHeuristic = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
