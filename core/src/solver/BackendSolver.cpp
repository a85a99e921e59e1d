#include "symseq/solver/BackendSolver.h"

#include <algorithm>

#include "symseq/support/Error.h"

namespace symseq {

namespace {
// SMT-LIB forbids get-value and get-unsat-assumptions once the assertion stack has changed, and
// cvc5 enforces it; we enforce it for every back end so that code tested with z3 runs on cvc5.
const char* const kStaleHint =
    "ask for the model or core right after check(), before the next push, pop or add";
}  // namespace

void BackendSolver::checkOwned(Expr e, const char* what) const {
  if (e.isNull()) throw SolverError(std::string(name()) + ": " + what + " is a null expression");
  if (&e.context() != ctx_)
    throw SolverError(std::string(name()) + ": " + what + " was built in another ExprContext", std::nullopt,
                      "a solver accepts only expressions of the context it was made with");
}

void BackendSolver::push() {
  invalidate();
  doPush();
  ++level_;
}

void BackendSolver::pop(unsigned levels) {
  if (levels > level_)
    throw SolverError(std::string(name()) + ": cannot pop " + std::to_string(levels) + " scope(s), only " +
                      std::to_string(level_) + " open");
  invalidate();
  if (levels == 0) return;
  doPop(levels);
  level_ -= levels;
}

void BackendSolver::add(Expr assertion) {
  checkOwned(assertion, "an assertion");
  if (!assertion.sort().isBool())
    throw SortError("cannot assert an expression of sort " + assertion.sort().toString(), std::nullopt,
                    "only bool expressions can be asserted");
  invalidate();
  doAdd(assertion);
}

CheckResult BackendSolver::check(std::span<const Expr> assumptions) {
  for (Expr a : assumptions) {
    checkOwned(a, "an assumption");
    if (!a.sort().isBool()) throw SortError("an assumption has sort " + a.sort().toString() + ", not bool");
  }
  invalidate();
  lastAssumptions_.assign(assumptions.begin(), assumptions.end());
  reasonUnknown_.clear();
  const auto start = std::chrono::steady_clock::now();
  Answer answer;
  try {
    answer = doCheck(assumptions);
  } catch (...) {
    stats_.time += std::chrono::steady_clock::now() - start;
    ++stats_.queries;
    throw;
  }
  stats_.time += std::chrono::steady_clock::now() - start;
  ++stats_.queries;
  switch (answer.result) {
    case CheckResult::Sat: ++stats_.sat; last_ = Last::Sat; break;
    case CheckResult::Unsat: ++stats_.unsat; last_ = Last::Unsat; break;
    case CheckResult::Unknown:
      ++stats_.unknown;
      last_ = Last::Unknown;
      reasonUnknown_ = answer.reasonUnknown.empty() ? "unknown" : std::move(answer.reasonUnknown);
      break;
  }
  return answer.result;
}

Model BackendSolver::model(std::span<const Expr> variables) {
  if (last_ != Last::Sat)
    throw SolverError(std::string(name()) + ": no model, the last check did not answer sat", std::nullopt,
                      kStaleHint);
  for (Expr v : variables) checkOwned(v, "a model variable");
  Model m;
  for (Expr v : variables) m.add(v, doValue(v));
  return m;
}

std::vector<Expr> BackendSolver::unsatAssumptions() {
  if (last_ != Last::Unsat)
    throw SolverError(std::string(name()) + ": no unsat assumptions, the last check did not answer unsat",
                      std::nullopt, kStaleHint);
  std::vector<std::size_t> indices = doUnsatAssumptionIndices();
  std::sort(indices.begin(), indices.end());
  indices.erase(std::unique(indices.begin(), indices.end()), indices.end());
  std::vector<Expr> core;
  core.reserve(indices.size());
  for (std::size_t i : indices)
    if (i < lastAssumptions_.size()) core.push_back(lastAssumptions_[i]);
  return core;
}

std::string BackendSolver::reasonUnknown() const { return last_ == Last::Unknown ? reasonUnknown_ : std::string(); }

void BackendSolver::setQueryTimeLimit(std::chrono::milliseconds limit) {
  if (limit.count() < 0) throw SolverError(std::string(name()) + ": a negative query time limit");
  doSetQueryTimeLimit(limit);
}

}  // namespace symseq
