#include "exec/TestPlan.h"

namespace symseq::exec {

namespace {

TraceEvent outputEvent(const OutputEvent& o) { return {EventKind::Output, o.channel, o.values, std::nullopt}; }

}  // namespace

TestPlan planTest(const TransitionSystem& system, const TestSequence& planned, const FunctionInterpretations* externals) {
  const FunctionInterpretations functions = withProgramResults(system, planned.programResults, externals);
  // The outputs after the last input are part of the test, also when its target ended it earlier.
  const TestSequence sequence = withFinalReaction(system, planned, &functions);
  const ReplayResult replayed = replay(system, sequence, &functions);
  if (!replayed.completed)
    throw Error("the sequence does not replay on the model: " + replayed.failure, std::nullopt,
                "the result and effective-run.toml must come from one `symseq run` of this model");
  TestPlan plan;
  plan.path = replayed.prefix;
  for (const OutputEvent& o : replayed.prefixOutputs) plan.events.push_back({outputEvent(o), 0});
  for (std::size_t k = 0; k < replayed.steps.size(); ++k) {
    const ReplayedStep& step = replayed.steps[k];
    const Transition& input = system.transitions.at(step.fired.at(0));
    TraceEvent in{EventKind::Input, input.action.channel, {}, std::nullopt};
    for (const Expr arg : input.action.args) {
      const Value* v = sequence.steps[k].inputs.find(arg);
      if (!v) v = step.after.find(arg);
      if (!v) throw Error("step " + std::to_string(k + 1) + " gives no value for '" + std::string(arg.name()) + "'");
      in.values.push_back(*v);
    }
    plan.events.push_back({in, k + 1});
    plan.stepInputs.push_back(in);
    for (const OutputEvent& o : step.outputs) plan.events.push_back({outputEvent(o), k + 1});
    plan.path.insert(plan.path.end(), step.fired.begin(), step.fired.end());
    plan.stateAfter.push_back(step.after);
  }
  return plan;
}

}  // namespace symseq::exec
