// Synchronous machines and statecharts as a user runs them (configs/*.toml): read, quasi-flattened
// (or fully flattened), lowered, explored by the tree strategy and replayed by the kernel.
#include <doctest/doctest.h>

#include "RunHelpers.h"

// Whole generation runs (model, solver, strategy, replay): the `integration` label (tests/README.md).
TEST_SUITE_BEGIN("integration");

using namespace symseq;

namespace {

const std::filesystem::path kConfigs = std::filesystem::path(SYMSEQ_SOURCE_DIR) / "configs";

void requireEveryTargetCovered(const nlohmann::json& result) {
  CHECK(result["replayed"] == true);
  CHECK(result["covered"] == result["targets"].size());
  for (const auto& t : result["targets"]) {
    CAPTURE(t["name"]);
    CHECK(t["covered"] == true);
  }
}

}  // namespace

TEST_CASE("statecharts: the SCXML media player (parallel and compound states) is covered and replayed") {
  const auto result = test::runAndRead(kConfigs / "player.toml", {}, "statechart-player");
  requireEveryTargetCovered(result);
  // The joint moves of the parallel regions on two different events (one event per step) are
  // dropped by flattening rather than left as dead targets: 19 live reactions of 31 flat moves.
  CHECK(result["targets"].size() == 19);
  CHECK(result["lowering"]["flat_states"] == 5);
  CHECK(result["checks"].is_array());
}

TEST_CASE("statecharts: ABRO in sync is covered, the join's product state gets no dead reactions") {
  const auto result = test::runAndRead(kConfigs / "abro.toml", {}, "statechart-abro");
  requireEveryTargetCovered(result);
  for (const auto& t : result["targets"]) CHECK(t["name"].get<std::string>().find("DoneA|DoneB") == std::string::npos);
}

TEST_CASE("statecharts: quasi-flattening keeps the observers out of the product, full flattening multiplies them") {
  const auto quasi = test::runAndRead(kConfigs / "sync.toml", {"model.file=\"models/sync-2.sync\""}, "statechart-quasi");
  const auto full = test::runAndRead(kConfigs / "sync.toml", {"model.file=\"models/sync-2.sync\"", "model.flatten=\"full\""},
                                     "statechart-full");
  requireEveryTargetCovered(quasi);
  CHECK(quasi["lowering"]["observer_automata"] == 2);
  CHECK(quasi["lowering"]["combinations_after"] == quasi["lowering"]["flat_states"].get<int>() * 4);
  CHECK(full["replayed"] == true);
  CHECK(full["model"]["locations"].get<int>() > quasi["model"]["locations"].get<int>());
}

TEST_CASE("statecharts: the paper's figures as sync models run as shipped, Figure 2's counts in result.json") {
  const auto fig2 = test::runAndRead(kConfigs / "fig2-shape.toml", {}, "statechart-fig2");
  requireEveryTargetCovered(fig2);
  CHECK(fig2["lowering"]["combinations_before"] == 13122);
  CHECK(fig2["lowering"]["flat_states"] == 16);
  CHECK(fig2["lowering"]["combinations_after"] == 144);
  CHECK(fig2["lowering"]["registers"] == 8);
  for (const char* run : {"fig3-sync.toml", "fig4-sync.toml"}) {
    CAPTURE(run);
    requireEveryTargetCovered(test::runAndRead(kConfigs / run, {}, std::string("statechart-") + run));
  }
}
