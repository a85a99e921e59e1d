// The tree search on several threads (option `threads`, docs/parallel.md): the same tree, tests
// and counters as on one thread, with the helpers' solvers answering part of the queries; and
// every shipped tree run file giving the same result.json on 1 and 2 threads, timing aside.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include "../../bench/CountingSolvers.h"
#include "../../bench/RingModel.h"
#include "RunHelpers.h"
#include "symseq/exec/SymbolicTree.h"
#include "symseq/plugin/Registry.h"
#include "symseq/plugin/Searcher.h"
#include "symseq/plugin/Strategy.h"
#include "symseq/run/PluginOptions.h"

// Whole generation runs (model, solver, strategy, replay): the `integration` label (tests/README.md).
TEST_SUITE_BEGIN("integration");

using namespace symseq;

namespace {

const std::filesystem::path kConfigs = std::filesystem::path(SYMSEQ_SOURCE_DIR) / "configs";

// What a ring exploration gives that must not depend on the threads.
struct RingOutcome {
  std::vector<std::string> tree;  // per node: parent, transition, depth
  std::vector<std::string> pruned;
  std::vector<std::string> sequences;  // each test's transitions and input values
  std::uint64_t queries = 0;          // all threads
  std::uint64_t factoryQueries = 0;   // those of the solvers GenerationJob::solvers made
  std::uint64_t made = 0;             // solvers made there: the helpers and the tests' own
  std::uint64_t states = 0;
};

RingOutcome exploreRing(std::int64_t threads, std::uint64_t maxStates, bool stopWhenCovered,
                        const char* searcher = "bfs", const char* solverName = "z3") {
  Registry registry;
  registry.loadDirectory(Registry::defaultPluginDir());
  Options options = defaultOptions(registry.info(PluginKind::Strategy, "tree"));
  options.set("max_states", static_cast<std::int64_t>(maxStates));
  options.set("stop_when_covered", stopWhenCovered);
  options.set("threads", threads);
  auto tree = registry.makeStrategy("tree", options);
  ExprContext ctx;
  const TransitionSystem sys = bench::ringModel(ctx, 4);
  auto solver = registry.makeSolver(solverName, ctx, defaultOptions(registry.info(PluginKind::Solver, solverName)));
  const bench::CountingSolvers helpers(registry, solverName, ctx);
  std::vector<TransitionId> targets(sys.transitions.size());
  for (TransitionId t = 0; t < targets.size(); ++t) targets[t] = t;
  Budgets budgets;
  budgets.depth = 12;
  auto bfs = registry.makeSearcher(searcher, defaultOptions(registry.info(PluginKind::Searcher, searcher)));
  GenerationJob job{sys, *solver, {}, targets, budgets, 0, std::chrono::steady_clock::now() + std::chrono::minutes(10)};
  job.searcher = bfs.get();
  job.solvers = &helpers;
  RingOutcome out;
  {
    const GenerationResult r = tree->generate(job);
    for (const TreeNode& n : r.tree->nodes)
      out.tree.push_back(std::to_string(n.parent.value_or(0)) + " " + std::to_string(n.transition.value_or(0)) + " " +
                         std::to_string(n.depth));
    for (const auto& p : r.tree->pruned) out.pruned.push_back(std::to_string(p.parent) + " " + std::to_string(p.transition));
    for (const TestSequence& s : r.sequences) {
      std::string text;
      for (const TestStep& step : s.steps) {
        for (TransitionId t : step.path) text += std::to_string(t) + ",";
        // The input values too: the tests are solved on a fresh solver, whatever the threads.
        for (const auto& [var, value] : step.inputs) text += "(" + std::string(var.name()) + "=" + value.toString() + ")";
      }
      out.sequences.push_back(text);
    }
    out.states = r.stats.get(stat::kStates);
  }
  out.factoryQueries = helpers.queries();
  out.queries = solver->stats().queries + out.factoryQueries;
  out.made = helpers.made();
  return out;
}

void checkSame(const RingOutcome& one, const RingOutcome& many) {
  CHECK(many.tree == one.tree);
  CHECK(many.pruned == one.pruned);
  CHECK(many.sequences == one.sequences);
  CHECK(many.queries == one.queries);
  CHECK(many.states == one.states);
}

// result.json without what measures time.
nlohmann::json withoutTiming(nlohmann::json j) {
  if (j.is_object()) {
    nlohmann::json out = nlohmann::json::object();
    for (auto it = j.begin(); it != j.end(); ++it) {
      const std::string& k = it.key();
      if (k.find("seconds") != std::string::npos || k.find("time") != std::string::npos || k.ends_with("_s") ||
          k.ends_with("_ms"))
        continue;
      out[k] = withoutTiming(it.value());
    }
    return out;
  }
  if (j.is_array()) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& e : j) out.push_back(withoutTiming(e));
    return out;
  }
  return j;
}

}  // namespace

