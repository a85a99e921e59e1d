// [solver] portfolio (docs/parallel.md): the race (first to finish wins, the others are
// cancelled, every thread joined, errors only when all fail), the layer that cancels a loser's
// solvers, and whole shipped runs raced on z3 and cvc5.
#include <doctest/doctest.h>

#include <chrono>
#include <stdexcept>
#include <thread>

#include "RunHelpers.h"
#include "ShippedSolver.h"
#include "symseq/run/Portfolio.h"

using namespace symseq;

namespace {

const std::filesystem::path kConfigs = std::filesystem::path(SYMSEQ_SOURCE_DIR) / "configs";

}  // namespace

TEST_CASE("portfolio: the first entrant to finish wins and the others are cancelled") {
  std::atomic<bool> slowSawCancel = false;
  std::atomic<bool> fastSawCancel = false;
  std::vector<PortfolioEntrant> entrants;
  // Ends only once cancelled (so the test would hang, not pass, without the cancellation).
  entrants.emplace_back([&](const std::atomic<bool>& cancelled) {
    while (!cancelled.load()) std::this_thread::yield();
    slowSawCancel = true;
  });
  entrants.emplace_back([&](const std::atomic<bool>& cancelled) { fastSawCancel = cancelled.load(); });
  CHECK(racePortfolio(entrants) == 1);
  CHECK(slowSawCancel.load());   // joined before the race returned
  CHECK_FALSE(fastSawCancel.load());
}

TEST_CASE("portfolio: the winner is known while a loser still runs, and the race joins it when it goes") {
  std::atomic<bool> released = false;
  std::atomic<bool> loserEnded = false;
  std::vector<PortfolioEntrant> entrants;
  // Ignores its cancellation and ends once released, or after 10 s at most (the budget of this
  // loop): a race that waited for it before naming the winner would see it ended.
  entrants.emplace_back([&](const std::atomic<bool>&) {
    const auto giveUp = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!released.load() && std::chrono::steady_clock::now() < giveUp) std::this_thread::yield();
    loserEnded = true;
  });
  entrants.emplace_back([](const std::atomic<bool>&) {});
  {
    PortfolioRace race(std::move(entrants));
    CHECK(race.winner() == 1);
    CHECK_FALSE(loserEnded.load());
    released = true;
  }
  CHECK(loserEnded.load());  // joined when the race went
}

TEST_CASE("portfolio: with a head start, a first entrant that ends within it runs alone, and a slower one is raced") {
  const std::chrono::milliseconds headStart{200};
  std::atomic<bool> secondRan = false;
  std::vector<PortfolioEntrant> quick;
  quick.emplace_back([](const std::atomic<bool>&) {});
  quick.emplace_back([&](const std::atomic<bool>&) { secondRan = true; });
  CHECK(racePortfolio(quick, headStart) == 0);
  CHECK_FALSE(secondRan.load());  // it never started
  // A first entrant that ends only once cancelled: the second starts after the head start, wins
  // and cancels it (the test would hang, not pass, if the second never started).
  std::vector<PortfolioEntrant> slow;
  slow.emplace_back([](const std::atomic<bool>& cancelled) {
    while (!cancelled.load()) std::this_thread::yield();
  });
  slow.emplace_back([&](const std::atomic<bool>&) { secondRan = true; });
  CHECK(racePortfolio(slow, headStart) == 1);
  CHECK(secondRan.load());
  // A first entrant that fails starts the others at once, whatever the head start.
  std::vector<PortfolioEntrant> failing;
  failing.emplace_back([](const std::atomic<bool>&) { throw std::runtime_error("first"); });
  failing.emplace_back([](const std::atomic<bool>&) {});
  CHECK(racePortfolio(failing, std::chrono::milliseconds(600'000)) == 1);
}

TEST_CASE("portfolio: a failing entrant does not win, and when all fail, the first one's error") {
  std::vector<PortfolioEntrant> entrants;
  entrants.emplace_back([](const std::atomic<bool>&) { throw std::runtime_error("first"); });
  entrants.emplace_back([](const std::atomic<bool>&) {});
  CHECK(racePortfolio(entrants) == 1);
  std::vector<PortfolioEntrant> failing;
  failing.emplace_back([](const std::atomic<bool>&) { throw std::runtime_error("first"); });
  failing.emplace_back([](const std::atomic<bool>&) { throw std::runtime_error("second"); });
  CHECK_THROWS_WITH((void)racePortfolio(failing), "first");
}

TEST_CASE("portfolio: a cancelled solver answers Unknown without asking, and says why") {
  ExprContext ctx;
  std::atomic<bool> cancelled = false;
  CancellableSolver solver(test::makeShippedSolver(ctx), cancelled);
  const Expr x = ctx.var("x", Sort::integer());
  solver.add(ctx.make(Op::Gt, {x, ctx.intVal(1)}));
  CHECK((solver.check({}) == CheckResult::Sat));
  cancelled = true;
  CHECK((solver.check({}) == CheckResult::Unknown));
  CHECK(solver.reasonUnknown().find("cancelled") != std::string::npos);
  CHECK(solver.stats().queries == 1);  // the back end was asked once only
}

// Whole generation runs (model, solver, strategy, replay): the `integration` label (tests/README.md).
TEST_SUITE_BEGIN("integration");

TEST_CASE("portfolio: a shipped run raced on z3 and cvc5 gives a winner's results, which name it") {
  for (const char* run : {"gm", "fig4", "keypad"}) {
    CAPTURE(run);
    const nlohmann::json alone = test::runAndRead(kConfigs / (std::string(run) + ".toml"), {}, std::string("alone-") + run);
    const nlohmann::json raced =
        test::runAndRead(kConfigs / (std::string(run) + ".toml"), {"solver.portfolio=[\"z3\", \"cvc5\"]"},
                         std::string("portfolio-") + run);
    const std::string solver = raced.at("solver").get<std::string>();
    CHECK((solver.starts_with("z3 ") || solver.starts_with("cvc5 ")));
    CHECK(raced.at("replayed").get<bool>());
    // Both solvers cover the same targets of these models (examples.jsonl, search-heuristics.jsonl).
    CHECK(raced.at("covered") == alone.at("covered"));
  }
}
