// The `symtest` strategy (plugins/symtest) end to end through the kernel: coverage confirmed by
// replay, the same answers with z3 and cvc5 under every option, unreachable targets reported with
// their reason, budgets that end the search, and deterministic output.
#include <doctest/doctest.h>

#include "RunHelpers.h"

// Whole generation runs (model, solver, strategy, replay): the `integration` label (tests/README.md).
TEST_SUITE_BEGIN("integration");

using namespace symseq;
using symseq::test::covered;
using symseq::test::reason;
using symseq::test::runAndRead;

namespace {

std::filesystem::path runFile(const std::string& model) {
  const std::filesystem::path dir = test::scratchDir("symtest-runs");
  std::filesystem::create_directories(dir);
  const std::filesystem::path file = dir / (model + ".toml");
  std::ofstream(file) << "seed = 3\n[model]\nfile = \"" << SYMSEQ_SOURCE_DIR << "/configs/models/" << model
                      << ".cfg\"\nfrontend = \"cfg\"\n[solver]\nname = \"z3\"\n[strategy]\nname = \"symtest\"\n"
                      << "[budgets]\ntime_s = 30.0\ndepth = 6\n";
  return file;
}

std::vector<std::vector<std::string>> optionGrid() {
  std::vector<std::vector<std::string>> grid;
  for (const char* solver : {"z3", "cvc5"})
    for (const char* findpath : {"greedy", "exact"})
      for (const char* backtracking : {"chronological", "conflict-directed"})
        grid.push_back({std::string("solver.name=") + solver, std::string("strategy.findpath=") + findpath,
                        std::string("strategy.backtracking=") + backtracking});
  return grid;
}

}  // namespace

TEST_CASE("symtest: Figure 4, every edge, covered in the optimal 4 steps with either solver and every option") {
  for (const auto& options : optionGrid()) {
    CAPTURE(options);
    const auto result = runAndRead(runFile("fig4"), options, "fig4");
    CHECK(result["replayed"] == true);
    CHECK(result["covered"] == 10);
    CHECK(result["length"] == 4);
    CHECK(result["stats"]["model_check_sequences"] == 0);  // found by the path search, not the witness
    CHECK(result["sequences"].size() == 1);
    // e6 needs a <= 0 while `a` is still unread; the paper's a = 3 path takes three more steps.
    CHECK(result["sequences"][0]["steps"][0]["a"].get<int>() <= 0);
  }
}

TEST_CASE("symtest: an unreachable target is infeasible within the bound, the rest covered, with every option") {
  for (const auto& options : optionGrid()) {
    CAPTURE(options);
    const auto result = runAndRead(runFile("unreachable"), options, "unreachable");
    CHECK(result["replayed"] == true);
    CHECK_FALSE(covered(result, "never"));
    CHECK(reason(result, "never") == "infeasible-within-bound");
    CHECK(covered(result, "sometimes"));
    CHECK(result["length"] == 1);
    CHECK(result["stats"]["model_check_sequences"] == 0);
  }
}

TEST_CASE("symtest: a query budget ends the search, and what is not covered says budget-exhausted") {
  const auto result = runAndRead(runFile("fig4"), {"budgets.solver_queries=3"}, "fig4-budget");
  CHECK(result["replayed"] == true);
  CHECK(result["stats"]["solver_queries"].get<int>() <= 3);
  CHECK(result["covered"].get<int>() < 10);
  for (const auto& t : result["targets"])
    if (!t["covered"].get<bool>()) CHECK(t["reason"] == "budget-exhausted");
}

// z3 cannot decide `hard` (Fermat's cubic) within its 200 ms per-query limit; `easy` needs a
// second iteration, so it is asked after that unknown answer. The run goes on: `easy` and the
// rest are covered, `hard` is solver-unknown with the query named, and time is left over.
TEST_CASE("symtest, bounded-exhaustive and tree: a solver unknown does not end the search, the target says solver-unknown") {
  const std::filesystem::path file = std::filesystem::path(SYMSEQ_SOURCE_DIR) / "tests/data/fermat-unknown.toml";
  for (const std::vector<std::string>& options :
       {std::vector<std::string>{}, std::vector<std::string>{"strategy.findpath=\"exact\""},
        std::vector<std::string>{"strategy.name=\"bounded-exhaustive\""},
        std::vector<std::string>{"strategy.name=\"tree\"", "searcher.name=\"bfs\""}}) {
    CAPTURE(options);
    const auto result = runAndRead(file, options, "fermat-unknown");
    CHECK(result["replayed"] == true);
    for (const char* name : {"step", "e0", "soft", "easy", "early"}) {
      CAPTURE(name);
      CHECK(covered(result, name));
    }
    CHECK_FALSE(covered(result, "hard"));
    CHECK(reason(result, "hard") == "solver-unknown");
    CHECK(test::target(result, "hard").value("detail", std::string()).starts_with("the solver answered unknown"));
    CHECK(result["stats"]["solver_unknown"].get<int>() >= 1);
    // Far from the 30 s budget: the unknown answers cost their limit each, nothing more.
    CHECK(result["stats"]["total_time_s"].get<double>() < 25.0);
  }
}

TEST_CASE("symtest: two runs give the same sequences and statistics but for times") {
  for (const char* backtracking : {"chronological", "conflict-directed"}) {
    auto a = runAndRead(runFile("fig4"), {std::string("strategy.backtracking=") + backtracking}, "det-a");
    auto b = runAndRead(runFile("fig4"), {std::string("strategy.backtracking=") + backtracking}, "det-b");
    for (auto* r : {&a, &b}) {
      (*r)["stats"].erase("solver_time_s");
      (*r)["stats"].erase("total_time_s");
    }
    CHECK(a == b);
  }
}

