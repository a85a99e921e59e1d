#pragma once
// The χ transformation (iosts-function-summaries.md, section 3.2): every application of an
// external function in a term is replaced by a fresh result variable and recorded as a call
// (p, (t1, ..., tn), x). Nested calls are replaced innermost first, so a call's arguments are
// already free of external functions.
#include <cstdint>
#include <string>
#include <vector>

#include "symseq/expr/Rewrite.h"

#pragma GCC visibility push(default)

namespace symseq {

struct CallRecord {
  const FunctionDecl* function = nullptr;
  std::vector<Expr> args;  // free of external functions
  Expr result;             // the fresh variable standing for the call's value
};

// Rewrites terms of one symbolic step. Within one extractor, equal calls (same function, same
// rewritten arguments) share one result variable: functions are deterministic. Result variables
// are named `F@<depth>.<k>`; like fresh inputs they are shared by siblings of one depth.
class CallExtractor {
 public:
  CallExtractor(ExprContext& ctx, std::uint32_t depth) : ctx_(ctx), depth_(depth) {}

  // χ(t)|1; the calls it introduced are appended to calls().
  [[nodiscard]] Expr rewrite(Expr term);
  [[nodiscard]] const std::vector<CallRecord>& calls() const { return calls_; }

 private:
  ExprContext& ctx_;
  std::uint32_t depth_;
  RewriteMemo done_;                                  // rewritten sub-terms, shared across calls
  std::unordered_map<std::uint32_t, Expr> results_;   // rewritten application -> its result
  std::vector<CallRecord> calls_;
};

// True when `term` applies a function of `kind` somewhere.
[[nodiscard]] bool appliesFunction(Expr term, FunctionKind kind);
// True when `term` applies an external function somewhere.
[[nodiscard]] inline bool callsExternal(Expr term) { return appliesFunction(term, FunctionKind::External); }

}  // namespace symseq

#pragma GCC visibility pop
