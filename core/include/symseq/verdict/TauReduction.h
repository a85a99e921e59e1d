#pragma once
// τ-reduction (iosts-program-contracts.md §6.1; seed-requirements 4.1): under the assumption that
// no cycle of internal (τ) transitions exists, every maximal sequence of internal transitions
// followed by a visible one (an input or an output) becomes one transition carrying that action.
// A sequence starts where the system can be observed to stand: at the initial location or at the
// target of a visible transition. The composed transition keeps the IR's step semantics
// (ir/TransitionSystem.h): its guard is the conjunction of the chain's guards, each read after the
// updates before it (substituted, as exec/SymbolicExecutor.cpp does); an output's terms are read
// after the internal updates and before the output's own; the updates are the chain's, in order
// (sequential updates compose by concatenation).
#include <string>
#include <vector>

#include "symseq/ir/TransitionSystem.h"

#pragma GCC visibility push(default)

namespace symseq {

// A cycle of internal transitions, in order (each one's target is the next one's source, the
// last's target the first's source), or empty when there is none. Structural: guards are not
// read, since the paper's assumption is about the transitions. Deterministic: the first cycle a
// depth-first walk in declaration order meets.
[[nodiscard]] std::vector<TransitionId> findTauCycle(const TransitionSystem& system);

// Throws Error naming the cycle's transitions, located at its first transition.
void checkNoTauCycle(const TransitionSystem& system);

struct TauReduced {
  // The same context, variables, locations, channels, contracts and axioms; visible transitions
  // only, named after the chain they stand for (`init.coin`; a visible transition without an
  // internal one before it keeps its name); no declared targets.
  TransitionSystem system;
  // Per transition of `system`: the original transitions it stands for, in firing order, the
  // visible one last. (Transition::origin names a model transition split by behaviours, a
  // different relation, so the mapping lives here.)
  std::vector<std::vector<TransitionId>> origins;
};

// Checks for a τ cycle first (checkNoTauCycle). Throws Error, located at the chain's first
// internal transition, when a chain ending in an input reads an input variable that this input
// rebinds (the composed guard could not tell the old value from the new one), and when the chains
// exceed `maxTransitions` (they can grow as the product of internal branchings).
[[nodiscard]] TauReduced tauReduce(const TransitionSystem& system, std::size_t maxTransitions = 100'000);

}  // namespace symseq

#pragma GCC visibility pop
