#pragma once
// A path through an acyclic-core model as FINDPATH plans it, before any solving: the initial
// part up to the loop head, then one transition list per loop iteration (one test step each).
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "symseq/acyclic/AcyclicCore.h"

#pragma GCC visibility push(default)

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

// Why `path` is not a whole path of the model (the initial part from the initial location to
// the loop head, then non-empty iterations each from the loop head back to it), or nothing when
// it is one. Heuristics check what a strategy hands them, strategies what heuristics return.
[[nodiscard]] std::optional<std::string> wholePathDefect(const AcyclicCore& core, const SyntacticPath& path);

}  // namespace symseq

#pragma GCC visibility pop
