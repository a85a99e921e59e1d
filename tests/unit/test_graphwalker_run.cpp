// The GraphWalker login model as a user runs it (configs/login.toml): imported by the
// `graphwalker` frontend, every edge and vertex covered by the tree strategy, every sequence
// replayed, and the sequences read as GraphWalker paths (edge, vertex, edge, vertex, ...).
#include <doctest/doctest.h>

#include <set>

#include "RunHelpers.h"

// A whole generation run (model, solver, strategy, replay): the `integration` label (tests/README.md).
TEST_SUITE_BEGIN("integration");

using namespace symseq;

TEST_CASE("graphwalker: the login model is imported, every edge and vertex covered, every sequence replayed") {
  const auto configs = std::filesystem::path(SYMSEQ_SOURCE_DIR) / "configs";
  for (const char* solver : {"z3", "cvc5"}) {
    CAPTURE(solver);
    const auto result = test::runAndRead(configs / "login.toml", {std::string("solver.name=") + solver}, "graphwalker-login");
    CHECK(result["replayed"] == true);
    CHECK(result["replay_failures"].empty());
    // The 11 edges and the 4 vertices of configs/models/login.json, each a target, each covered.
    const std::set<std::string> expected{
        "e_Init", "e_StartClient#e1", "e_StartClient#e2", "e_ValidPremiumCredentials", "e_InvalidCredentials#e4",
        "e_InvalidCredentials#e5", "e_ToggleRememberMe", "e_Logout", "e_Exit", "e_Close", "e_Unlock",
        "v_ClientNotRunning", "v_LoginPrompted", "v_Browse", "v_AccountLocked"};
    std::set<std::string> targets;
    for (const auto& t : result["targets"]) {
      CAPTURE(t["name"]);
      targets.insert(t["name"].get<std::string>());
      CHECK(t["covered"] == true);
    }
    CHECK(targets == expected);
    CHECK(result["covered"] == expected.size());
    // Every sequence is a GraphWalker path from the start edge: inputs named after the edges
    // alternate with the visits of the vertices they lead to.
    REQUIRE_FALSE(result["sequences"].empty());
    for (const auto& s : result["sequences"]) {
      const auto& trace = s["trace"];
      REQUIRE(trace.size() >= 2);
      CHECK(trace[0]["transition"] == "e_Init");
      CHECK(trace[1]["transition"] == "v_ClientNotRunning");
      for (std::size_t i = 0; i < trace.size(); ++i) {
        CAPTURE(i);
        const std::string name = trace[i]["transition"].get<std::string>();
        CHECK(name.starts_with(i % 2 == 0 ? "e_" : "v_"));
        CHECK(trace[i].contains("input") == (i % 2 == 0));
        if (i % 2 == 0) CHECK(name.starts_with(trace[i]["input"]["channel"].get<std::string>()));
      }
    }
    // The account lock takes three invalid logins in a row: the counter is solved, not guessed.
    bool locked = false;
    for (const auto& s : result["sequences"]) {
      int invalid = 0;
      for (const auto& step : s["trace"]) {
        const std::string name = step["transition"].get<std::string>();
        if (name.starts_with("e_InvalidCredentials")) ++invalid;
        if (name == "e_Unlock") {
          locked = true;
          CHECK(invalid == 3);
        }
      }
    }
    CHECK(locked);
  }
}

TEST_SUITE_END();