TEST_CASE("symtest: a search heuristic is refused while the run file is read, at its name") {
  Registry registry;
  registry.loadDirectory(Registry::defaultPluginDir());
  registry.loadFile(std::filesystem::path(SYMSEQ_TEST_PLUGIN_DIR) / "test-inv-depth.so");
  const auto file = runFile("fig4");
  std::ofstream(file, std::ios::app) << "[[heuristics]]\nname = \"inv-depth\"\n";
  try {
    (void)loadRunConfig(file, {}, registry);
    FAIL("the run file was accepted with a search heuristic");
  } catch (const ConfigError& e) {
    CHECK(e.message() ==
          "heuristic 'inv-depth' is of family 'search', which strategy 'symtest' does not consult (it consults only 'path')");
    CHECK(e.hint() == "use a heuristic of family 'path' (break-sequence, permute-edges, permute-paths), or use a "
                      "searcher that consults 'search' (best-first)");
    CHECK(e.location() == SourceLocation{file.string(), 13, 8});
  }
}

TEST_CASE("symtest: an IOSTS model is refused at [strategy] name before any output exists") {
  Registry registry;
  registry.loadDirectory(Registry::defaultPluginDir());
  const auto dir = test::scratchDir("symtest-iosts-run");
  std::filesystem::create_directories(dir);
  const auto file = dir / "run.toml";
  const auto out = dir / "out";
  std::filesystem::remove_all(out);
  std::ofstream(file) << "[model]\nfile = \"" SYMSEQ_SOURCE_DIR "/configs/models/microgrid.iosts\"\nfrontend = \"iosts\"\n"
                      << "[solver]\nname = \"z3\"\n[strategy]\nname = \"symtest\"\n[output]\ndir = \"" << out.string() << "\"\n";
  const RunConfig config = loadRunConfig(file, {}, registry);
  try {
    (void)executeRun(config, registry);
    FAIL("symtest accepted an IOSTS model");
  } catch (const ConfigError& e) {
    CHECK(e.message() == "strategy 'symtest' needs an acyclic-core model, but transition 'integrate' leaves the loop "
                         "head 'measuring' without reading inputs (" SYMSEQ_SOURCE_DIR "/configs/models/microgrid.iosts:27:12)");
    CHECK(e.hint() == "strategies that accept this model: random, tree");
    CHECK(e.location() == SourceLocation{file.string(), 7, 8});
  }
  CHECK_FALSE(std::filesystem::exists(out));
}

TEST_CASE("symtest: at its path limit the search reports the bounded model check's witness, and says so") {
  // Cruise needs 5 steps; one path cannot do, so the witness (the proved optimum) is reported.
  const auto limited = runAndRead(runFile("cruise"), {"strategy.max_paths=1", "strategy.findpath=\"exact\""}, "cruise-limit");
  CHECK(limited["replayed"] == true);
  CHECK(limited["covered"] == 24);
  CHECK(limited["length"] == 5);
  CHECK(limited["stats"]["iterations"] == 1);
  CHECK(limited["stats"]["model_check_sequences"] == 1);
  // Figure 4: the path search itself finds the sequence.
  const auto own = runAndRead(runFile("fig4"), {}, "fig4-own");
  CHECK(own["covered"] == 10);
  CHECK(own["stats"]["model_check_sequences"] == 0);
}

TEST_CASE("symtest: the proofs come first: an unreachable target costs no path search") {
  const auto result = runAndRead(runFile("unreachable"), {"budgets.depth=64"}, "unreachable-deep");
  CHECK(reason(result, "never") == "infeasible-within-bound");
  CHECK(result["stats"]["iterations"] == 1);
}

TEST_CASE("symtest: max_paths below 1 is refused at the option") {
  Registry registry;
  registry.loadDirectory(Registry::defaultPluginDir());
  const RunConfig config = loadRunConfig(
      runFile("fig4"), {"strategy.max_paths=0", "output.dir=\"" + test::scratchDir("max-paths").string() + "\""},
      registry);
  CHECK_THROWS_WITH((void)executeRun(config, registry), doctest::Contains("option 'max_paths': must be at least 1"));
}

TEST_CASE("symtest: conflict-directed backtracking jumps over decisions outside the conflict, with either solver") {
  // bench/models/backjump.cfg: the first path fails on a < 0 after a > 0; twelve decisions in
  // between do not matter. Chronological flips them all (2^13 paths); a tight core flips a > 0.
  const std::filesystem::path file = std::filesystem::path(SYMSEQ_SOURCE_DIR) / "bench/models/backjump.toml";
  for (const char* solver : {"z3", "cvc5"}) {
    CAPTURE(solver);
    const auto result = runAndRead(file, {std::string("solver.name=") + solver, "strategy.backtracking=\"conflict-directed\""},
                                   "backjump");
    CHECK(result["covered"] == 2);
    CHECK(result["length"] == 2);
    CHECK(result["stats"]["iterations"].get<int>() <= 4);
    CHECK(result["stats"]["model_check_sequences"] == 0);
  }
}

TEST_CASE("symtest: when no single sequence within the depth takes every target, a small suite does") {
  // Cruise within 2 steps: resumeOk needs 3 (proved infeasible); the other 23 need several runs.
  const auto result = runAndRead(runFile("cruise"), {"budgets.depth=2"}, "cruise-depth2");
  CHECK(result["replayed"] == true);
  CHECK(result["covered"] == 23);
  CHECK(reason(result, "resumeOk") == "infeasible-within-bound");
  CHECK(result["test_suite"] == true);
  CHECK(result["sequences"].size() <= 5);  // a greedy cover of the witnesses, not all of them
  for (const auto& s : result["sequences"]) CHECK(s["steps"].size() <= 2);
}

TEST_SUITE_END();
