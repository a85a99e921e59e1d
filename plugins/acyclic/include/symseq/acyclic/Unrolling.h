#pragma once
// The bounded-model-checking encoding of an acyclic-core model: the initial part once (part 0),
// then one copy of the loop body per iteration (parts 1, 2, ...), asserted on one solver as
// definitions, so that every assignment of the inputs (and of the unconstrained initial state)
// describes exactly the run replay makes with them. Queries then only add assumptions.
//
// Per part: a Bool per location (reached) and per transition (taken = source reached, guard
// holds, and no earlier-declared sibling of the same kind, input or not, is enabled: replay's
// first-enabled rule); the variables' values after each transition by substitution of its
// updates in order, merged where paths join by ?: over the incoming transitions' Bools.
//
// Symbol names contain '#', which no model identifier may:
//   a#j          input a, read by iteration j's step
//   x#j          state or local variable x at the loop head before iteration j (when not a copy)
//   #reach#L#j   location L reached in part j
//   #taken#T#j   transition T taken in part j
//   #ok#j        replay raises no evaluation error up to the end of part j (division by zero)
#include <chrono>
#include <cstdint>
#include <vector>

#include "symseq/expr/Connectives.h"
#include "symseq/acyclic/Definedness.h"
#include "symseq/exec/Substitute.h"
#include "symseq/acyclic/AcyclicCore.h"
#include "symseq/plugin/Strategy.h"
#include "symseq/solver/Solver.h"
#include "symseq/support/PacedDeadline.h"

#pragma GCC visibility push(default)

namespace symseq {

class Unrolling {
 public:
  // Encodes the initial part on `solver`, in the solver's current scope. Encoding stops at the
  // deadline, checked while it runs (a part of a long block asserts 100,000 definitions): the
  // unrolling is then incomplete() and encodes nothing more.
  Unrolling(const AcyclicCore& core, Solver& solver,
            std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max());

  // Encodes iteration iterations() + 1; false when the deadline came first (or had come).
  bool extend();
  // Encodes the iterations up to k; false when the deadline came first.
  bool extendTo(std::uint32_t k);
  // The deadline stopped the encoding short of what was asked (the solver may hold part of a
  // part): nothing more is encoded, and no query beyond iterations() means anything.
  [[nodiscard]] bool incomplete() const { return incomplete_; }
  // Encoded iterations (0 when even the initial part is incomplete).
  [[nodiscard]] std::uint32_t iterations() const {
    return parts_.empty() ? 0 : static_cast<std::uint32_t>(parts_.size() - 1);
  }

  // Whether `t` leaves a location of the initial part or of the body; otherwise no run takes it.
  [[nodiscard]] bool onSomePath(TransitionId t) const;
  // `t` is taken in the initial part or in one of iterations 1..k.
  [[nodiscard]] Expr covered(TransitionId t, std::uint32_t k) const;
  // The Bool saying `t` is taken in part `part` (0: the initial part; j: iteration j), or null
  // when `t` is not in that part or the part is not encoded.
  [[nodiscard]] Expr takenIn(TransitionId t, std::uint32_t part) const {
    return part < parts_.size() ? parts_[part].taken[t] : Expr{};
  }
  // The Bools saying `t` is taken in parts 0..k (those where it can be), to read from a model.
  [[nodiscard]] std::vector<Expr> takenSymbols(TransitionId t, std::uint32_t k) const;
  // A sequence of exactly k steps replays: the step of iteration k fires (so every earlier one
  // did), and no evaluation up to the end of iteration k fails.
  [[nodiscard]] Expr runs(std::uint32_t k) const;

  // The variables a model must give to build a sequence of k steps.
  [[nodiscard]] std::vector<Expr> sequenceSymbols(std::uint32_t k) const;
  // The sequence of k steps that a model (of a Sat answer to a query on runs(k)) describes.
  [[nodiscard]] TestSequence sequence(const Model& model, std::uint32_t k) const;

 private:
  struct Part {
    std::vector<Expr> taken;  // by transition; null where the transition is not in this part
    Expr fires;               // iterations: an input transition fired; the initial part: true
    Expr ok;                  // no evaluation error up to the end of this part
    std::vector<Expr> inputs; // iterations: the step's input symbols, in stepVariables_ order
  };
  // A path arriving at a location: the transition's Bool and the values after it.
  struct Arrival {
    Expr taken;
    Substitution store;
  };

  // Encodes a part (throws DeadlinePassed, which the constructor and extend() catch).
  void encodePart(const std::vector<LocationId>& order, Expr entryReach, const Substitution& entryStore);
  // Counts a unit of encoding work (one definition or one variable).
  void pace();
  [[nodiscard]] Substitution merge(const std::vector<Arrival>& arrivals);
  // A Bool symbol `name` asserted equal to `definition`.
  Expr define(const std::string& name, Expr definition);
  [[nodiscard]] std::uint32_t nextIndex() const { return static_cast<std::uint32_t>(parts_.size()); }

  const AcyclicCore& core_;
  const TransitionSystem& system_;
  ExprContext& ctx_;
  Solver& solver_;
  Definedness defined_;
  std::vector<Expr> stepVariables_;  // input variables of the loop head's transitions, first use order
  std::vector<Expr> unconstrained_;  // state variables without an initial value
  std::vector<Part> parts_;
  // The loop head before the next iteration: reached, and the variables' values there.
  Expr headReach_;
  Substitution headStore_;
  // A unit takes at most a few microseconds, so a part cut short overruns by about a millisecond.
  PacedDeadline<256> deadline_;
  bool incomplete_ = false;
};

}  // namespace symseq

#pragma GCC visibility pop