TEST_CASE("parallel tree: the ring on 1, 2 and 3 threads gives the same tree, tests and queries") {
  const RingOutcome one = exploreRing(1, 2'000, false);
  // One thread: no helper; the factory made only the tests' solver, one query per test.
  CHECK(one.made == 1);
  CHECK(one.factoryQueries == one.sequences.size());
  for (std::int64_t threads : {2, 3}) {
    CAPTURE(threads);
    const RingOutcome many = exploreRing(threads, 2'000, false);
    checkSame(one, many);
    CHECK(many.made == static_cast<std::uint64_t>(threads));  // the helpers and the tests' solver
    // The helpers did answer part of the search's queries.
    CHECK(many.factoryQueries > many.sequences.size());
    CHECK(many.factoryQueries < many.queries);
  }
}

TEST_CASE("parallel tree: stopping on max_states and on full coverage within an expansion, as on one thread") {
  // max_states lands inside expansions for these sizes (three children each).
  std::vector<std::uint64_t> sizes{50, 301};
  for (std::uint64_t n = 1; n <= 30; ++n) sizes.push_back(n);  // every boundary of the first expansions
  for (std::uint64_t maxStates : sizes) {
    CAPTURE(maxStates);
    checkSame(exploreRing(1, maxStates, false), exploreRing(2, maxStates, false));
  }
  // The last target is covered by some expansion's first or second child: the queries after it are not asked.
  checkSame(exploreRing(1, 100'000, true), exploreRing(2, 100'000, true));
}

TEST_CASE("parallel tree: a searcher without lookahead (dfs) checks one expansion at a time, as on one thread") {
  for (std::uint64_t maxStates : {std::uint64_t{7}, std::uint64_t{500}}) {
    CAPTURE(maxStates);
    const RingOutcome one = exploreRing(1, maxStates, false, "dfs");
    const RingOutcome two = exploreRing(2, maxStates, false, "dfs");
    checkSame(one, two);
    CHECK(two.factoryQueries > two.sequences.size());
  }
  checkSame(exploreRing(1, 100'000, true, "dfs"), exploreRing(2, 100'000, true, "dfs"));
}

// cvc5 1.0 binds a solver to the thread that made it, so each helper makes its own on its thread.
TEST_CASE("parallel tree: cvc5 on 2 threads gives the same tree, tests and queries as on 1") {
  const RingOutcome one = exploreRing(1, 300, false, "bfs", "cvc5");
  const RingOutcome two = exploreRing(2, 300, false, "bfs", "cvc5");
  checkSame(one, two);
  CHECK(two.factoryQueries > two.sequences.size());
}

TEST_CASE("parallel tree: threads is at least 1") {
  Registry registry;
  registry.loadDirectory(Registry::defaultPluginDir());
  Options options = defaultOptions(registry.info(PluginKind::Strategy, "tree"));
  options.set("threads", std::int64_t{0});
  CHECK_THROWS_WITH_AS((void)registry.makeStrategy("tree", options), doctest::Contains("threads"), Error);
}

// Most shipped tree runs take the `bfs` searcher and have no external functions, so their searches
// go in rounds of several states on 2 threads (docs/parallel.md).
TEST_CASE("parallel tree: every shipped tree run file gives the same result.json and tree.json on 2 threads as on 1") {
  std::size_t runs = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kConfigs)) {
    const std::filesystem::path file = entry.path();
    if (file.extension() != ".toml") continue;
    const std::string text = [&] {
      std::ifstream in(file);
      std::stringstream s;
      s << in.rdbuf();
      return s.str();
    }();
    if (text.find("\n[strategy]\nname = \"tree\"") == std::string::npos) continue;
    CAPTURE(file.filename().string());
    ++runs;
    const std::string formats = R"(["json", "tree"])";
    const auto one = test::runInto(file, {}, "parallel-1-" + file.stem().string(), {}, formats);
    const auto two = test::runInto(file, {"strategy.threads=2"}, "parallel-2-" + file.stem().string(), {}, formats);
    for (const std::string name : {"result.json", "tree.json"}) {
      CAPTURE(name);
      REQUIRE(std::filesystem::exists(one / name));
      CHECK(withoutTiming(test::readJson(two / name)).dump(1) == withoutTiming(test::readJson(one / name)).dump(1));
    }
  }
  CHECK(runs >= 10);
}
