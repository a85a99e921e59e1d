// The shipped examples (configs/*.toml) as a user runs them: `bounded-exhaustive` proves the
// optimum and which targets no sequence within the depth takes; `symtest`, greedy and exact,
// with z3 and with cvc5, must cover every other target, confirmed by replay, and exact must
// match the optimum.
#include <doctest/doctest.h>

#include <set>

#include "RunHelpers.h"

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
      if (std::string(findpath) == "exact") CHECK(result["length"] == optimum);
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

TEST_CASE("examples: configs/fig4.toml, every edge, exact in the proved optimum") { checkExample("fig4", 4); }
TEST_CASE("examples: configs/gm.toml, the paper's GM chart in its 2 steps") { checkExample("gm", 2); }
TEST_CASE("examples: configs/cruise.toml, 24 edges in the proved 5 steps") { checkExample("cruise", 5); }
TEST_CASE("examples: configs/elevator.toml, 22 edges in the proved 5 steps") { checkExample("elevator", 5); }
TEST_CASE("examples: configs/unreachable.toml, the dead edge proved infeasible") { checkExample("unreachable", 1); }
