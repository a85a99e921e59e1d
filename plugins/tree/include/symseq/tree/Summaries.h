#pragma once
// The formulas of section 3.1 and 4.1 of iosts-function-summaries.md, over a set of calls and
// the current tables. Each is built in the calls' context and is free of external functions.
#include <span>

#include "symseq/summary/CallRecord.h"
#include "symseq/summary/FunctionTable.h"

#pragma GCC visibility push(default)

namespace symseq {

// Sum(cl, tab_p): the call matches one row (false for an empty table).
[[nodiscard]] Expr callSummary(ExprContext& ctx, const CallRecord& call, const FunctionTable* table);
// Sums(Cls, Tab): every call matches a row of its table.
[[nodiscard]] Expr summaries(ExprContext& ctx, std::span<const CallRecord> calls, const FunctionTables& tables);

// NoCorres1(cl, tab_p): the call's inputs differ from every row's.
[[nodiscard]] Expr noCorrespondence(ExprContext& ctx, const CallRecord& call, const FunctionTable* table);
// CorresRes(cl, tab_q): the call's result is one of the results in its table.
[[nodiscard]] Expr resultInTable(ExprContext& ctx, const CallRecord& call, const FunctionTable* table);
// Dep_cl: the calls (other than `call`) whose result variable occurs in `call`'s arguments.
[[nodiscard]] std::vector<const CallRecord*> dependencies(const CallRecord& call, std::span<const CallRecord> calls);

}  // namespace symseq

#pragma GCC visibility pop
