// The shipped examples (configs/*.toml) as a user runs them: `bounded-exhaustive` proves the
// optimum and which targets no sequence within the depth takes; `symtest`, greedy and exact,
// with z3 and with cvc5, must cover every other target, confirmed by replay, and exact must
// match the optimum. Each symtest result also says which component produced its sequence
// (stats.model_check_sequences): the path search itself, or, when the search gave up, the bounded
// model check's witness. On cruise and elevator the search gives up today in both FINDPATH
// modes (a known gap, issue 11), so there the length checks the witness, not the search.
#include <doctest/doctest.h>

#include <set>

#include "RunHelpers.h"

// Sweeps of whole runs over every shipped example: the `slow` label (tests/README.md).
TEST_SUITE_BEGIN("slow");

using symseq::test::runAndRead;

namespace {

std::set<std::string> coveredNames(const nlohmann::json& result) {
  std::set<std::string> names;
  for (const auto& t : result["targets"])
    if (t["covered"].get<bool>()) names.insert(t["name"].get<std::string>());
  return names;
}

std::map<std::string, std::string> reasons(const nlohmann::json& result) {
  std::map<std::string, std::string> out;
  for (const auto& t : result["targets"])
    if (!t["covered"].get<bool>()) out[t["name"].get<std::string>()] = t["reason"].get<std::string>();
  return out;
}

// symtest finds the sequence itself (stats.model_check_sequences == 0), in the proved optimum,
// in both FINDPATH modes and on both solvers.
void checkExample(const std::string& name, int optimum) {
  const std::filesystem::path file = std::filesystem::path(SYMSEQ_SOURCE_DIR) / "configs" / (name + ".toml");
  const auto oracle = runAndRead(file, {"strategy.name=bounded-exhaustive"}, "examples-" + name);
  REQUIRE(oracle["replayed"] == true);
  CHECK(oracle["length"] == optimum);
  for (const auto& [target, why] : reasons(oracle)) {
    CAPTURE(target);
    CHECK(why == "infeasible-within-bound");
  }
  for (const char* solver : {"z3", "cvc5"}) {
    for (const char* findpath : {"greedy", "exact"}) {
      CAPTURE(solver);
      CAPTURE(findpath);
      const auto result = runAndRead(
          file, {std::string("solver.name=") + solver, std::string("strategy.findpath=") + findpath}, "examples-" + name);
      CHECK(result["replayed"] == true);
      CHECK(result["sequences"].size() == 1);
      CHECK(coveredNames(result) == coveredNames(oracle));
      CHECK(reasons(result) == reasons(oracle));
      CHECK(result["sequences"][0]["length_proven_minimal"] == true);
      CHECK(result["stats"]["model_check_sequences"] == 0);  // the search found it, not the witness
      CHECK(result["sequences"][0]["found_by"] == "symtest path search");
      CHECK(result["length"] == optimum);  // shortened to the proved optimum in either mode
    }
    // The tree strategies work on CFG models too (one test step per loop iteration, as for
    // symtest): the same coverage and reasons; bfs's tests are shortest per target.
    for (const char* searcher : {"bfs", "coverage"}) {
      CAPTURE(solver);
      CAPTURE(searcher);
      const auto result = runAndRead(
          file, {std::string("solver.name=") + solver, "strategy.name=tree", std::string("searcher.name=") + searcher},
          "examples-" + name);
      CHECK(result["replayed"] == true);
      CHECK(coveredNames(result) == coveredNames(oracle));
      CHECK(reasons(result) == reasons(oracle));
    }
  }
}

}  // namespace

TEST_CASE("examples: configs/fig4.toml, every edge, exact in the proved optimum") {
  checkExample("fig4", 4);
}
TEST_CASE("examples: configs/gm.toml, the paper's GM chart in its 2 steps") { checkExample("gm", 2); }
TEST_CASE("examples: configs/cruise.toml, 24 edges in the proved 5 steps, found by the path search") {
  checkExample("cruise", 5);
}
TEST_CASE("examples: configs/elevator.toml, 22 edges in the proved 5 steps, found by the path search") {
  checkExample("elevator", 5);
}
TEST_CASE("examples: configs/unreachable.toml, the dead edge proved infeasible") {
  checkExample("unreachable", 1);
}

TEST_SUITE_END();
