#pragma once
// The heuristic family of searchers (plugin/Searcher.h): a search heuristic scores frontier states,
// and a searcher that consults the family (best-first) expands the best-scored first. Anchored in
// the kernel (plugin/Heuristic.cpp), so every plugin recognises the family.
#include <cstdint>

#include "symseq/plugin/Heuristic.h"

#pragma GCC visibility push(default)

namespace symseq {

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
class SYMSEQ_VISIBLE SearchHeuristic : public Heuristic {
 public:
  ~SearchHeuristic() override;
  [[nodiscard]] virtual double score(const StateView& state) const = 0;
};

}  // namespace symseq

#pragma GCC visibility pop
