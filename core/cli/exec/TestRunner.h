#pragma once
// Drives one test through an adapter and gives its verdict (docs/exec.md).
//  - Models with output channels (IOSTS): reset; walk the plan, sending each input and observing
//    where an output is planned, up to the first observation that differs from the plan; then,
//    when all went to plan, observe once more (quiescence is expected, an output is a deviation).
//    The observed trace is judged against the model (verdict/Verdict.h) with the planned path as
//    the test purpose: PASS and WeakPASS give pass, INCONC inconclusive (the system took a path
//    the model allows and the test did not plan), FAIL fail with the event that leaves the model.
//    Programs known by contracts stay uninterpreted, as in verdicts.
//  - Models without output channels (CFG): each step is an input; with observed variables, one
//    observe per step must answer the output `state` with their values, equal to the model's after
//    that step (a CFG model is deterministic given its inputs).
//  - Adapter failures are verdicts: timeouts and ends of the adapter fail, protocol faults and
//    error answers are errors; the adapter is started again for the next test.
#include <cstdint>
#include <vector>

#include "exec/AdapterClient.h"
#include "exec/TestOutcome.h"
#include "exec/TestPlan.h"
#include "symseq/solver/Solver.h"
#include "symseq/verdict/TauReduction.h"

namespace symseq::exec {

struct RunnerSettings {
  std::int32_t observeTimeoutMs = 500;  // observe's timeout_ms
  std::vector<Expr> observe{};          // CFG models: the variables `state` carries, in order
};

// Whether tests of `system` are judged on outputs (it has output channels) or on observed state.
[[nodiscard]] bool observesOutputs(const TransitionSystem& system);

class TestRunner {
 public:
  // `reduced`: tauReduce(system), needed when observesOutputs(system).
  TestRunner(const TransitionSystem& system, const TauReduced* reduced, AdapterClient& client, Solver& solver,
             RunnerSettings settings)
      : system_(system), reduced_(reduced), client_(client), solver_(solver), settings_(std::move(settings)) {}

  [[nodiscard]] TestOutcome run(const TestPlan& plan);

 private:
  [[nodiscard]] TestOutcome runOutputs(const TestPlan& plan);
  [[nodiscard]] TestOutcome runStates(const TestPlan& plan);
  // A decoded observation, or the reason it is not one of the model's.
  [[nodiscard]] std::optional<TraceEvent> decode(const Observation& o, std::string& problem) const;
  [[nodiscard]] std::vector<std::string> encode(const TraceEvent& input) const;

  const TransitionSystem& system_;
  const TauReduced* reduced_;
  AdapterClient& client_;
  Solver& solver_;
  RunnerSettings settings_;
};

}  // namespace symseq::exec
