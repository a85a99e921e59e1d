#pragma once
// Runs a transition system concretely, one step at a time, with the semantics of the kernel's
// replay (core/include/symseq/exec/Replay.h): internal closure first enabled in declaration
// order, a step fires the first input transition (in declaration order) whose guard holds with
// the step's values. Replay starts from the initial state for every sequence; this runner keeps
// its state between steps, so a random walk costs one step per step, not one replay per step.
// The kernel still replays every sequence the strategy proposes.
#include <span>
#include <vector>

#include "symseq/exec/Replay.h"
#include "symseq/ir/TransitionSystem.h"

namespace symseq::random {

class ConcreteRunner {
 public:
  explicit ConcreteRunner(const TransitionSystem& system);

  // Starts a sequence from the initial state (`initial` gives the state variables the model leaves
  // unconstrained) and runs the initial closure. False when that closure fails (an evaluation
  // error, or an internal loop), as replay would. `fired` receives the transitions fired.
  bool start(const Valuation& initial, std::vector<TransitionId>& fired);

  // Input transitions leaving the current location, in declaration order.
  [[nodiscard]] std::span<const TransitionId> inputTransitions() const { return inputs_[location_]; }
  // The input variables those transitions bind, each once, in the order they first appear.
  [[nodiscard]] std::span<const Expr> stepVariables() const { return stepVariables_[location_]; }

  // Runs one step with `values` (fire the first enabled input transition, then the closure).
  // False when no input transition is enabled or replay would fail during the step; the runner
  // must then start() again (a sequence ends there), and `fired` may hold part of the step.
  bool step(const Valuation& values, std::vector<TransitionId>& fired);

 private:
  struct Failed {};  // replay would fail here; caught by start() and step()

  [[nodiscard]] Value eval(Expr e) const;
  void fire(TransitionId id, std::vector<TransitionId>& fired);
  void closure(std::vector<TransitionId>& fired);

  const TransitionSystem& system_;
  std::vector<std::vector<TransitionId>> internal_;  // per location: internal and output transitions
  std::vector<std::vector<TransitionId>> inputs_;    // per location: input transitions
  std::vector<std::vector<Expr>> stepVariables_;     // per location
  ReplayLimits limits_;
  LocationId location_ = 0;
  Valuation state_;
};

}  // namespace symseq::random
