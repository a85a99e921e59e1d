#include "symseq/solver/ValidatingLayer.h"

#include <string>

#include "symseq/support/Error.h"

namespace symseq {

ValidatingLayer::ValidatingLayer(PluginPtr<Solver> inner, PluginPtr<Solver> second)
    : SolverLayer(std::move(inner)), second_(std::move(second)) {}

void ValidatingLayer::push() {
  inner().push();
  second_->push();
}

void ValidatingLayer::pop(unsigned levels) {
  inner().pop(levels);  // throws first when there are too few scopes: the second stays in step
  second_->pop(levels);
}

void ValidatingLayer::add(Expr assertion) {
  inner().add(assertion);
  second_->add(assertion);
}

void ValidatingLayer::setQueryTimeLimit(std::chrono::milliseconds limit) {
  inner().setQueryTimeLimit(limit);
  second_->setQueryTimeLimit(limit);
}

CheckResult ValidatingLayer::check(std::span<const Expr> assumptions) {
  ++checks_;
  const CheckResult first = inner().check(assumptions);
  const CheckResult other = second_->check(assumptions);
  const auto where = [&] {
    return "query #" + std::to_string(checks_) + " (" + std::to_string(inner().level()) + " open scopes, " +
           std::to_string(assumptions.size()) + " assumptions)";
  };
  if (first == CheckResult::Unknown || other == CheckResult::Unknown) {
    ++unknown_;
    return first;
  }
  if (first != other)
    throw SolverError("validate: solvers disagree on " + where() + ": " + std::string(inner().name()) + " answered " +
                      std::string(toString(first)) + ", " + std::string(second_->name()) + " answered " +
                      std::string(toString(other)));
  ++agreed_;
  if (first == CheckResult::Unsat) {
    // The core must be unsat on its own (with the assertions) for the second solver too.
    const std::vector<Expr> core = inner().unsatAssumptions();
    ++cores_;
    const CheckResult coreAnswer = second_->check(core);
    if (coreAnswer == CheckResult::Sat)
      throw SolverError("validate: " + std::string(inner().name()) + "'s unsat core of " + where() + " (" +
                        std::to_string(core.size()) + " assumptions) is sat for " + std::string(second_->name()));
  }
  return first;
}

SolverStats ValidatingLayer::stats() const {
  SolverStats s = inner().stats();
  s.layers.insert(s.layers.begin(), {{"validate.checks", checks_}, {"validate.agreed", agreed_},
                                     {"validate.unknown", unknown_}, {"validate.cores_checked", cores_}});
  return s;
}

}  // namespace symseq
