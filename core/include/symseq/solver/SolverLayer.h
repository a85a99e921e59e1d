#pragma once
// Base of kernel-side solver decorators: forwards every call to the solver it wraps, so a
// layer overrides only what it changes (a cache overrides check, a logger add and check, ...).
#include "symseq/support/PluginPtr.h"
#include "symseq/solver/Solver.h"

#pragma GCC visibility push(default)

namespace symseq {

class SolverLayer : public Solver {
 public:
  explicit SolverLayer(PluginPtr<Solver> inner) : inner_(std::move(inner)) {}

  std::string_view name() const override { return inner_->name(); }
  std::string version() const override { return inner_->version(); }
  void push() override { inner_->push(); }
  void pop(unsigned levels) override { inner_->pop(levels); }
  unsigned level() const override { return inner_->level(); }
  void add(Expr assertion) override { inner_->add(assertion); }
  CheckResult check(std::span<const Expr> assumptions) override { return inner_->check(assumptions); }
  Model model(std::span<const Expr> variables) override { return inner_->model(variables); }
  std::vector<Expr> unsatAssumptions() override { return inner_->unsatAssumptions(); }
  std::string reasonUnknown() const override { return inner_->reasonUnknown(); }
  void setQueryTimeLimit(std::chrono::milliseconds limit) override { inner_->setQueryTimeLimit(limit); }
  SolverStats stats() const override { return inner_->stats(); }

 protected:
  [[nodiscard]] Solver& inner() { return *inner_; }
  [[nodiscard]] const Solver& inner() const { return *inner_; }

 private:
  PluginPtr<Solver> inner_;
};

}  // namespace symseq

#pragma GCC visibility pop
