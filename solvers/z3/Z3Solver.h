#pragma once
// The z3 back end. Two modes, since z3 behaves differently under each (engine notes §3: after a
// push, an assertion after a check, or any assumption, z3 drops to its incremental solver and
// loses its bit-blasting preprocessing):
//  - Incremental: one z3::solver that follows push/pop (z3's smt solver, without the default tactic).
//  - FreshPerQuery: the assertion stack is kept as kernel expressions and a new z3::solver is
//    built from it for every check (as KLEE does). Translations are still cached.
#include <z3++.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "Z3Translator.h"
#include "symseq/solver/BackendSolver.h"

namespace symseq::z3backend {

enum class Mode { Incremental, FreshPerQuery };

class Z3Solver final : public BackendSolver {
 public:
  Z3Solver(const ExprContext& ctx, Mode mode, unsigned randomSeed);

  std::string_view name() const override { return "z3"; }
  std::string version() const override;

 private:
  void doPush() override;
  void doPop(unsigned levels) override;
  void doAdd(Expr assertion) override;
  Answer doCheck(std::span<const Expr> assumptions) override;
  Value doValue(Expr e) override;
  std::vector<std::size_t> doUnsatAssumptionIndices() override { return core_; }
  void doSetQueryTimeLimit(std::chrono::milliseconds limit) override;

  void configure(z3::solver& s);
  Answer run(z3::solver& s, std::span<const Expr> assumptions, bool scoped);

  z3::context ctx_;  // first: everything below holds references into it
  Z3Translator translator_;
  Mode mode_;
  unsigned seed_;
  std::chrono::milliseconds limit_{0};
  std::optional<z3::solver> solver_;         // Incremental
  std::vector<std::vector<Expr>> frames_{1};  // FreshPerQuery: assertions per scope
  std::optional<z3::model> model_;            // after Sat
  std::vector<std::size_t> core_;             // after Unsat: assumption indices
};

}  // namespace symseq::z3backend
