#pragma once
// Symbolic execution of the IR, one transition at a time (Definitions 2 and 3 of the IOSTS
// paper; the same step serves CFG paths). A state maps variables to terms over the symbols of
// the initial state and the fresh inputs read so far; the path condition collects the guards.
// Strategies decide which transitions to try and ask the solver; this class only computes.
#include <cstdint>
#include <vector>

#include "symseq/exec/Substitute.h"
#include "symseq/ir/TransitionSystem.h"

#pragma GCC visibility push(default)

namespace symseq {

struct SymbolicState {
  LocationId location = 0;
  Substitution store;               // State, Local and bound Input variables -> terms
  std::vector<Expr> pathCondition;  // conjuncts, in the order they were added
  std::uint32_t depth = 0;          // transitions taken
};

struct SymbolicStep {
  SymbolicState next;
  Expr guard;                     // the instantiated guard (already appended to the path condition)
  std::vector<Expr> inputs;       // the fresh symbols the step read, in the action's order
  std::vector<Expr> outputs;      // output terms, instantiated before the updates
};

class SymbolicExecutor {
 public:
  explicit SymbolicExecutor(const TransitionSystem& system) : system_(system) {}

  // State variables with an initial value map to it; unconstrained ones to their own symbol,
  // which stands for the unknown initial value.
  [[nodiscard]] SymbolicState initial() const;

  // Takes transition `id` from `state` (which must be at its source). An input variable `x`
  // read at depth d becomes the fresh symbol `x@d+1`; siblings at one depth share symbols,
  // which is sound because they lie on different paths.
  [[nodiscard]] SymbolicStep apply(const SymbolicState& state, TransitionId id) const;

  // The fresh symbol for input variable `var` read by the step that reaches depth `depth`.
  [[nodiscard]] Expr freshInput(Expr var, std::uint32_t depth) const;

  [[nodiscard]] const TransitionSystem& system() const { return system_; }

 private:
  const TransitionSystem& system_;
};

}  // namespace symseq

#pragma GCC visibility pop
