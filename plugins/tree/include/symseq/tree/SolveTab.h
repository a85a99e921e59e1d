#pragma once
// SolveTab(m, ψ, κ, Tab), Algorithm 1 of iosts-function-summaries.md: satisfiability of a
// path condition up to the summaries of its external calls, enriching the tables by running the
// real functions on new inputs that the table heuristics (NoCorres, Dep, ...) steer the solver to.
//
// The heuristics are used as the paper uses NoCorres and Dep: first all of them together, then,
// when that is unsatisfiable, without the last one, and so on down to the first alone. The first
// should guarantee new inputs (no-corres does); with none configured the enrichment query is ψ alone.
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "symseq/tree/TableHeuristic.h"
#include "symseq/solver/Solver.h"
#include "symseq/expr/Valuation.h"
#include "symseq/plugin/Strategy.h"

#pragma GCC visibility push(default)

namespace symseq {

struct SolveTabJob {
  ExprContext& ctx;  // of the path condition and the calls
  Solver& solver;
  std::span<const Expr> pathCondition;  // ψ, free of external functions (conjuncts)
  std::span<const CallRecord> calls;    // κ
  FunctionTables& tables;
  const FunctionInterpretations* functions = nullptr;  // Exec_p; null: no enrichment possible
  std::span<const TableHeuristic* const> heuristics;
  std::uint64_t attempts = 0;  // m; 0 is the static version
};

struct SolveTabResult {
  CheckResult answer = CheckResult::Unknown;  // Sat: a solution exists up to the tables
  std::uint64_t rowsAdded = 0;
  std::uint64_t heuristicCalls = 0;      // enrichment queries
  std::uint64_t heuristicSuccesses = 0;  // those that added a row
  std::vector<ExternalFailure> failures;
};

// Runs on the solver's current scope (pushes and pops around its own assertions), so the
// caller may keep a shared prefix asserted.
[[nodiscard]] SolveTabResult solveTab(const SolveTabJob& job);

}  // namespace symseq

#pragma GCC visibility pop
