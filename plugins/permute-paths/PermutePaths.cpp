// The `permute-paths` path heuristic (README.md; symtest-framework.md, section 4.2.2): any order
// of a path's iterations takes the same transitions in as many iterations, so an infeasible path
// is rewritten by reordering them; the initial part stays first.
#include <boost/dll/alias.hpp>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "symseq/acyclic/PathHeuristic.h"
#include "symseq/plugin/PluginDescriptor.h"
#include "symseq/support/DidYouMean.h"

namespace {

using namespace symseq;

constexpr const char* kName = "permute-paths";

enum class Order : std::uint8_t { FailingFirst, Lexicographic, Random };

// The strategy hands over the plan it checked: the initial part, then whole iterations. Anything
// else is a bug there, said loudly rather than answered with a plan built on a broken path.
void requireWholePath(const AcyclicCore& core, const SyntacticPath& path) {
  if (const auto why = wholePathDefect(core, path))
    throw Error(std::string("heuristic '") + kName + "' was given a path that is not a whole path of the model: " + *why,
                std::nullopt, "this is a bug in the strategy: a failure names a planned path (initial part, whole iterations)");
}

// Uniform in [0, bound): the 2^64 mod bound lowest draws are rejected, so every remainder is
// equally likely. Written out rather than std::uniform_int_distribution, whose mapping differs
// between standard libraries, so that a seed gives the same plans everywhere.
std::uint64_t below(std::mt19937_64& rng, std::uint64_t bound) {
  const std::uint64_t threshold = (0 - bound) % bound;
  for (;;)
    if (const std::uint64_t x = rng(); x >= threshold) return x % bound;
}

// Iterations are named by labels: the index of the first iteration with the same transitions,
// so identical iterations share a label and an arrangement (one label per position) stands for
// one path however many identical iterations it moves.
using Arrangement = std::vector<std::uint32_t>;

// The number of distinct arrangements of `labels` (a multinomial coefficient), capped at `cap`.
std::uint64_t distinctArrangements(const Arrangement& labels, std::uint64_t cap) {
  std::vector<std::uint64_t> multiplicity(labels.size(), 0);
  for (std::uint32_t l : labels) ++multiplicity[l];
  std::uint64_t count = 1;
  std::uint64_t placed = 0;
  for (std::uint64_t m : multiplicity)
    for (std::uint64_t j = 1; j <= m; ++j) {
      ++placed;
      count = count * placed / j;  // times C(placed, j) / C(placed - 1, j - 1): stays whole
      if (count >= cap) return cap;
    }
  return count;
}

class PermutePaths final : public PathHeuristic {
 public:
  PermutePaths(std::size_t maxPermutations, Order order) : max_(maxPermutations), order_(order) {}

