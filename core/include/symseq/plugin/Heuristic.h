#pragma once
// Heuristics are small functions a strategy consults; each family is its own interface, and
// a strategy names the families it accepts. A heuristic never copies the search loop.
#include <cstdint>
#include <string_view>

#include "symseq/support/Error.h"

namespace symseq {

// Visible and anchored in the kernel (out-of-line destructor) so that a strategy in one plugin
// can recognise, with dynamic_cast, the family of a heuristic made by another.
class SYMSEQ_VISIBLE Heuristic {
 public:
  virtual ~Heuristic();
};

// A configured heuristic as a strategy sees it: its name (for messages) and the object.
struct HeuristicRef {
  std::string_view name;
  const Heuristic* heuristic;
};

// What a search heuristic may look at when it scores a state (read-only, no pointers to order by).
struct StateView {
  std::uint64_t id = 0;                  // creation order of the state
  std::uint32_t depth = 0;               // steps from the initial state
  std::uint32_t location = 0;            // LocationId
  std::uint32_t uncoveredOutgoing = 0;   // uncovered target transitions leaving the location
  std::uint64_t stepsSinceNewCoverage = 0;
  double queryCostSeconds = 0.0;         // solver time spent on this state's path so far
};

// The KLEE WeightType idea: a searcher picks states by score; higher explores sooner.
class SearchHeuristic : public Heuristic {
 public:
  [[nodiscard]] virtual double score(const StateView& state) const = 0;
};

}  // namespace symseq
