#pragma once
// The free variables of expressions, remembered per expression (hash-consed, so per structure):
// the counterexample cache asks which variables a stored model must give, independence slicing
// which constraints share variables. Applications of declared functions count as variables of
// their own (their value is a model's to give), together with the variables of their arguments.
#include <cstdint>
#include <span>
#include <unordered_map>
#include <vector>

#include "symseq/expr/Expr.h"
#include "symseq/expr/Value.h"

#pragma GCC visibility push(default)

namespace symseq {

class VariableSets {
 public:
  // The free variables and function applications of `e`, ordered by id.
  [[nodiscard]] const std::vector<Expr>& of(Expr e);
  // Of all of them together, ordered by id, each once.
  [[nodiscard]] std::vector<Expr> of(std::span<const Expr> exprs);

 private:
  std::unordered_map<std::uint32_t, std::vector<Expr>> memo_;
};

// Some value of the sort (false, 0, 0.0, all-zero bits): model completion of a variable that no
// constraint mentions.
[[nodiscard]] Value someValue(Sort sort);

}  // namespace symseq

#pragma GCC visibility pop
