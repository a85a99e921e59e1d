#include "symseq/exec/Replay.h"

#include <algorithm>
#include <memory>

#include "symseq/expr/Evaluator.h"
#include "symseq/expr/Printer.h"

namespace symseq {

namespace {

// Thrown inside the replayer only; becomes ReplayResult::failure.
struct ReplayFailure {
  std::string message;
};

class Replayer {
 public:
  Replayer(const TransitionSystem& system, const FunctionInterpretations* functions, const ReplayLimits& limits,
           ReplayResult& result)
      : system_(system), functions_(functions), limits_(limits), result_(result) {
    indexComponents();
  }

  void run(const TestSequence& sequence) {
    initialise(sequence.initial);
    for (Expr axiom : system_.axioms)
      if (!eval(axiom, nullptr).asBool()) fail("the test's frozen values violate the axiom " + toString(axiom));
    startComponents();
    ReplayedStep prefix;
    if (sequence.prefix)
      runPath(*sequence.prefix, nullptr, prefix);
    else
      closure(prefix.fired, &prefix);
    result_.prefix = prefix.fired;
    result_.prefixOutputs = prefix.outputs;
    checkOutputs(sequence.prefixOutputs, prefix.outputs);
    for (std::size_t k = 0; k < sequence.steps.size(); ++k) {
      stepIndex_ = k + 1;
      ReplayedStep& out = result_.steps.emplace_back();
      runStep(sequence.steps[k], out);
      out.after = state_;
      checkOutputs(sequence.steps[k].expectedOutputs, out.outputs);
    }
    result_.completed = true;
  }

  void finish() {
    result_.finalLocation = location_;
    result_.finalState = state_;
  }

 private:
  [[noreturn]] void fail(const std::string& why) const {
    const std::string where = stepIndex_ == 0 ? "before the first step" : "step " + std::to_string(stepIndex_);
    throw ReplayFailure{where + ": " + why};
  }

  std::string describe(const OutputEvent& o) const {
    std::string text = system_.channels.at(o.channel).name + "!(";
    for (std::uint32_t i = 0; i < o.values.size(); ++i) text += (i ? ", " : "") + system_.valueText(o.channel, i, o.values[i]);
    return text + ")";
  }

  std::string describe(const std::vector<OutputEvent>& events) const {
    if (events.empty()) return "no output";
    std::string text;
    for (const OutputEvent& o : events) text += (text.empty() ? "" : " ") + describe(o);
    return text;
  }

  // The outputs a test expects are part of the test: a mismatch means the model (with the real
  // external functions) does not behave as the strategy predicted.
  void checkOutputs(const std::optional<std::vector<OutputEvent>>& expected, const std::vector<OutputEvent>& seen) const {
    if (expected && *expected != seen) fail("expected " + describe(*expected) + ", observed " + describe(seen));
  }

  Value eval(Expr e, const Transition* t) const {
    try {
      return evaluate(e, state_, functions_);
    } catch (const Error& err) {
      fail(t ? "transition '" + t->name + "': " + err.message() : err.message());
    }
  }
  Value eval(Expr e, const Transition& t) const { return eval(e, &t); }

  void initialise(const Valuation& given) {
    location_ = system_.initial;
    for (const VariableDecl& v : system_.variables) {
      if (v.role != VariableRole::State) continue;
      if (v.initial) {
        state_.set(v.var, evaluate(*v.initial, Valuation{}, functions_));
      } else if (const Value* value = given.find(v.var)) {
        state_.set(v.var, *value);
      }
    }
  }

  [[nodiscard]] bool isInput(const Transition& t) const { return t.action.kind == ActionKind::Input; }

  bool enabled(const Transition& t) const { return eval(t.guard, t).asBool(); }

  // What a transition does to the components' ports, to check against their buffers' rules.
  enum class PortWrite : std::uint8_t { Available, Buffer };
  struct PortEffect {
    std::size_t component = 0;
    std::size_t port = 0;
    PortWrite write = PortWrite::Available;
  };

  void indexComponents() {
    effects_.resize(system_.transitions.size());
    observers_.resize(system_.transitions.size());
    for (std::size_t c = 0; c < system_.components.size(); ++c) {
      const Component& comp = system_.components[c];
      for (TransitionId id : comp.observations)
        if (id < observers_.size()) observers_[id].push_back(c);
      for (std::size_t p = 0; p < comp.ports.size(); ++p)
        for (TransitionId id = 0; id < system_.transitions.size(); ++id) {
          const auto writes = [&](Expr var) {
            const std::vector<Update>& updates = system_.transitions[id].updates;
            return std::any_of(updates.begin(), updates.end(), [&](const Update& u) { return u.variable == var; });
          };
          if (writes(comp.ports[p].available)) effects_[id].push_back({c, p, PortWrite::Available});
          if (writes(comp.ports[p].buffer)) effects_[id].push_back({c, p, PortWrite::Buffer});
        }
    }
  }

