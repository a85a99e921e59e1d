#pragma once
// Makes solvers like the run's own: the same back end and layers, bound to the run's context, with
// the run's budgets shared among all of them. A strategy that searches on several threads asks it
// for one solver per thread (plugin/Strategy.h, GenerationJob::solvers).
#include "symseq/solver/Solver.h"
#include "symseq/support/PluginPtr.h"

#pragma GCC visibility push(default)

namespace symseq {

class SolverFactory {
 public:
  virtual ~SolverFactory() = default;
  // A fresh solver with no assertions. Thread-safe: workers may call it concurrently.
  [[nodiscard]] virtual PluginPtr<Solver> make() const = 0;
};

}  // namespace symseq

#pragma GCC visibility pop
