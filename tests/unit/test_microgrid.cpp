// The Microgrid example of iosts-function-summaries.md end to end (configs/microgrid*.toml): every
// transition covered at height 15 from the paper's Table 1, with z3 and with cvc5 and every
// searcher of the tree strategy, each test replayed with the real INTGR and RISE (configs/externals/microgrid.c); the
// shape of Tables 2 and 4; enriched tables written back and reusable; deterministic results.
#include <doctest/doctest.h>

#include <algorithm>
#include <utility>
#include <vector>

#include "RunHelpers.h"

// Whole generation runs (model, solver, strategy, replay): the `integration` label (tests/README.md).
TEST_SUITE_BEGIN("integration");

using namespace symseq;
using symseq::test::covered;
using symseq::test::reason;
using symseq::test::runAndRead;

namespace {

std::filesystem::path config(const std::string& name) {
  return std::filesystem::path(SYMSEQ_SOURCE_DIR) / "configs" / (name + ".toml");
}

nlohmann::json withoutTimes(nlohmann::json result) {
  result["stats"].erase("solver_time_s");
  result["stats"].erase("total_time_s");
  return result;
}

// tree.json: node depths by node id, which is creation order.
std::vector<int> depthsInCreationOrder(const nlohmann::json& tree) {
  std::vector<int> depths;
  for (const auto& n : tree.at("nodes")) {
    REQUIRE(n.at("id") == depths.size());
    depths.push_back(n.at("depth").get<int>());
  }
  REQUIRE_FALSE(depths.empty());
  return depths;
}

// Pairs of expanded nodes (n, m) that a deepest-first searcher could not produce: m is deeper than
// n and existed when n was expanded (its id is below n's first child's), yet was expanded after n.
// A node is expanded when its children are created, so its first child's id dates the expansion.
int deepestFirstViolations(const nlohmann::json& tree) {
  std::vector<std::pair<int, int>> expanded;  // (first child id, depth), for nodes with children
  std::vector<int> ids;
  for (const auto& n : tree.at("nodes")) {
    const auto& children = n.at("children");
    if (children.empty()) continue;
    expanded.emplace_back(children.at(0).get<int>(), n.at("depth").get<int>());
    ids.push_back(n.at("id").get<int>());
  }
  int violations = 0;
  for (std::size_t a = 0; a < expanded.size(); ++a)
    for (std::size_t b = 0; b < expanded.size(); ++b)
      if (ids[b] < expanded[a].first && expanded[b].second > expanded[a].second && expanded[b].first > expanded[a].first)
        ++violations;
  return violations;
}

}  // namespace

TEST_CASE("microgrid: every transition covered at height 15 from Table 1, with z3 and cvc5 and every tree searcher") {
  for (const char* solver : {"z3", "cvc5"})
    for (const char* searcher : {"coverage", "bfs", "dfs"}) {
      CAPTURE(solver);
      CAPTURE(searcher);
      const auto result = runAndRead(config("microgrid"), {std::string("solver.name=") + solver,
                                                            std::string("searcher.name=") + searcher}, "microgrid");
      CHECK(result["replayed"] == true);  // with the real functions, outputs checked
      CHECK(result["covered"] == 8);
      CHECK(result["targets"].size() == 8);
      CHECK(result["stats"]["table_rows_added"].get<int>() >= 1);
      CHECK(result["external_failures"].empty());
      for (const auto& s : result["sequences"]) {
        REQUIRE(s.contains("trace"));
        CHECK(s["trace"][0]["transition"] == "req");
      }
    }
}

