#include "symseq/verdict/Verdict.h"

#include <string>

#include "symseq/exec/SymbolicExecutor.h"
#include "symseq/verdict/Quiescence.h"

namespace symseq {

std::string_view toString(Verdict v) {
  switch (v) {
    case Verdict::Pass: return "PASS";
    case Verdict::WeakPass: return "WeakPASS";
    case Verdict::Inconclusive: return "INCONC";
    case Verdict::Fail: return "FAIL";
  }
  return "?";
}

std::vector<TransitionId> VerdictPath::transitions() const {
  std::vector<TransitionId> out;
  for (const VerdictStep& s : steps) out.insert(out.end(), s.original.begin(), s.original.end());
  return out;
}

namespace {

// A depth-first walk of the τ-reduced, δ-enriched execution along the trace. The solver holds the
// path condition of the current prefix (one scope per step), so each step adds only its own
// conjuncts: its guard and the observed values bound.
class TraceMatcher {
 public:
  TraceMatcher(const TauReduced& reduced, const TestPurpose& purpose, const Trace& trace, Solver& solver,
               const VerdictLimits& limits)
      : reduced_(reduced), purpose_(purpose), trace_(trace), solver_(solver), limits_(limits), exec_(reduced.system) {}

  VerdictResult run() {
    const SymbolicState root = exec_.initial();
    solver_.push();
    try {
      for (Expr c : root.pathCondition) solver_.add(c);
      if (decide(0))  // the axioms themselves
        walk(root);
    } catch (...) {
      solver_.pop();
      throw;
    }
    solver_.pop();
    return verdict();
  }

 private:
  // Whether the asserted conjuncts are satisfiable; `event` (1-based, 0 for the root) for messages.
  bool decide(std::size_t event) {
    const CheckResult r = solver_.check();
    if (r == CheckResult::Unknown)
      throw Error("the solver answered unknown (" + solver_.reasonUnknown() + ") on whether the trace's first " +
                      std::to_string(event) + " event(s) belong to a path of the model; no verdict",
                  event > 0 ? trace_.events[event - 1].where : std::nullopt,
                  "raise the solver's budgets, or simplify the model's guards");
    return r == CheckResult::Sat;
  }

  void walk(const SymbolicState& state) {
    const std::size_t at = steps_.size();
    if (at > deepest_) {
      deepest_ = at;
      deepestSteps_ = steps_;
    }
    if (at == trace_.events.size()) {
      record();
      return;
    }
    const TraceEvent& event = trace_.events[at];
    if (event.kind == EventKind::Quiescence) {
      count();
      solver_.push();
      solver_.add(quiescenceCondition(exec_, state));
      if (decide(at + 1)) {
        steps_.push_back(VerdictStep{});
        walk(state);  // δ leaves the state as it is, its condition asserted
        steps_.pop_back();
      }
      solver_.pop();
      return;
    }
    const TransitionSystem& system = reduced_.system;
    ExprContext& ctx = system.context();
    const ActionKind kind = event.kind == EventKind::Input ? ActionKind::Input : ActionKind::Output;
    for (TransitionId t : system.outgoing(state.location)) {
      const Transition& tr = system.transitions[t];
      if (tr.action.kind != kind || tr.action.channel != event.channel) continue;
      count();
      SymbolicStep step = exec_.apply(state, t);
      const std::vector<Expr>& observed = kind == ActionKind::Input ? step.inputs : step.outputs;
      std::vector<Expr> added{step.guard};
      for (std::size_t k = 0; k < observed.size() && k < event.values.size(); ++k)
        added.push_back(ctx.mkEq(observed[k], ctx.constant(event.values[k])));
      solver_.push();
      for (Expr c : added) solver_.add(c);
      if (decide(at + 1)) {
        step.next.pathCondition.insert(step.next.pathCondition.end(), added.begin() + 1, added.end());
        steps_.push_back(VerdictStep{t, reduced_.origins[t]});
        original_.insert(original_.end(), reduced_.origins[t].begin(), reduced_.origins[t].end());
        walk(step.next);
        original_.resize(original_.size() - reduced_.origins[t].size());
        steps_.pop_back();
      }
      solver_.pop();
    }
  }

  void count() {
    if (++tried_ > limits_.maxPaths)
      throw Error("matching the trace tries more than " + std::to_string(limits_.maxPaths) +
                      " symbolic steps (the model's nondeterminism multiplies the paths)",
                  std::nullopt, "judge a shorter trace");
  }

  // A whole path the trace belongs to.
  void record() {
    ++paths_;
    VerdictPath path{steps_, purpose_.leafReached(original_)};
    if (path.leaf) {
      ++covering_;
      if (!covers_) covers_ = std::move(path);
    } else if (!misses_) {
      misses_ = std::move(path);
    }
  }

  VerdictResult verdict() {
    VerdictResult r;
    r.paths = paths_;
    r.covering = covering_;
    r.explained = trace_.events.size();
    if (paths_ == 0) {
      r.verdict = Verdict::Fail;
      r.explained = deepest_;
      r.explanation.steps = deepestSteps_;
      r.explanation.leaf = purpose_.leafReached(r.explanation.transitions());
    } else if (covers_) {
      r.verdict = misses_ ? Verdict::WeakPass : Verdict::Pass;
      r.explanation = *covers_;
      r.other = misses_;
    } else {
      r.verdict = Verdict::Inconclusive;
      r.explanation = *misses_;
    }
    return r;
  }

  const TauReduced& reduced_;
  const TestPurpose& purpose_;
  const Trace& trace_;
  Solver& solver_;
  const VerdictLimits& limits_;
  SymbolicExecutor exec_;
  std::vector<VerdictStep> steps_;      // the current prefix
  std::vector<TransitionId> original_;  // its original transitions
  std::size_t deepest_ = 0;
  std::vector<VerdictStep> deepestSteps_;
  std::size_t tried_ = 0, paths_ = 0, covering_ = 0;
  std::optional<VerdictPath> covers_, misses_;  // the first path found of each kind
};

}  // namespace

VerdictResult judge(const TauReduced& reduced, const TestPurpose& purpose, const Trace& trace, Solver& solver,
                    const VerdictLimits& limits) {
  checkTrace(reduced.system, trace);
  return TraceMatcher(reduced, purpose, trace, solver, limits).run();
}

VerdictResult judgeTrace(const TransitionSystem& system, const TestPurpose& purpose, const Trace& trace, Solver& solver,
                         const VerdictLimits& limits) {
  const TauReduced reduced = tauReduce(system);
  checkTrace(system, trace);
  (void)requireFeasible(system, solver, purpose);
  return judge(reduced, purpose, trace, solver, limits);
}

}  // namespace symseq
