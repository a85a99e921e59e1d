// The bounded-model-checking encoding (plugins/acyclic Unrolling) stops at the run's deadline
// while it encodes a part, not only between parts: one copy of a long block asserts a definition
// per assignment (issue 16: a block of 100,000 assignments overran a 1 s budget before the first
// query). The test's solver layer makes each definition slow, so that a part takes far longer
// than the deadline allows; without the check inside the part, every definition is asserted.
#include <doctest/doctest.h>

#include <chrono>
#include <string>
#include <thread>

#include "GraphModel.h"
#include "ShippedSolver.h"
#include "symseq/acyclic/AcyclicCore.h"
#include "symseq/acyclic/BoundedCoverage.h"
#include "symseq/acyclic/Unrolling.h"
#include "symseq/solver/SolverLayer.h"

using namespace symseq;

namespace {

using Clock = std::chrono::steady_clock;

// Counts definitions and makes each take 100 µs (a part of the chain below: over 200 ms).
class SlowAdds final : public SolverLayer {
 public:
  using SolverLayer::SolverLayer;
  void add(Expr assertion) override {
    ++adds;
    std::this_thread::sleep_for(std::chrono::microseconds(100));
    inner().add(assertion);
  }
  int adds = 0;
};

// A loop whose body is one transition of kLength chained assignments, x1 = x0 + in, then
// x(i+1) = x(i) + 1: an iteration defines every x(i) at the loop head (kLength definitions).
constexpr int kLength = 2000;

struct Chain : test::GraphModel {
  Chain() {
    read("read", "head", "body");
    const TransitionId block = step("block", "body", "head");
    std::vector<Expr> xs;
    for (int i = 0; i <= kLength; ++i) {
      xs.push_back(ctx.var("x" + std::to_string(i), Sort::integer()));
      ts.variables.push_back({xs.back(), VariableRole::State, ctx.intVal(0), std::nullopt});
    }
    ts.transitions[block].updates.push_back({xs[1], ctx.make(Op::Add, {xs[0], in})});
    for (int i = 2; i <= kLength; ++i)
      ts.transitions[block].updates.push_back({xs[static_cast<std::size_t>(i)],
                                               ctx.make(Op::Add, {xs[static_cast<std::size_t>(i - 1)], ctx.intVal(1)})});
  }
};

}  // namespace

TEST_CASE("unrolling: the deadline stops the encoding inside a part of a long block") {
  Chain m;
  const AcyclicCore core = AcyclicCore::analyse(m.ts, "test");
  auto slow = makePluginPtr<SlowAdds>(test::makeShippedSolver(m.ctx));
  SlowAdds* probe = slow.get();

  SUBCASE("a deadline far away: the whole part is encoded") {
    Unrolling unrolling(core, *slow, Clock::now() + std::chrono::hours(1));
    CHECK(unrolling.extend());
    CHECK(unrolling.iterations() == 1);
    CHECK_FALSE(unrolling.incomplete());
    CHECK(probe->adds > kLength);
  }
  SUBCASE("a deadline 100 ms away: the part (over 200 ms of definitions) stops early, and nothing more is encoded") {
    Unrolling unrolling(core, *slow, Clock::now() + std::chrono::milliseconds(100));
    CHECK_FALSE(unrolling.extend());
    CHECK(unrolling.incomplete());
    CHECK(unrolling.iterations() == 0);  // the part cut short does not count
    CHECK(probe->adds > 0);              // it was cut inside the part, not refused before it
    // The clock is read every 256 units of work (a definition or a variable).
    CHECK(probe->adds < kLength / 2);
    const int stoppedAt = probe->adds;
    CHECK_FALSE(unrolling.extend());
    CHECK(probe->adds == stoppedAt);
  }
}

TEST_CASE("bounded coverage: a deadline that passes while a part is encoded ends the work, budget-exhausted") {
  Chain m;
  const AcyclicCore core = AcyclicCore::analyse(m.ts, "test");
  auto slow = makePluginPtr<SlowAdds>(test::makeShippedSolver(m.ctx));
  SlowAdds* probe = slow.get();
  BoundedCoverage coverage(core, *slow, 3, Clock::now() + std::chrono::milliseconds(100));
  const TargetFeasibility f = coverage.feasibility(m.ids({"block"}));
  REQUIRE(f.uncovered.contains(m.id("block")));
  CHECK(std::string(toString(f.uncovered.at(m.id("block")))) == "budget-exhausted");
  CHECK(f.witnesses.empty());
  CHECK(probe->adds < kLength / 2);
}