TEST_CASE("microgrid: the shape of Tables 2 and 4 (coverage grows with m, Table 3 needs no enrichment)" * doctest::test_suite("slow")) {
  for (const char* solver : {"z3", "cvc5"}) {
    CAPTURE(solver);
    const std::string s = std::string("solver.name=") + solver;
    const auto m0 = runAndRead(config("microgrid-t1-m0"), {s}, "microgrid-t1-m0");
    const auto m1 = runAndRead(config("microgrid-t1-m1"), {s}, "microgrid-t1-m1");
    const auto m196 = runAndRead(config("microgrid-t1-m196"), {s}, "microgrid-t1-m196");
    const auto t3 = runAndRead(config("microgrid-t3-m0"), {s}, "microgrid-t3-m0");
    CHECK(m0["covered"].get<int>() < 8);
    // Below 200 and the "ok" rise need rows Table 1 lacks; static tables cannot prove them infeasible.
    CHECK_FALSE(covered(m0, "low"));
    CHECK(reason(m0, "low") == "budget-exhausted");
    CHECK_FALSE(covered(m0, "normal"));
    CHECK(m0["stats"]["table_rows_added"] == 0);
    CHECK(m0["covered"].get<int>() <= m1["covered"].get<int>());
    CHECK(m1["covered"].get<int>() <= m196["covered"].get<int>());
    CHECK(m196["covered"] == 8);
    CHECK(t3["covered"] == 8);
    CHECK(t3["stats"]["table_rows_added"] == 0);
    CHECK(m0["stats"]["states"].get<int>() < m196["stats"]["states"].get<int>());
    for (const auto* r : {&m0, &m1, &m196, &t3}) CHECK((*r)["replayed"] == true);
  }
}

TEST_CASE("microgrid: the enriched tables are written back and make a static run complete") {
  (void)runAndRead(config("microgrid"), {}, "microgrid-enrich");
  const auto tables = test::scratchDir("microgrid-enrich") / "tables";
  REQUIRE(std::filesystem::exists(tables / "INTGR.csv"));
  REQUIRE(std::filesystem::exists(tables / "RISE.csv"));
  const auto again = runAndRead(config("microgrid-t1-m0"),
                                {"externals.tables.INTGR=\"" + (tables / "INTGR.csv").string() + "\"",
                                 "externals.tables.RISE=\"" + (tables / "RISE.csv").string() + "\""},
                                "microgrid-static-again");
  CHECK(again["covered"] == 8);
  CHECK(again["stats"]["table_rows_added"] == 0);
}

TEST_CASE("microgrid: the same run file gives the same result.json apart from times") {
  const auto a = runAndRead(config("microgrid"), {"solver.name=cvc5"}, "microgrid-a");
  const auto b = runAndRead(config("microgrid"), {"solver.name=cvc5"}, "microgrid-b");
  CHECK(withoutTimes(a).dump() == withoutTimes(b).dump());
}

TEST_CASE("external functions: a failing implementation is reported with its inputs, its table unchanged") {
  const auto result = runAndRead(std::filesystem::path(SYMSEQ_SOURCE_DIR) / "tests/data/failing-external.toml", {},
                                 "failing-external");
  CHECK(result["replayed"] == true);
  CHECK(covered(result, "read"));
  CHECK(covered(result, "back"));
  CHECK_FALSE(covered(result, "odd"));
  CHECK(reason(result, "odd") == "budget-exhausted");  // RISE might succeed on other inputs
  REQUIRE_FALSE(result["external_failures"].empty());
  const auto& failure = result["external_failures"][0];
  CHECK(failure["function"] == "RISE");
  CHECK(failure["args"][0].get<int>() < 0);
  CHECK(failure["message"].get<std::string>().find("failed with error code 1") != std::string::npos);
  std::ifstream table(test::scratchDir("failing-external") / "tables" / "RISE.csv");
  std::string line, rows;
  while (std::getline(table, line))
    if (!line.empty() && line[0] != '#') rows += line;
  CHECK(rows.empty());
}

