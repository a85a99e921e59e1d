#include "ConcreteRunner.h"

#include <algorithm>
#include <optional>

#include "symseq/expr/Evaluator.h"

namespace symseq::random {

ConcreteRunner::ConcreteRunner(const TransitionSystem& system)
    : system_(system),
      internal_(system.locations.size()),
      inputs_(system.locations.size()),
      stepVariables_(system.locations.size()) {
  for (TransitionId id = 0; id < system.transitions.size(); ++id) {
    const Transition& t = system.transitions[id];
    if (t.action.kind != ActionKind::Input) {
      internal_[t.source].push_back(id);
      continue;
    }
    inputs_[t.source].push_back(id);
    std::vector<Expr>& vars = stepVariables_[t.source];
    for (Expr v : t.action.args)
      if (std::find(vars.begin(), vars.end(), v) == vars.end()) vars.push_back(v);
  }
}

Value ConcreteRunner::eval(Expr e) const {
  try {
    return evaluate(e, state_);
  } catch (const Error&) {  // as replay: any evaluation error fails the sequence
    throw Failed{};
  }
}

void ConcreteRunner::fire(TransitionId id, std::vector<TransitionId>& fired) {
  const Transition& t = system_.transitions[id];
  // Replay evaluates the outputs (before the updates); one that cannot be evaluated fails it.
  if (t.action.kind == ActionKind::Output)
    for (Expr term : t.action.args) (void)eval(term);
  for (const Update& u : t.updates) state_.set(u.variable, eval(u.value));
  location_ = t.target;
  fired.push_back(id);
}

void ConcreteRunner::closure(std::vector<TransitionId>& fired) {
  for (std::uint32_t count = 0;; ++count) {
    const auto& candidates = internal_[location_];
    const auto next = std::find_if(candidates.begin(), candidates.end(),
                                   [&](TransitionId id) { return eval(system_.transitions[id].guard).asBool(); });
    if (next == candidates.end()) return;
    if (count >= limits_.maxInternalSteps) throw Failed{};
    fire(*next, fired);
  }
}

bool ConcreteRunner::start(const Valuation& initial, std::vector<TransitionId>& fired) {
  location_ = system_.initial;
  state_ = Valuation{};
  try {
    for (const VariableDecl& v : system_.variables) {
      if (v.role != VariableRole::State) continue;
      if (v.initial)
        state_.set(v.var, eval(*v.initial));
      else if (const Value* value = initial.find(v.var))
        state_.set(v.var, *value);
    }
    closure(fired);
  } catch (const Failed&) {
    return false;
  }
  return true;
}

bool ConcreteRunner::step(const Valuation& values, std::vector<TransitionId>& fired) {
  try {
    for (TransitionId id : inputs_[location_]) {
      const Transition& t = system_.transitions[id];
      if (!std::all_of(t.action.args.begin(), t.action.args.end(), [&](Expr v) { return values.contains(v); }))
        continue;
      // Binding overwrites only the transition's inputs: when they all had values, keeping those
      // is enough to undo it for a disabled guard; otherwise (the first steps) the whole state.
      const bool rebinding = std::all_of(t.action.args.begin(), t.action.args.end(), [&](Expr v) { return state_.contains(v); });
      std::optional<Valuation> whole;
      std::vector<Value> old;
      if (rebinding)
        for (Expr v : t.action.args) old.push_back(*state_.find(v));
      else
        whole = state_;
      for (Expr v : t.action.args) state_.set(v, *values.find(v));
      if (eval(t.guard).asBool()) {
        fire(id, fired);
        closure(fired);
        return true;
      }
      if (whole)
        state_ = std::move(*whole);
      else
        for (std::size_t i = 0; i < old.size(); ++i) state_.set(t.action.args[i], std::move(old[i]));
    }
  } catch (const Failed&) {
  }
  return false;
}

}  // namespace symseq::random
