#pragma once
// Differential testing of the back ends (KLEE's ValidatingSolver): every command goes to the
// wrapped solver and to a second one (another back end, in the same expression context); every
// check is asked of both. When both answer and the answers differ, or when the second solver
// finds the wrapped one's unsat core satisfiable, check() throws SolverError naming the query
// (its number, the solvers and their answers). Answers come from the wrapped solver; an Unknown
// from either side is not a disagreement (counted). The second solver gets the same per-query
// time limit; it is not under the run's query budget (it is a check, not the search).
// Counters: validate.checks, .agreed, .unknown, .cores_checked.
#include "symseq/solver/SolverLayer.h"

#pragma GCC visibility push(default)

namespace symseq {

class ValidatingLayer final : public SolverLayer {
 public:
  ValidatingLayer(PluginPtr<Solver> inner, PluginPtr<Solver> second);

  void push() override;
  void pop(unsigned levels) override;
  void add(Expr assertion) override;
  CheckResult check(std::span<const Expr> assumptions) override;
  void setQueryTimeLimit(std::chrono::milliseconds limit) override;
  SolverStats stats() const override;

 private:
  PluginPtr<Solver> second_;
  std::uint64_t checks_ = 0, agreed_ = 0, unknown_ = 0, cores_ = 0;
};

}  // namespace symseq

#pragma GCC visibility pop
