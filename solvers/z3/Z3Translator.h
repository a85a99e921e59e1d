#pragma once
// Kernel expressions to z3 terms. Results are cached by Expr::id (dense, so a vector), and
// declared functions by FunctionDecl::id, so a shared sub-term is translated once per context.
#include <z3++.h>

#include <vector>

#include "symseq/expr/Expr.h"
#include "symseq/expr/FunctionDecl.h"

namespace symseq::z3backend {

class Z3Translator {
 public:
  explicit Z3Translator(z3::context& ctx) : ctx_(ctx) {}

  // The kernel has checked sorts already, which matters: z3++ aborts on mixed sorts.
  [[nodiscard]] z3::expr translate(Expr e);
  [[nodiscard]] z3::sort sort(Sort s);

 private:
  z3::expr build(Expr e);
  z3::func_decl function(const FunctionDecl& f);
  z3::expr literal(const Value& v);
  const z3::expr& cached(Expr e) const { return cache_[e.id()]; }

  z3::context& ctx_;
  std::vector<z3::expr> cache_;        // by Expr::id; null until translated
  std::vector<z3::func_decl> functions_;  // by FunctionDecl::id; null until declared
};

}  // namespace symseq::z3backend