TEST_CASE("microgrid: a table row the real function contradicts is refused at load, or, unchecked, fails replay") {
  // RISE(300) = 2.42 in truth; this table claims 9.99, so an "alarm" test built on it would
  // predict a price of 10.99 that the model, running the real RISE, does not send.
  const auto dir = test::scratchDir("microgrid-lying-table");
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "RISE.csv") << "202,0.7\n300,9.99\n";
  const std::string table = "externals.tables.RISE=\"" + (dir / "RISE.csv").string() + "\"";
  CHECK_THROWS_WITH_AS(runAndRead(config("microgrid-t1-m0"), {table}, "microgrid-lying-table-out"),
                       doctest::Contains("RISE.csv:2:1: error: this row says RISE(300) = 9.99, but the implementation returns 2.42"),
                       ParseError);
  const auto result = runAndRead(config("microgrid-t1-m0"), {table, "externals.check_tables=false"}, "microgrid-lying-table-out");
  CHECK(result["replayed"] == false);
  CHECK_FALSE(covered(result, "warn"));
  REQUIRE_FALSE(result["replay_failures"].empty());
  CHECK(result["replay_failures"][0].get<std::string>().find("expected out!(alarm, 10.99), observed out!(alarm, 3.42)") !=
        std::string::npos);
}

TEST_CASE("microgrid: best-first runs a researcher's search heuristic from its own shared object") {
  // Only the heuristic's shared object: the test-plugin folder also holds deliberately broken ones.
  const auto dir = test::scratchDir("inv-depth-plugin");
  std::filesystem::create_directories(dir);
  std::filesystem::copy_file(std::filesystem::path(SYMSEQ_TEST_PLUGIN_DIR) / "test-inv-depth.so", dir / "test-inv-depth.so",
                             std::filesystem::copy_options::overwrite_existing);
  const std::vector<std::filesystem::path> testPlugins{dir};
  const std::string formats = R"(["json", "tree"])";
  for (const char* solver : {"z3", "cvc5"}) {
    CAPTURE(solver);
    const std::string s = std::string("solver.name=") + solver;
    // Without a search heuristic best-first is breadth first.
    const auto plainDir = test::runInto(config("microgrid"), {s, "searcher.name=best-first"}, "microgrid-best-first-plain",
                                        testPlugins, formats);
    // heuristics.2 appends `inv-depth` (tests/plugins/InvDepth.cpp, weight / (1 + depth)) after no-corres
    // and dep. A negative weight scores the deepest open state highest, so best-first must expand
    // deepest first; a positive one would be its own tie order (shallower first), indistinguishable.
    const auto deepDir = test::runInto(config("microgrid"),
                                       {s, "searcher.name=best-first", "heuristics.2.name=inv-depth", "heuristics.2.weight=-2.0"},
                                       "microgrid-best-first-inv-depth", testPlugins, formats);
    const auto plain = test::readJson(plainDir / "result.json");
    const auto deep = test::readJson(deepDir / "result.json");
    for (const auto* r : {&plain, &deep}) {
      CHECK((*r)["replayed"] == true);
      CHECK((*r)["covered"] == 8);
    }
    const auto plainTree = test::readJson(plainDir / "tree.json");
    const auto deepTree = test::readJson(deepDir / "tree.json");
    const auto plainDepths = depthsInCreationOrder(plainTree);
    const auto deepDepths = depthsInCreationOrder(deepTree);
    CHECK(std::is_sorted(plainDepths.begin(), plainDepths.end()));  // breadth first
    // The heuristic decided the order: deepest first throughout, so no longer breadth first, and
    // the dive goes deeper than breadth first went before covering everything.
    CHECK(deepestFirstViolations(deepTree) == 0);
    CHECK_FALSE(std::is_sorted(deepDepths.begin(), deepDepths.end()));
    CHECK(*std::max_element(deepDepths.begin(), deepDepths.end()) > *std::max_element(plainDepths.begin(), plainDepths.end()));
  }
  // A path heuristic means nothing to a tree strategy: refused by its family, at its name.
  CHECK_THROWS_WITH_AS(runAndRead(config("microgrid"), {"searcher.name=best-first", "heuristics.2.name=permute-edges"},
                                  "microgrid-wrong-family"),
                       "<command line>:2:19: error: heuristic 'permute-edges' is of family 'path', which strategy "
                       "'tree' and searcher 'best-first' do not consult (they consult only 'search' and 'table')\n"
                       "  hint: use a heuristic of family 'search' or 'table' (covnew, dep, md2u, no-corres), or use a "
                       "strategy that consults 'path' (symtest)",
                       ConfigError);
}

TEST_SUITE_END();
