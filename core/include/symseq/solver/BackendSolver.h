#pragma once
// The part of the Solver contract that every SMT back end shares, so each back end only
// translates and forwards: context ownership and sort checks (cvc5 1.0.3 checks neither), scope
// counting, which answer the last check gave (model only after Sat, core only after Unsat), the
// assumptions' order for the core, and the statistics with the time spent in check.
#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

#include "symseq/expr/ExprContext.h"
#include "symseq/solver/Solver.h"

#pragma GCC visibility push(default)

namespace symseq {

class BackendSolver : public Solver {
 public:
  void push() final;
  void pop(unsigned levels = 1) final;
  unsigned level() const final { return level_; }
  void add(Expr assertion) final;
  CheckResult check(std::span<const Expr> assumptions = {}) final;
  Model model(std::span<const Expr> variables) final;
  std::vector<Expr> unsatAssumptions() final;
  std::string reasonUnknown() const final;
  void setQueryTimeLimit(std::chrono::milliseconds limit) final;
  SolverStats stats() const final { return stats_; }

 protected:
  explicit BackendSolver(const ExprContext& ctx) : ctx_(&ctx) {}

  struct Answer {
    CheckResult result = CheckResult::Unknown;
    std::string reasonUnknown;  // Unknown only
  };

  // The hooks see only checked input: owned by the context, Bool where a formula is due.
  virtual void doPush() = 0;
  virtual void doPop(unsigned levels) = 0;
  virtual void doAdd(Expr assertion) = 0;
  virtual Answer doCheck(std::span<const Expr> assumptions) = 0;
  // Called only right after a Sat answer, before any other change.
  virtual Value doValue(Expr e) = 0;
  // Called only right after an Unsat answer: indices into the last check's assumptions, in any
  // order and possibly repeated; the base class sorts them into the given order.
  virtual std::vector<std::size_t> doUnsatAssumptionIndices() = 0;
  // Zero means none. The back end applies it to the next check.
  virtual void doSetQueryTimeLimit(std::chrono::milliseconds limit) = 0;

  [[nodiscard]] const ExprContext& context() const { return *ctx_; }
  // Throws SolverError for a null expression or one built in another context.
  void checkOwned(Expr e, const char* what) const;

 private:
  enum class Last { None, Sat, Unsat, Unknown };
  void invalidate() { last_ = Last::None; }

  const ExprContext* ctx_;
  unsigned level_ = 0;
  Last last_ = Last::None;
  std::string reasonUnknown_;
  std::vector<Expr> lastAssumptions_;
  SolverStats stats_;
};

}  // namespace symseq

#pragma GCC visibility pop
