// Named statistics (exec/Statistics.h): the well-known counters keep their result.json keys and
// order, a plugin's own counters follow them, and names that would clash are refused.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "symseq/exec/Statistics.h"
#include "symseq/expr/ExprContext.h"
#include "symseq/exec/ResultHeader.h"
#include "symseq/plugin/Registry.h"
#include "symseq/plugin/Writer.h"

using namespace symseq;

namespace {

std::vector<std::string> names(const Statistics& s) {
  std::vector<std::string> out;
  for (const auto& [name, value] : s.entries()) out.push_back(name);
  return out;
}

const std::vector<std::string> kWellKnown{"iterations", "backtracks",            "heuristic_calls",
                                          "heuristic_successes", "model_check_sequences", "states",
                                          "pruned_states",       "table_rows_added"};

}  // namespace

TEST_CASE("statistics: every well-known counter is reported, in a fixed order, 0 when not counted") {
  Statistics s;
  CHECK(names(s) == kWellKnown);
  CHECK(s.get(stat::kStates) == 0);
  s.add(stat::kIterations);
  s.add(stat::kIterations, 4);
  s.set(stat::kStates, 9);
  s.set(stat::kStates, 7);
  CHECK(s.get(stat::kIterations) == 5);
  CHECK(s.get(stat::kStates) == 7);
  CHECK(names(s) == kWellKnown);
  CHECK(s.entries()[0].second == 5);
  CHECK(s.entries()[5].second == 7);
}

TEST_CASE("statistics: a plugin's own counters follow the well-known ones, by name") {
  Statistics s;
  s.add("restarts", 2);
  s.add(stat::kBacktracks);
  s.set("frontier_peak", 11);
  auto expected = kWellKnown;
  expected.push_back("frontier_peak");
  expected.push_back("restarts");
  CHECK(names(s) == expected);
  CHECK(s.get("restarts") == 2);
  CHECK(s.get("never_counted") == 0);
}

TEST_CASE("statistics: names that are not snake_case or that the kernel's stats fields own are refused") {
  for (const char* bad : {"", "Restarts", "9lives", "two words", "solver_queries", "solver_mine", "total_time_s"}) {
    CAPTURE(bad);
    Statistics s;
    CHECK_THROWS_AS(s.add(bad), Error);
    CHECK_THROWS_AS(s.set(bad, 1), Error);
    CHECK(names(s) == kWellKnown);
  }
}

TEST_CASE("statistics: result.json reports the kernel's fields, the well-known counters, then the plugin's") {
  ExprContext ctx;
  const TransitionSystem system(ctx);
  RunResult result;
  result.strategy.add(stat::kIterations, 3);
  result.strategy.add("restarts", 2);
  Registry registry;
  registry.loadDirectory(Registry::defaultPluginDir());
  const ResultHeader header{};
  const auto files = registry.makeWriter("json", Options{})->write({result, system, header});
  REQUIRE(files.size() == 1);
  const auto doc = nlohmann::ordered_json::parse(files[0].contents);
  std::vector<std::string> keys;
  for (const auto& [key, value] : doc["stats"].items()) keys.push_back(key);
  std::vector<std::string> expected{"solver_queries", "solver_sat",    "solver_unsat",
                                    "solver_unknown", "solver_time_s", "total_time_s"};
  expected.insert(expected.end(), kWellKnown.begin(), kWellKnown.end());
  expected.push_back("restarts");
  CHECK(keys == expected);
  CHECK(doc["stats"]["iterations"] == 3);
  CHECK(doc["stats"]["restarts"] == 2);
  CHECK(doc["stats"]["states"] == 0);
}
