#pragma once
// Heuristics are small functions a strategy consults; each family is its own interface, and
// a strategy names the families it accepts. A heuristic never copies the search loop.
#include <string_view>

#include "symseq/support/Error.h"

#pragma GCC visibility push(default)

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

}  // namespace symseq

#pragma GCC visibility pop
