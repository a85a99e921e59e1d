#include "symseq/solver/ValidatingLayer.h"

#include <algorithm>
#include <map>
#include <memory>
#include <string>

#include "symseq/expr/Evaluator.h"
#include "symseq/support/Error.h"

namespace symseq {

ValidatingLayer::ValidatingLayer(PluginPtr<Solver> inner, PluginPtr<Solver> second)
    : SolverLayer(std::move(inner)), second_(std::move(second)) {}

void ValidatingLayer::push() {
  inner().push();
  second_->push();
  marks_.push_back(assertions_.size());
}

void ValidatingLayer::pop(unsigned levels) {
  inner().pop(levels);  // throws first when there are too few scopes: the second stays in step
  second_->pop(levels);
  const std::size_t newLevel = marks_.size() - std::min<std::size_t>(levels, marks_.size());
  if (newLevel < marks_.size()) assertions_.resize(marks_[newLevel]);
  marks_.resize(newLevel);
}

void ValidatingLayer::add(Expr assertion) {
  inner().add(assertion);  // refuses a bad one first: only accepted ones are kept
  second_->add(assertion);
  assertions_.push_back(assertion);
}

namespace {

// The values of a function's applications in a model, looked up by their evaluated arguments.
struct ApplicationTable {
  std::vector<std::pair<std::vector<Value>, Value>> rows;
};

}  // namespace

bool ValidatingLayer::checkModel(Solver& s, std::span<const Expr> assumptions, const std::string& where) {
  std::vector<Expr> constraints(assertions_.begin(), assertions_.end());
  constraints.insert(constraints.end(), assumptions.begin(), assumptions.end());
  const std::vector<Expr> terms = vars_.of(constraints);  // variables and applications
  const Model model = s.model(terms);
  Valuation values;
  std::vector<std::pair<Expr, Value>> applications;
  for (const auto& [t, value] : model.entries()) {
    if (t.isVar()) values.set(t, value);
    else applications.emplace_back(t, value);
  }
  // Each function as the model gives it: its applications' values at their arguments' values.
  // Equal arguments with different values would make the model no function at all.
  std::map<std::uint32_t, std::shared_ptr<ApplicationTable>> tables;
  FunctionInterpretations functions;
  try {
    for (const auto& [t, value] : applications) {
      std::vector<Value> args;
      for (Expr a : t.children()) args.push_back(evaluate(a, values, &functions));
      std::shared_ptr<ApplicationTable>& table = tables[t.function().id()];
      if (!table) {
        table = std::make_shared<ApplicationTable>();
        functions.set(t.function(), [table](std::span<const Value> at) -> Value {
          for (const auto& [given, v] : table->rows)
            if (std::equal(given.begin(), given.end(), at.begin(), at.end())) return v;
          throw EvalError("the model gives no value of this application");
        });
      }
      for (const auto& [given, v] : table->rows)
        if (given == args && !(v == value))
          throw SolverError("validate: " + std::string(s.name()) + "'s model of " + where +
                            " gives two values to " + t.function().name() + " at equal arguments");
      table->rows.emplace_back(std::move(args), value);
    }
    for (std::size_t i = 0; i < constraints.size(); ++i)
      if (!evaluate(constraints[i], values, &functions).asBool())
        throw SolverError("validate: " + std::string(s.name()) + "'s model of " + where + " makes " +
                          (i < assertions_.size() ? "assertion #" + std::to_string(i + 1)
                                                  : "assumption #" + std::to_string(i + 1 - assertions_.size())) +
                          " false");
  } catch (const EvalError&) {
    return false;  // an application at arguments the model has no value for, a division by zero
  }
  return true;
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
  if (first == CheckResult::Sat) {
    // Both models must make every assertion and assumption true.
    const bool checked = checkModel(inner(), assumptions, where()) && checkModel(*second_, assumptions, where());
    ++(checked ? modelsChecked_ : modelsUnchecked_);
  }
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
                                     {"validate.unknown", unknown_}, {"validate.cores_checked", cores_},
                                     {"validate.models_checked", modelsChecked_},
                                     {"validate.models_unchecked", modelsUnchecked_}});
  return s;
}

}  // namespace symseq
