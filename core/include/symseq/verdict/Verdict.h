#pragma once
// Verdicts of an observed trace against a test purpose (iosts-program-contracts.md §6.1, after
// Gaston et al., TestCom 2006; seed-requirements 4.1), off line. The trace is matched against the
// τ-reduced, δ-enriched symbolic execution of the model: every symbolic path as long as the trace
// whose visible actions carry the trace's channels (δ for quiescence, verdict/Quiescence.h) is a candidate,
// and the trace belongs to it when its path condition, with the observed values bound to the
// path's inputs and output terms, is satisfiable. Programs known by contracts stay uninterpreted
// (one deterministic function per program along a path), so a trace belongs to a path when some
// programs satisfying the contracts let the model produce it.
//   WeakPASS  the trace belongs to a path that reaches a leaf of the purpose and to one that does not;
//   PASS      it belongs to a path that reaches a leaf, and to no other;
//   INCONC    it belongs to the execution, but no path it belongs to reaches a leaf;
//   FAIL      it belongs to no path of the execution.
// A path reaches a leaf when one of the purpose's transition sequences is a prefix of the original
// transitions it stands for (a leaf may lie inside a τ-reduced transition; δ steps are none).
#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

#include "symseq/solver/Solver.h"
#include "symseq/verdict/TauReduction.h"
#include "symseq/verdict/TestPurpose.h"
#include "symseq/verdict/Trace.h"

#pragma GCC visibility push(default)

namespace symseq {

enum class Verdict : std::uint8_t { Pass, WeakPass, Inconclusive, Fail };
[[nodiscard]] std::string_view toString(Verdict v);  // "PASS", "WeakPASS", "INCONC", "FAIL"

// One step of a symbolic path of the τ-reduced, δ-enriched execution: a τ-reduced transition, or δ.
struct VerdictStep {
  std::optional<TransitionId> reduced;  // in TauReduced::system; none for δ
  std::vector<TransitionId> original;   // the original transitions it stands for; empty for δ
};

struct VerdictPath {
  std::vector<VerdictStep> steps;        // one per event it explains
  std::optional<std::size_t> leaf;       // the purpose path whose leaf it reaches, if any
  // The original transitions, in order (δ steps contribute none).
  [[nodiscard]] std::vector<TransitionId> transitions() const;
};

struct VerdictResult {
  Verdict verdict = Verdict::Fail;
  // PASS, WeakPASS: a path the trace belongs to that reaches a leaf; INCONC: a path it belongs to;
  // FAIL: a path explaining the longest prefix of the trace that belongs to the execution.
  VerdictPath explanation;
  std::optional<VerdictPath> other;  // WeakPASS: a path the trace belongs to that reaches no leaf
  // Events `explanation` explains: the whole trace, except for FAIL, where event `explained` is
  // the first that leaves the execution.
  std::size_t explained = 0;
  std::size_t paths = 0;     // symbolic paths the trace belongs to
  std::size_t covering = 0;  // of which reach a leaf
};

struct VerdictLimits {
  std::size_t maxPaths = 100'000;  // symbolic paths tried (prefixes included); more is an Error
};

// The verdict of `trace` (checked with checkTrace) on `reduced` (tauReduce of the system the
// purpose's paths belong to), with `solver` (left as it was found). Does not check the purpose's
// feasibility (requireFeasible does). Throws Error when the solver answers unknown on a query the
// verdict depends on, or beyond the limits.
[[nodiscard]] VerdictResult judge(const TauReduced& reduced, const TestPurpose& purpose, const Trace& trace,
                                  Solver& solver, const VerdictLimits& limits = {});

// All of it in order: the purpose's feasibility (requireFeasible: an infeasible purpose is an
// Error before any verdict), τ-reduction (a τ cycle is an Error), the trace's check, the verdict.
[[nodiscard]] VerdictResult judgeTrace(const TransitionSystem& system, const TestPurpose& purpose, const Trace& trace,
                                       Solver& solver, const VerdictLimits& limits = {});

}  // namespace symseq

#pragma GCC visibility pop
