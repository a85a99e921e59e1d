#include "Z3Solver.h"

#include <limits>
#include <map>

#include "symseq/solver/NumeralText.h"
#include "symseq/support/Error.h"

namespace symseq::z3backend {

namespace {
// Every z3 call can throw z3::exception; callers of the kernel only know SolverError.
template <class F>
auto guarded(const char* what, F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const z3::exception& e) {
    throw SolverError(std::string("z3 failed to ") + what + ": " + e.msg());
  }
}
}  // namespace

Z3Solver::Z3Solver(const ExprContext& ctx, Mode mode, unsigned randomSeed)
    : BackendSolver(ctx), translator_(ctx_), mode_(mode), seed_(randomSeed) {
  guarded("create a solver", [&] {
    // z3's smt solver itself, not its default "combined" solver, which builds z3's whole default
    // tactic (about 30M instructions per solver, most of a small run's set-up) for the checks it
    // answers without a push or assumptions. After either it answers with this same smt solver,
    // and so it does for nearly every check of a run (the shipped runs' results are byte-identical
    // either way); "fresh-per-query" keeps the tactic's preprocessing for who wants it.
    if (mode_ == Mode::Incremental) {
      solver_.emplace(ctx_, z3::solver::simple());
      configure(*solver_);
    }
  });
}

std::string Z3Solver::version() const { return Z3_get_full_version(); }

void Z3Solver::configure(z3::solver& s) {
  z3::params p(ctx_);
  // z3 reads "no limit" as the largest unsigned value, not as zero.
  const auto ms = limit_.count() == 0 || limit_.count() > std::numeric_limits<unsigned>::max()
                      ? std::numeric_limits<unsigned>::max()
                      : static_cast<unsigned>(limit_.count());
  p.set("timeout", ms);
  p.set("random_seed", seed_);
  s.set(p);
}

void Z3Solver::doSetQueryTimeLimit(std::chrono::milliseconds limit) {
  limit_ = limit;
  if (solver_) guarded("set the time limit", [&] { configure(*solver_); });
}

void Z3Solver::doPush() {
  if (solver_) guarded("push", [&] { solver_->push(); });
  else frames_.emplace_back();
}

void Z3Solver::doPop(unsigned levels) {
  if (solver_) guarded("pop", [&] { solver_->pop(levels); });
  else frames_.resize(frames_.size() - levels);
}

void Z3Solver::doAdd(Expr assertion) {
  guarded("assert", [&] {
    const z3::expr t = translator_.translate(assertion);  // translation errors surface here, in both modes
    if (solver_) solver_->add(t);
    else frames_.back().push_back(assertion);
  });
}

BackendSolver::Answer Z3Solver::doCheck(std::span<const Expr> assumptions) {
  model_.reset();
  core_.clear();
  return guarded("check", [&] {
    if (solver_) return run(*solver_, assumptions, true);
    z3::solver fresh(ctx_);
    configure(fresh);
    for (const auto& frame : frames_)
      for (Expr a : frame) fresh.add(translator_.translate(a));
    return run(fresh, assumptions, false);
  });
}

// z3's check(expr_vector) takes literals only, so each assumption k gets a fresh Boolean
// indicator a_k with a_k => assumption asserted in a scope that ends with this check. The
// unsat core then names indicators, which map back to assumption indices.
BackendSolver::Answer Z3Solver::run(z3::solver& s, std::span<const Expr> assumptions, bool scoped) {
  z3::check_result r = z3::unknown;
  std::map<unsigned, std::size_t> indexOfIndicator;  // by z3 AST id, never by pointer
  const bool useIndicators = !assumptions.empty();
  if (useIndicators && scoped) s.push();
  try {
    if (!useIndicators) {
      r = s.check();
    } else {
      z3::expr_vector indicators(ctx_);
      for (std::size_t k = 0; k < assumptions.size(); ++k) {
        Z3_ast fresh = Z3_mk_fresh_const(ctx_, "symseq_assumption", Z3_mk_bool_sort(ctx_));
        ctx_.check_error();
        const z3::expr a(ctx_, fresh);
        s.add(z3::implies(a, translator_.translate(assumptions[k])));
        indicators.push_back(a);
        indexOfIndicator.emplace(a.id(), k);
      }
      r = s.check(indicators);
    }
    Answer answer;
    switch (r) {
      case z3::sat:
        answer.result = CheckResult::Sat;
        model_ = s.get_model();  // taken now: the scope below, or the fresh solver, goes away
        break;
      case z3::unsat: {
        answer.result = CheckResult::Unsat;
        if (useIndicators) {
          const z3::expr_vector core = s.unsat_core();
          for (unsigned i = 0; i < core.size(); ++i)
            if (auto it = indexOfIndicator.find(core[static_cast<int>(i)].id()); it != indexOfIndicator.end())
              core_.push_back(it->second);
        }
        break;
      }
      case z3::unknown:
        answer.result = CheckResult::Unknown;
        answer.reasonUnknown = s.reason_unknown();
        break;
    }
    if (useIndicators && scoped) s.pop();
    return answer;
  } catch (...) {
    if (useIndicators && scoped) s.pop();
    throw;
  }
}

Value Z3Solver::doValue(Expr e) {
  return guarded("read the model", [&] {
    const z3::expr v = model_->eval(translator_.translate(e), /*model_completion=*/true);
    const Sort s = e.sort();
    switch (s.kind()) {
      case SortKind::Bool:
        if (v.is_true()) return Value::boolean(true);
        if (v.is_false()) return Value::boolean(false);
        break;
      case SortKind::Int: {
        // Not as_int64(): in z3 4.8.12 it returns uint64_t, so -5 would come back huge.
        std::int64_t small = 0;
        if (v.is_numeral_i64(small)) return Value::integer(small);
        if (v.is_numeral()) return Value::integer(parseIntegerText(Z3_get_numeral_string(ctx_, v)));
        break;
      }
      case SortKind::Real:
        if (v.is_algebraic())
          throw SolverError("z3: the model gives '" + std::string(e.isVar() ? e.name() : "a term") +
                                "' the irrational value " + v.to_string(),
                            std::nullopt, "values must be rational; avoid non-linear real constraints");
        if (v.is_numeral()) return Value::real(parseRationalText(Z3_get_numeral_string(ctx_, v)));
        break;
      case SortKind::BitVec:
        if (v.is_numeral()) return Value::bitVec(s.width(), parseIntegerText(Z3_get_numeral_string(ctx_, v)));
        break;
    }
    throw SolverError("z3: the model value " + v.to_string() + " is not a literal of sort " + s.toString());
  });
}

}  // namespace symseq::z3backend
