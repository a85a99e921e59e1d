#pragma once
// A path through an acyclic-core model as FINDPATH plans it, before any solving: the initial
// part up to the loop head, then one transition list per loop iteration (one test step each).
#include <cstdint>
#include <set>
#include <vector>

#include "symseq/ir/AcyclicCore.h"

namespace symseq {

struct SyntacticPath {
  std::vector<TransitionId> prefix;                   // initial location -> loop head
  std::vector<std::vector<TransitionId>> iterations;  // loop head -> loop head, each

  [[nodiscard]] std::vector<TransitionId> flatten() const;
  [[nodiscard]] std::set<TransitionId> transitions() const;
  friend bool operator==(const SyntacticPath&, const SyntacticPath&) = default;
};

// Splits a path from the initial location into its initial part and iterations; the last
// iteration may be incomplete (it does not yet return to the loop head).
[[nodiscard]] SyntacticPath splitPath(const AcyclicCore& core, const std::vector<TransitionId>& flat);

}  // namespace symseq