  std::vector<PathPlan> rewrite(const PathFailure& failure) const override {
    const SyntacticPath& path = failure.path;
    requireWholePath(failure.core, path);
    // Where the first unsatisfiable transition is: iteration `failing`, at `offset`. In the
    // initial part (or nowhere) no order of the iterations changes the unsatisfiable prefix.
    std::size_t position = path.prefix.size();
    if (failure.feasibleLength < position) return {};
    std::size_t failing = 0;
    while (failing < path.iterations.size() && failure.feasibleLength >= position + path.iterations[failing].size())
      position += path.iterations[failing++].size();
    if (failing == path.iterations.size()) return {};
    const std::size_t offset = failure.feasibleLength - position;

    const std::size_t n = path.iterations.size();
    Arrangement input(n);
    for (std::size_t k = 0; k < n; ++k)
      input[k] = static_cast<std::uint32_t>(
          std::find(path.iterations.begin(), path.iterations.end(), path.iterations[k]) - path.iterations.begin());

    // An arrangement that keeps the iterations before the failing one and puts there an
    // iteration starting like it up to the unsatisfiable transition repeats the unsatisfiable
    // prefix: it cannot help, so it is skipped.
    const std::vector<TransitionId>& failed = path.iterations[failing];
    auto dead = [&](const Arrangement& a) {
      const std::vector<TransitionId>& there = path.iterations[a[failing]];
      return std::equal(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(failing), input.begin()) &&
             there.size() > offset && std::equal(failed.begin(), failed.begin() + static_cast<std::ptrdiff_t>(offset) + 1, there.begin());
    };

    std::vector<PathPlan> plans;
    std::set<Arrangement> seen{input};
    auto full = [&] { return plans.size() >= max_; };
    auto offer = [&](const Arrangement& a) {
      if (full() || dead(a) || !seen.insert(a).second) return;
      SyntacticPath next{path.prefix, {}};
      for (std::uint32_t l : a) next.iterations.push_back(path.iterations[l]);
      plans.push_back(PathPlan{{std::move(next)}});
    };

    // Every distinct arrangement in increasing order of labels, jumping over each block of
    // arrangements that share a dead beginning (it is contiguous in this order).
    auto lexicographic = [&] {
      Arrangement a = input;
      std::sort(a.begin(), a.end());
      do {
        if (full()) return;
        if (dead(a)) {
          std::sort(a.begin() + static_cast<std::ptrdiff_t>(failing) + 1, a.end(), std::greater<>());
          continue;  // the block's last arrangement; the next one leaves the block
        }
        offer(a);
      } while (std::next_permutation(a.begin(), a.end()));
    };

    switch (order_) {
      case Order::FailingFirst: {
        // The failing iteration may fail for what the iterations before it left behind: first
        // run it before all of them, then swap it with each earlier one, the nearest first.
        Arrangement rotated = input;
        std::rotate(rotated.begin(), rotated.begin() + static_cast<std::ptrdiff_t>(failing),
                    rotated.begin() + static_cast<std::ptrdiff_t>(failing) + 1);
        offer(rotated);
        for (std::size_t k = failing; k-- > 0;) {
          Arrangement swapped = input;
          std::swap(swapped[k], swapped[failing]);
          offer(swapped);
        }
        lexicographic();
        break;
      }
      case Order::Lexicographic: lexicographic(); break;
      case Order::Random: {
        // Seeded Fisher-Yates shuffles, until enough plans, every distinct arrangement drawn,
        // or a bounded number of draws (many may repeat or be dead when there are few).
        std::mt19937_64 rng(failure.seed);
        const std::uint64_t attempts = 8 * static_cast<std::uint64_t>(std::min<std::size_t>(max_, 1u << 20)) + 64;
        const std::uint64_t distinct = distinctArrangements(input, attempts + 1);
        std::set<Arrangement> drawn;
        for (std::uint64_t k = 0; k < attempts && !full() && drawn.size() < distinct; ++k) {
          Arrangement a = input;
          for (std::size_t i = n; i-- > 1;) std::swap(a[i], a[below(rng, i + 1)]);
          drawn.insert(a);
          offer(a);
        }
        break;
      }
    }
    return plans;
  }

 private:
  std::size_t max_;
  Order order_;
};

PluginPtr<Heuristic> make(const Options& options) {
  const std::int64_t max = options.getInt("max_permutations");
  if (max < 1)
    throw options.invalid("max_permutations", "must be at least 1, found " + std::to_string(max),
                          "use a positive number such as 24, or leave the heuristic out of [[heuristics]]");
  const std::vector<std::string> orders{"failing-first", "lexicographic", "random"};
  const std::string& value = options.getString("order");
  const auto it = std::find(orders.begin(), orders.end(), value);
  if (it == orders.end())
    throw options.invalid("order", "unknown value \"" + value + "\"" + didYouMean(value, orders),
                          "use one of \"failing-first\", \"lexicographic\", \"random\"");
  const auto order = static_cast<Order>(it - orders.begin());  // `orders` lists them in the enum's order
  return makePluginPtr<PermutePaths>(static_cast<std::size_t>(max), order);
}

const OptionSpec kOptions[] = {
    {"max_permutations", OptionType::Int, "24", "the most reordered paths one failure yields (>= 1)"},
    {"order", OptionType::String, "\"failing-first\"",
     "\"failing-first\": the failing iteration moved earlier, then lexicographic; \"lexicographic\"; "
     "\"random\": shuffles drawn from the run's seed"},
};

const PluginDescriptor descriptor{
    .kind = PluginKind::Heuristic,
    .name = kName,
    .version = "1.0.0",
    .summary = "permute paths (SymTest 4.2.2): the iterations of a failed path in other orders, the initial part first",
    .options = kOptions,
    .family = "path",
    .makeHeuristic = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
