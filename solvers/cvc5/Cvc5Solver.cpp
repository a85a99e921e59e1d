#include "Cvc5Solver.h"

#include <cctype>
#include <sstream>

#include "symseq/solver/NumeralText.h"
#include "symseq/support/Error.h"

namespace symseq::cvc5backend {

namespace {
// Every cvc5 call can throw (CVC5ApiException and its subclasses derive from std::exception);
// callers of the kernel only know SolverError.
template <class F>
auto guarded(const char* what, F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const SolverError&) {
    throw;
  } catch (const std::exception& e) {
    throw SolverError(std::string("cvc5 failed to ") + what + ": " + e.what());
  }
}

// "TIMEOUT" -> "timeout", to read like z3's reasons.
std::string explanation(const cvc5::Result& r) {
  std::ostringstream out;
  out << r.getUnknownExplanation();
  std::string text = out.str();
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}
}  // namespace

Cvc5Solver::Cvc5Solver(const ExprContext& ctx, unsigned randomSeed) : BackendSolver(ctx), seed_(randomSeed) {
  guarded("create a solver", [&] { rebuild(); });
}

void Cvc5Solver::rebuild() {
  lastAssumptions_.clear();
  translator_.reset();
  solver_.reset();
  solver_ = std::make_unique<cvc5::Solver>();
  solver_->setOption("incremental", "true");
  solver_->setOption("produce-models", "true");
  solver_->setOption("produce-unsat-assumptions", "true");
  solver_->setOption("seed", std::to_string(seed_));  // only accepted before the first check
  // cvc5 1.0.3 aborts the process inside CaDiCaL ("can only get value in satisfied state") when
  // tlimit-per fires during bit-blasting. MiniSat as the bit-vector SAT solver was not enough:
  // the differential test with 2 ms query limits still aborted on its first run. The internal
  // bit-blaster, on the main SAT engine, has not aborted in five such runs.
  solver_->setOption("bv-sat-solver", "minisat");
  solver_->setOption("bv-solver", "bitblast-internal");
  solver_->setLogic("ALL");
  translator_ = std::make_unique<Cvc5Translator>(*solver_);
  appliedLimit_ = std::chrono::milliseconds(0);
  for (std::size_t level = 0; level < frames_.size(); ++level) {
    if (level > 0) solver_->push();
    for (Expr a : frames_[level]) solver_->assertFormula(translator_->translate(a));
  }
}

std::string Cvc5Solver::version() const { return solver_->getVersion(); }

void Cvc5Solver::doSetQueryTimeLimit(std::chrono::milliseconds limit) { limit_ = limit; }

void Cvc5Solver::doPush() {
  guarded("push", [&] { solver_->push(); });
  frames_.emplace_back();
}

void Cvc5Solver::doPop(unsigned levels) {
  guarded("pop", [&] { solver_->pop(levels); });
  frames_.resize(frames_.size() - levels);
}

void Cvc5Solver::doAdd(Expr assertion) {
  guarded("assert", [&] { solver_->assertFormula(translator_->translate(assertion)); });
  frames_.back().push_back(assertion);
}

BackendSolver::Answer Cvc5Solver::doCheck(std::span<const Expr> assumptions) {
  return guarded("check", [&] {
    if (limit_ != appliedLimit_) {
      solver_->setOption("tlimit-per", std::to_string(limit_.count()));  // 0: no limit
      appliedLimit_ = limit_;
    }
    lastAssumptions_.clear();
    for (Expr a : assumptions) lastAssumptions_.push_back(translator_->translate(a));
    const cvc5::Result r = lastAssumptions_.empty() ? solver_->checkSat() : solver_->checkSatAssuming(lastAssumptions_);
    Answer answer;
    if (r.isSat()) answer.result = CheckResult::Sat;
    else if (r.isUnsat()) answer.result = CheckResult::Unsat;
    else {
      answer.result = CheckResult::Unknown;
      answer.reasonUnknown = explanation(r);
      rebuild();  // see the header: a cvc5 1.0.3 solver is not safe to reuse after a timeout
    }
    return answer;
  });
}

std::vector<std::size_t> Cvc5Solver::doUnsatAssumptionIndices() {
  return guarded("read the unsat assumptions", [&] {
    std::vector<std::size_t> indices;
    if (lastAssumptions_.empty()) return indices;
    // Two assumptions may translate to one term; both belong to the core then.
    for (const cvc5::Term& t : solver_->getUnsatAssumptions())
      for (std::size_t i = 0; i < lastAssumptions_.size(); ++i)
        if (lastAssumptions_[i] == t) indices.push_back(i);
    return indices;
  });
}

Value Cvc5Solver::doValue(Expr e) {
  return guarded("read the model", [&] {
    const cvc5::Term v = solver_->getValue(translator_->translate(e));
    const Sort s = e.sort();
    switch (s.kind()) {
      case SortKind::Bool:
        if (v.isBooleanValue()) return Value::boolean(v.getBooleanValue());
        break;
      case SortKind::Int:
        if (v.isIntegerValue()) return Value::integer(parseIntegerText(v.getIntegerValue()));
        break;
      case SortKind::Real:
        if (v.isRealValue()) return Value::real(parseRationalText(v.getRealValue()));
        throw SolverError("cvc5: the model gives '" + std::string(e.isVar() ? e.name() : "a term") +
                              "' the non-rational value " + v.toString(),
                          std::nullopt, "values must be rational; avoid non-linear real constraints");
      case SortKind::BitVec:
        if (v.isBitVectorValue()) return Value::bitVec(s.width(), parseIntegerText(v.getBitVectorValue(10)));
        break;
    }
    throw SolverError("cvc5: the model value " + v.toString() + " is not a literal of sort " + s.toString());
  });
}

}  // namespace symseq::cvc5backend
