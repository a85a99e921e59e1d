#pragma once
// A quick check that a solver back end works on this machine: a handful of formulas over every
// sort with known answers; every model is checked with the kernel's evaluator.
#include <string>
#include <vector>

#include "symseq/expr/ExprContext.h"
#include "symseq/solver/Solver.h"

#pragma GCC visibility push(default)

namespace symseq {

struct SelfCheckReport {
  std::string solver;   // name and version
  unsigned passed = 0;
  std::vector<std::string> failures;  // one line each: which formula, what went wrong
  [[nodiscard]] bool ok() const { return failures.empty(); }
};

[[nodiscard]] SelfCheckReport runSelfCheck(Solver& solver, ExprContext& ctx);

}  // namespace symseq

#pragma GCC visibility pop