  // Def 2's initialisation: nothing is available yet; each component's first date is the
  // initial one (the initial snapshot is an observation).
  void startComponents() {
    for (const Component& comp : system_.components) {
      for (const ComponentPort& port : comp.ports)
        if (port.available && eval(port.available, nullptr).asBool())
          fail("component '" + comp.name + "': port '" + port.name + "' holds a value in the initial state");
      dates_.push_back(comp.date ? std::optional(eval(comp.date, nullptr)) : std::nullopt);
    }
  }

  // The components' invariants around one transition (seed-requirements 3.3): a consumption
  // takes a value that was available, no buffer is overwritten, dates increase strictly.
  void checkComponents(const Transition& t, const std::vector<bool>& availableBefore) {
    const std::vector<PortEffect>& effects = effects_[&t - system_.transitions.data()];
    for (std::size_t k = 0; k < effects.size(); ++k) {
      const Component& comp = system_.components[effects[k].component];
      const ComponentPort& port = comp.ports[effects[k].port];
      const std::string what = "component '" + comp.name + "': transition '" + t.name + "' ";
      if (effects[k].write == PortWrite::Available && !eval(port.available, t).asBool() && !availableBefore[k])
        fail(what + "consumes port '" + port.name + "', which holds no value");
      if (effects[k].write == PortWrite::Buffer && availableBefore[k])
        fail(what + "writes the buffer of port '" + port.name + "', which still holds a value");
    }
    // The environment's moves (time passing, an input arriving: input transitions) may share the
    // date of the component's last step; its own steps may not (the paper's stuttering step and
    // the program after it are one step apart in time, which the IR splits in two).
    for (std::size_t c : observers_[&t - system_.transitions.data()]) {
      const Component& comp = system_.components[c];
      if (!dates_[c]) continue;
      const Value date = eval(comp.date, t);
      if (isInput(t) ? date < *dates_[c] : !(date > *dates_[c]))
        fail("component '" + comp.name + "': transition '" + t.name + "' observes it at date " + date.toString() +
             (isInput(t) ? ", before" : ", not after") + " its previous step at date " + dates_[c]->toString());
      if (!isInput(t)) dates_[c] = date;
    }
  }

  void fire(TransitionId id, ReplayedStep* out, std::vector<TransitionId>& fired) {
    const Transition& t = system_.transitions[id];
    if (t.action.kind == ActionKind::Output && out) {
      OutputEvent o{t.action.channel, {}};
      for (Expr term : t.action.args) o.values.push_back(eval(term, t));
      out->outputs.push_back(std::move(o));
    }
    std::vector<bool> availableBefore;
    for (const PortEffect& e : effects_[id])
      availableBefore.push_back(eval(system_.components[e.component].ports[e.port].available, t).asBool());
    for (const Update& u : t.updates) state_.set(u.variable, eval(u.value, t));
    checkComponents(t, availableBefore);
    location_ = t.target;
    fired.push_back(id);
    result_.covered.insert(id);
  }

  // Fires enabled internal and output transitions, first enabled in declaration order.
  void closure(std::vector<TransitionId>& fired, ReplayedStep* out) {
    for (std::uint32_t count = 0;; ++count) {
      std::optional<TransitionId> next;
      for (TransitionId id : system_.outgoing(location_)) {
        const Transition& t = system_.transitions[id];
        if (!isInput(t) && enabled(t)) {
          next = id;
          break;
        }
      }
      if (!next) return;
      if (count >= limits_.maxInternalSteps)
        fail("more than " + std::to_string(limits_.maxInternalSteps) + " internal transitions in a row from '" +
             system_.locations[location_].name + "': a loop without inputs");
      fire(*next, out, fired);
    }
  }

  // Binds the step's values to t's input variables; false when the step lacks one of them.
  bool bind(const Transition& t, const TestStep& step) {
    for (Expr v : t.action.args)
      if (!step.inputs.contains(v)) return false;
    for (Expr v : t.action.args) state_.set(v, *step.inputs.find(v));
    return true;
  }

