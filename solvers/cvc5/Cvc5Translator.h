#pragma once
// Kernel expressions to cvc5 terms, cached by Expr::id (a vector) and functions by
// FunctionDecl::id. Uses the cvc5 1.0.3 API (terms made by the Solver; no TermManager yet).
#include <cvc5/cvc5.h>

#include <vector>

#include "symseq/expr/Expr.h"
#include "symseq/expr/FunctionDecl.h"

namespace symseq::cvc5backend {

class Cvc5Translator {
 public:
  explicit Cvc5Translator(cvc5::Solver& solver) : solver_(solver) {}

  [[nodiscard]] cvc5::Term translate(Expr e);
  [[nodiscard]] cvc5::Sort sort(Sort s);

 private:
  cvc5::Term build(Expr e);
  cvc5::Term function(const FunctionDecl& f);
  cvc5::Term literal(const Value& v);

  cvc5::Solver& solver_;
  std::vector<cvc5::Term> cache_;      // by Expr::id; null until translated
  std::vector<cvc5::Term> functions_;  // by FunctionDecl::id; null until declared
};

}  // namespace symseq::cvc5backend
