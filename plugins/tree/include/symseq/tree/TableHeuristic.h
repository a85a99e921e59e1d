#pragma once
// The heuristic family of SolveTab (iosts-function-summaries.md, section 4.1): when a path
// condition is unsatisfiable up to the current function tables, a table heuristic contributes a
// formula that steers the solver towards new inputs worth running the real functions on
// (NoCorres: inputs not yet in the tables; Dep: arguments compatible with the results the tables
// already hold). It only builds a formula; SolveTab (tree/SolveTab.h) does the solving.
#include <span>

#include "symseq/plugin/Heuristic.h"
#include "symseq/summary/CallRecord.h"
#include "symseq/summary/FunctionTable.h"

#pragma GCC visibility push(default)

namespace symseq {

struct TableSituation {
  ExprContext& ctx;
  std::span<const CallRecord> calls;  // κ of the path condition
  const FunctionTables& tables;
};

class SYMSEQ_VISIBLE TableHeuristic : public Heuristic {
 public:
  ~TableHeuristic() override;
  // A Bool formula over the calls' arguments and results, conjoined with ψ.
  [[nodiscard]] virtual Expr constrain(const TableSituation& situation) const = 0;
};

}  // namespace symseq

#pragma GCC visibility pop
