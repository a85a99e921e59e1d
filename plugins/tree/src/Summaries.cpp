#include "symseq/tree/Summaries.h"

#include <algorithm>

#include "symseq/expr/Connectives.h"
#include "symseq/expr/Rewrite.h"

namespace symseq {

namespace {

bool allConstant(std::span<const Expr> terms) {
  return std::all_of(terms.begin(), terms.end(), [](Expr t) { return t.isConst(); });
}


}  // namespace

Expr callSummary(ExprContext& ctx, const CallRecord& call, const FunctionTable* table) {
  if (!table) return ctx.boolVal(false);
  if (allConstant(call.args)) {
    // Known inputs pick their row, if any: no disjunction for the solver to split.
    std::vector<Value> args;
    for (Expr a : call.args) args.push_back(a.value());
    const Value* result = table->lookup(args);
    return result ? ctx.mkEq(call.result, ctx.constant(*result)) : ctx.boolVal(false);
  }
  std::vector<Expr> rows;
  rows.reserve(table->size());
  for (const TableRow& row : table->rows()) {
    std::vector<Expr> parts;
    for (std::size_t i = 0; i < row.args.size(); ++i) parts.push_back(ctx.mkEq(call.args[i], ctx.constant(row.args[i])));
    parts.push_back(ctx.mkEq(call.result, ctx.constant(row.result)));
    rows.push_back(conjunction(ctx, parts));
  }
  return disjunction(ctx, rows);
}

Expr summaries(ExprContext& ctx, std::span<const CallRecord> calls, const FunctionTables& tables) {
  std::vector<Expr> parts;
  for (const CallRecord& c : calls) parts.push_back(callSummary(ctx, c, tables.find(*c.function)));
  return conjunction(ctx, parts);
}

Expr noCorrespondence(ExprContext& ctx, const CallRecord& call, const FunctionTable* table) {
  if (!table) return ctx.boolVal(true);
  std::vector<Expr> rows;
  for (const TableRow& row : table->rows()) {
    std::vector<Expr> differ;
    for (std::size_t i = 0; i < row.args.size(); ++i)
      differ.push_back(ctx.mkNot(ctx.mkEq(call.args[i], ctx.constant(row.args[i]))));
    rows.push_back(disjunction(ctx, differ));
  }
  return conjunction(ctx, rows);
}

Expr resultInTable(ExprContext& ctx, const CallRecord& call, const FunctionTable* table) {
  if (!table) return ctx.boolVal(false);
  std::vector<Expr> results;
  for (const TableRow& row : table->rows()) results.push_back(ctx.mkEq(call.result, ctx.constant(row.result)));
  return disjunction(ctx, results);
}

std::vector<const CallRecord*> dependencies(const CallRecord& call, std::span<const CallRecord> calls) {
  std::set<Expr, ExprIdLess> read;
  for (Expr a : call.args) collectVariables(a, read);
  std::vector<const CallRecord*> out;
  for (const CallRecord& other : calls)
    if (&other != &call && read.contains(other.result)) out.push_back(&other);
  return out;
}

}  // namespace symseq
