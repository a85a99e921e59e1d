#pragma once
// Differential testing of the back ends (KLEE's ValidatingSolver): every command goes to the
// wrapped solver and to a second one (another back end, in the same expression context); every
// check is asked of both. When both answer and the answers differ, or when the second solver
// finds the wrapped one's unsat core satisfiable, check() throws SolverError naming the query
// (its number, the solvers and their answers). After a Sat answer the models are checked too:
// the layer keeps the assertion stack, asks each solver for a model of the query's variables and
// function applications, and evaluates every assertion and assumption in it (applications take
// the model's values; two applications of a function at equal arguments with different values
// are an inconsistent model). A constraint false in a model is an error like a disagreement; one
// the evaluator cannot decide (an application at arguments the model gives no value for, a
// division by zero) leaves that model unchecked (counted). Answers come from the wrapped solver;
// an Unknown from either side is not a disagreement (counted). The second solver gets the same
// per-query time limit; it is not under the run's query budget (it is a check, not the search).
// Counters: validate.checks, .agreed, .unknown, .cores_checked, .models_checked (both solvers'
// models of a sat query checked), .models_unchecked.
#include <cstddef>
#include <string>
#include <vector>

#include "symseq/solver/SolverLayer.h"
#include "symseq/solver/VariableSets.h"

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
  // Throws when `s`'s model of the last query makes a constraint false; false when undecidable.
  [[nodiscard]] bool checkModel(Solver& s, std::span<const Expr> assumptions, const std::string& where);

  PluginPtr<Solver> second_;
  VariableSets vars_;
  std::vector<Expr> assertions_;     // every assertion of every open scope, oldest first
  std::vector<std::size_t> marks_;   // assertions_.size() at each open push
  std::uint64_t checks_ = 0, agreed_ = 0, unknown_ = 0, cores_ = 0, modelsChecked_ = 0, modelsUnchecked_ = 0;
};

}  // namespace symseq

#pragma GCC visibility pop