  void runStep(const TestStep& step, ReplayedStep& out) {
    if (!step.path.empty()) return runPath(step.path, &step, out);
    for (TransitionId id : system_.outgoing(location_)) {
      const Transition& t = system_.transitions[id];
      if (!isInput(t) || (step.channel && t.action.channel != *step.channel)) continue;
      const Valuation saved = state_;
      if (bind(t, step) && enabled(t)) {
        fire(id, &out, out.fired);
        closure(out.fired, &out);
        return;
      }
      state_ = saved;
    }
    fail("no input transition is enabled at '" + system_.locations[location_].name + "' with the step's values");
  }

  // Named transitions (a step's path, or the prefix when `step` is null): each must leave the
  // current location and be enabled; only a step's first transition may read inputs.
  void runPath(const std::vector<TransitionId>& path, const TestStep* step, ReplayedStep& out) {
    for (std::size_t i = 0; i < path.size(); ++i) {
      const TransitionId id = path[i];
      if (id >= system_.transitions.size()) fail("the step names transition #" + std::to_string(id) + ", which does not exist");
      const Transition& t = system_.transitions[id];
      if (t.source != location_)
        fail("transition '" + t.name + "' does not leave '" + system_.locations[location_].name + "'");
      if (isInput(t) && (i != 0 || !step || !bind(t, *step)))
        fail("input transition '" + t.name + "' must come first in the step and have all its values");
      if (!enabled(t)) fail("the guard of transition '" + t.name + "' does not hold");
      fire(id, &out, out.fired);
    }
  }

  const TransitionSystem& system_;
  const FunctionInterpretations* functions_;
  const ReplayLimits& limits_;
  ReplayResult& result_;
  LocationId location_ = 0;
  Valuation state_;
  std::size_t stepIndex_ = 0;
  std::vector<std::vector<PortEffect>> effects_;     // per transition
  std::vector<std::vector<std::size_t>> observers_;  // per transition: the components it observes
  std::vector<std::optional<Value>> dates_;          // per component: the date of its last step (or the initial one)
};

}  // namespace

// The contract is checked by the guards of the behaviour variants a test fires.
FunctionInterpretations withProgramResults(const TransitionSystem& system, std::vector<ProgramResult> rows,
                                           const FunctionInterpretations* base) {
  FunctionInterpretations all = base ? *base : FunctionInterpretations{};
  const auto table = std::make_shared<const std::vector<ProgramResult>>(std::move(rows));
  for (const Contract& c : system.contracts) {
    const FunctionDecl* program = c.program;
    all.set(*program, [program, table](std::span<const Value> args) -> Value {
      for (const ProgramResult& row : *table)
        if (row.program == program && std::equal(row.args.begin(), row.args.end(), args.begin(), args.end()))
          return row.result;
      std::string call = program->name() + "(";
      for (std::size_t i = 0; i < args.size(); ++i) call += (i ? ", " : "") + args[i].toString();
      throw EvalError("the test assumes no result for the program call " + call + ")", std::nullopt,
                      "a test over programs carries the result of every call it makes");
    });
  }
  return all;
}

ReplayResult replay(const TransitionSystem& system, const TestSequence& sequence, const FunctionInterpretations* functions,
                    const ReplayLimits& limits) {
  ReplayResult result;
  const FunctionInterpretations programs = system.contracts.empty()
                                               ? FunctionInterpretations{}
                                               : withProgramResults(system, sequence.programResults, functions);
  Replayer replayer(system, system.contracts.empty() ? functions : &programs, limits, result);
  try {
    replayer.run(sequence);
  } catch (const ReplayFailure& f) {
    result.failure = f.message;
  } catch (const Error& e) {
    result.failure = e.message();
  }
  replayer.finish();
  return result;
}

TestSequence withFinalReaction(const TransitionSystem& system, TestSequence sequence,
                               const FunctionInterpretations* functions, const ReplayLimits& limits) {
  if (sequence.steps.empty() || sequence.steps.back().path.empty()) return sequence;
  // Replay once more with the last step naming no path, so that the closure runs after it; take it
  // only when that step still fires the planned transitions first (a different choice of input
  // transition would be another test).
  TestSequence open = sequence;
  open.steps.back().path.clear();
  open.steps.back().expectedOutputs.reset();
  const ReplayResult r = replay(system, open, functions, limits);
  if (!r.completed || r.steps.size() != sequence.steps.size()) return sequence;
  const std::vector<TransitionId>& planned = sequence.steps.back().path;
  const std::vector<TransitionId>& fired = r.steps.back().fired;
  if (fired.size() <= planned.size() || !std::equal(planned.begin(), planned.end(), fired.begin())) return sequence;
  sequence.steps.back().path = fired;
  sequence.steps.back().expectedOutputs = r.steps.back().outputs;
  return sequence;
}

}  // namespace symseq
