// The `autseg` strategy on configs/card.toml: the synthetic card of seed-requirements 2.10 written
// in the `sync` format (configs/models/card.sync), through the frontend, quasi-flattening, the
// lowering, the strategy, the kernel's replay and the JSON writer.
#include <doctest/doctest.h>

#include "RunHelpers.h"

// Whole generation runs (model, solver, strategy, replay): the `integration` label (tests/README.md).
TEST_SUITE_BEGIN("integration");

using namespace symseq;

namespace {

const nlohmann::json& rowOf(const nlohmann::json& table, const std::string& first, std::size_t nth = 0) {
  for (const auto& r : table["rows"])
    if (r[0] == first && nth-- == 0) return r;
  throw std::out_of_range("no row " + first);
}

}  // namespace

TEST_CASE("autseg: the card in sync: per-command counts, Figures 15, 16 and 17, every test set replayed") {
  const std::filesystem::path run = std::filesystem::path(SYMSEQ_SOURCE_DIR) / "configs" / "card.toml";
  for (const char* mode : {"plan", "priority"}) {
    CAPTURE(mode);
    const auto result = test::runAndRead(run, {std::string("strategy.backtrack=\"") + mode + "\""}, std::string("autseg-card-") + mode);
    CHECK(result["replayed"] == true);
    CHECK(result["stats"]["test_sets"] == 17);
    CHECK(result["stats"]["complete_sequences"] == 17);
    CHECK(result["stats"]["dead_sequences"] == 1);
    const auto& commands = result["tables"]["autseg commands"];
    CHECK(rowOf(commands, "ReadRecord") == nlohmann::json{"ReadRecord", "2", "1", "0", "2"});
    CHECK(rowOf(commands, "OpenSecureSession") == nlohmann::json{"OpenSecureSession", "3", "0", "0", "2"});
    // Figure 17: SV Undebit's successful sequence (the first of its rows) after its plan.
    const auto& sets = result["tables"]["autseg test sets"];
    CHECK(rowOf(sets, "SVUndebit")[5] == "Start, VerifyPIN, OpenSecureSession, SVGet, SVUndebit");
    CHECK(rowOf(sets, "SVUndebit")[6] == "included");
    // Figure 15's two-atom core and Figure 16's gap.
    int dead = 0, gaps = 0;
    for (const auto& f : result["findings"]) {
      if (f["kind"] == "dead-sequence") {
        ++dead;
        REQUIRE(f["core"].size() == 2);
        CHECK(f["core"][0].get<std::string>().find("<= 49 (0x31)") != std::string::npos);
        CHECK(f["core"][1].get<std::string>().find(">= 255 (0xFF)") != std::string::npos);
      }
      if (f["kind"] == "incomplete-behavior") {
        ++gaps;
        CHECK(f["message"].get<std::string>().find("Bin_Tag") != std::string::npos);
      }
    }
    CHECK(dead == 1);
    CHECK(gaps == 1);
    CHECK(test::reason(result, "record_anomaly") == "infeasible-within-bound");
    CHECK(test::covered(result, "undebit_ok"));
  }
}

TEST_SUITE_END();
