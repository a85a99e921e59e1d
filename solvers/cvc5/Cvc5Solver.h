#pragma once
// The cvc5 1.0.3 back end: one cvc5::Solver in incremental mode that follows push/pop.
// cvc5 takes arbitrary Bool terms as assumptions and reports unsat assumptions itself.
// Time limit: cvc5 1.0.3 has no interrupt, so the per-query limit is its "tlimit-per" option.
// cvc5 1.0.3 accepts setting it between checks (verified), so it is set before a check whenever
// it changed. But a timeout can leave cvc5 1.0.3 broken: the next bit-vector check may abort the
// process inside CaDiCaL ("can only get value in satisfied state", found by the differential
// test). So after an Unknown the cvc5 solver is thrown away and rebuilt from the assertion
// stack, which is kept as kernel expressions for that purpose.
#include <cvc5/cvc5.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "Cvc5Translator.h"
#include "symseq/solver/BackendSolver.h"

namespace symseq::cvc5backend {

class Cvc5Solver final : public BackendSolver {
 public:
  Cvc5Solver(const ExprContext& ctx, unsigned randomSeed);

  std::string_view name() const override { return "cvc5"; }
  std::string version() const override;

 private:
  void doPush() override;
  void doPop(unsigned levels) override;
  void doAdd(Expr assertion) override;
  Answer doCheck(std::span<const Expr> assumptions) override;
  Value doValue(Expr e) override;
  std::vector<std::size_t> doUnsatAssumptionIndices() override;
  void doSetQueryTimeLimit(std::chrono::milliseconds limit) override;

  void rebuild();

  unsigned seed_;
  std::vector<std::vector<Expr>> frames_{1};  // assertions per scope, to rebuild from
  // Order matters: terms (translator, assumptions) must go before the solver that made them.
  std::unique_ptr<cvc5::Solver> solver_;
  std::unique_ptr<Cvc5Translator> translator_;
  std::chrono::milliseconds limit_{0};
  std::chrono::milliseconds appliedLimit_{0};
  std::vector<cvc5::Term> lastAssumptions_;  // translated, same order as given
};

}  // namespace symseq::cvc5backend
