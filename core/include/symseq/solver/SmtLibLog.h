#pragma once
// A solver layer that writes every command it forwards as an SMT-LIB2 script: declarations (once
// each, as the first assertion that uses them arrives), assert, push, pop, check-sat or
// check-sat-assuming, and the answer as a comment. Feeding the log to z3 or cvc5 replays the run's
// queries outside symseq, which is how a wrong or slow answer is reported upstream.
#include <ostream>
#include <set>
#include <span>
#include <string>

#include "symseq/solver/SolverLayer.h"

#pragma GCC visibility push(default)

namespace symseq {

class SmtLibLog final : public SolverLayer {
 public:
  // `out` must outlive the layer.
  SmtLibLog(PluginPtr<Solver> inner, std::ostream& out);

  void push() override;
  void pop(unsigned levels) override;
  void add(Expr assertion) override;
  CheckResult check(std::span<const Expr> assumptions) override;

 private:
  void declare(std::span<const Expr> terms);

  std::ostream& out_;
  std::set<std::string> declared_;  // declaration lines already written
};

}  // namespace symseq

#pragma GCC visibility pop
