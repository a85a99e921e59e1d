#pragma once
// A program's contract (iosts-program-contracts.md, Definition 2): named behaviours, each a
// precondition over the inputs (and frozen variables) and a postcondition over the inputs, the
// result (and frozen variables). Programs are function symbols of kind Program; a transition that
// calls programs is lowered into one IR transition per combination of behaviours, each guarded by
// the instantiated pre- and postconditions (Transition::origin and variant say which).
#include <optional>
#include <string>
#include <vector>

#include "symseq/expr/Expr.h"
#include "symseq/expr/FunctionDecl.h"
#include "symseq/support/Error.h"

#pragma GCC visibility push(default)

namespace symseq {

struct Behavior {
  std::string name;
  Expr pre;   // over Contract::params and frozen variables
  Expr post;  // over Contract::params, Contract::result and frozen variables
  std::optional<SourceLocation> where;
};

struct Contract {
  const FunctionDecl* program = nullptr;  // kind Program
  std::vector<Expr> params;               // one variable per parameter, of its sort
  Expr result;                            // the variable standing for the result (`\result`)
  std::vector<Behavior> behaviors;        // empty: no contract, the program may return anything
  bool declaredDisjoint = false;          // `disjoint behaviors;` was written
  bool declaredComplete = false;          // `complete behaviors;` was written
  std::optional<SourceLocation> where;
};

}  // namespace symseq

#pragma GCC visibility pop
