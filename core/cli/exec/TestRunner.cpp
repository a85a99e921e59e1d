#include "exec/TestRunner.h"

#include <algorithm>

#include "exec/AdapterValues.h"
#include "symseq/verdict/Verdict.h"

namespace symseq::exec {

std::string_view toString(ExecVerdict v) {
  switch (v) {
    case ExecVerdict::Pass: return "pass";
    case ExecVerdict::Fail: return "fail";
    case ExecVerdict::Error: return "error";
    case ExecVerdict::Inconclusive: return "inconclusive";
  }
  return "?";
}

bool observesOutputs(const TransitionSystem& system) {
  return std::any_of(system.channels.begin(), system.channels.end(),
                     [](const Channel& c) { return c.direction == ChannelDirection::Output; });
}

namespace {

// The outcome of a test the adapter could not finish: fail for the system's faults, error for the
// adapter's.
TestOutcome failed(TestOutcome out, const AdapterFailure& f, const AdapterClient& client, std::size_t event,
                   std::size_t step, std::string expected) {
  out.verdict = f.isAdapterError() ? ExecVerdict::Error : ExecVerdict::Fail;
  out.reason = f.reason;
  out.event = event;
  out.step = step;
  out.request = client.lastRequest();
  out.expected = std::move(expected);
  out.observed = f.kind == AdapterFailure::Kind::Refused ? "error: " + f.reason : f.reason;
  return out;
}

bool sameEvent(const TraceEvent& a, const TraceEvent& b) {
  return a.kind == b.kind && (a.kind == EventKind::Quiescence || (a.channel == b.channel && a.values == b.values));
}

}  // namespace

std::vector<std::string> TestRunner::encode(const TraceEvent& input) const {
  std::vector<std::string> out;
  for (std::uint32_t k = 0; k < input.values.size(); ++k)
    out.push_back(encodeValue(slotOf(system_, input.channel, k), input.values[k]));
  return out;
}

std::optional<TraceEvent> TestRunner::decode(const Observation& o, std::string& problem) const {
  if (o.quiescence) return TraceEvent{EventKind::Quiescence, 0, {}, std::nullopt};
  std::vector<std::string> outputs;
  for (std::uint32_t c = 0; c < system_.channels.size(); ++c) {
    const Channel& ch = system_.channels[c];
    if (ch.direction != ChannelDirection::Output) continue;
    if (ch.name != o.channel) {
      outputs.push_back(ch.name);
      continue;
    }
    if (o.values.size() != ch.params.size()) {
      problem = "protocol: output '" + ch.name + "' carries " + std::to_string(ch.params.size()) + " value(s), got " +
                std::to_string(o.values.size());
      return std::nullopt;
    }
    TraceEvent e{EventKind::Output, c, {}, std::nullopt};
    for (std::uint32_t k = 0; k < o.values.size(); ++k) {
      const DecodedValue d = decodeValue(slotOf(system_, c, k), o.values[k]);
      if (!d.value) {
        problem = "protocol: value " + std::to_string(k + 1) + " of output '" + ch.name + "': " + d.problem;
        return std::nullopt;
      }
      e.values.push_back(*d.value);
    }
    return e;
  }
  std::string known;
  for (const std::string& n : outputs) known += (known.empty() ? "" : ", ") + n;
  problem = "protocol: '" + o.channel + "' is not an output channel of the model (its outputs: " + known + ")";
  return std::nullopt;
}

TestOutcome TestRunner::run(const TestPlan& plan) {
  const Clock::time_point start = Clock::now();
  TestOutcome out = observesOutputs(system_) ? runOutputs(plan) : runStates(plan);
  out.adapter = client_.name();
  out.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return out;
}

TestOutcome TestRunner::runOutputs(const TestPlan& plan) {
  TestOutcome out;
  const auto firstExpected = [&] { return plan.events.empty() ? std::string("δ") : describe(system_, plan.events[0].event); };
  if (!client_.running())
    if (auto f = client_.open(system_.name)) return failed(out, *f, client_, 0, 0, "the adapter's hello answer");
  if (auto f = client_.reset()) return failed(out, *f, client_, 0, 0, firstExpected());
  Trace observed;
  bool deviated = false;
  const std::size_t lastStep = plan.events.empty() ? 0 : plan.events.back().step;
  for (std::size_t i = 0; i <= plan.events.size() && !deviated; ++i) {
    const bool extra = i == plan.events.size();  // the observation after the plan
    const std::size_t step = extra ? lastStep : plan.events[i].step;
    const std::string expected = extra ? "no output planned (δ, or an output the model allows on the planned path)" : describe(system_, plan.events[i].event);
    if (!extra && plan.events[i].event.kind == EventKind::Input) {
      const TraceEvent& in = plan.events[i].event;
      if (auto f = client_.input(system_.channels[in.channel].name, encode(in)))
        return failed(out, *f, client_, i + 1, step, expected);
      observed.events.push_back(in);
      out.trace.push_back(describe(system_, in));
      continue;
    }
    const Observation o = client_.observe(settings_.observeTimeoutMs);
    if (o.failure) return failed(out, *o.failure, client_, i + 1, step, expected);
    std::string problem;
    const std::optional<TraceEvent> e = decode(o, problem);
    if (!e) return failed(out, {AdapterFailure::Kind::Protocol, problem}, client_, i + 1, step, expected);
    observed.events.push_back(*e);
    out.trace.push_back(describe(system_, *e));
    deviated = extra || !sameEvent(*e, plan.events[i].event);
  }
  TestPurpose purpose;
  purpose.paths.push_back(plan.path);
  const VerdictResult v = judge(*reduced_, purpose, observed, solver_);
  switch (v.verdict) {
    case Verdict::Pass:
    case Verdict::WeakPass:
      out.verdict = ExecVerdict::Pass;
      out.reason = std::string(toString(v.verdict));
      if (observed.events.back().kind != EventKind::Quiescence)
        out.reason += ": the last output was not planned, but the model allows it on the planned path";
      break;
    case Verdict::Inconclusive:
      out.verdict = ExecVerdict::Inconclusive;
      out.reason = "the system took a path the model allows but the test did not plan";
      out.event = observed.events.size();
      out.step = lastStep;
      break;
    case Verdict::Fail: {
      const std::size_t i = v.explained;
      out.verdict = ExecVerdict::Fail;
      out.event = i + 1;
      out.step = i < plan.events.size() ? plan.events[i].step : lastStep;
      out.expected = i < plan.events.size() ? describe(system_, plan.events[i].event)
                                            : "no output planned (δ, or an output the model allows on the planned path)";
      out.observed = describe(system_, observed.events[i]);
      out.reason = observed.events[i].kind == EventKind::Quiescence ? "missing output: the model cannot be quiescent here"
                                                                     : "unexpected output: the model cannot emit it here";
      out.request = observed.events[i].kind == EventKind::Input ? "input" : "observe";
      break;
    }
  }
  return out;
}

TestOutcome TestRunner::runStates(const TestPlan& plan) {
  TestOutcome out;
  if (!client_.running())
    if (auto f = client_.open(system_.name)) return failed(out, *f, client_, 0, 0, "the adapter's hello answer");
  if (auto f = client_.reset()) return failed(out, *f, client_, 0, 0, "ok");
  std::size_t event = 0;
  for (std::size_t k = 0; k < plan.stepInputs.size(); ++k) {
    const TraceEvent& in = plan.stepInputs[k];
    ++event;
    if (auto f = client_.input(system_.channels[in.channel].name, encode(in)))
      return failed(out, *f, client_, event, k + 1, "ok");
    out.trace.push_back(describe(system_, in));
    if (settings_.observe.empty()) continue;
    ++event;
    std::string expected = "state!(";
    for (std::size_t j = 0; j < settings_.observe.size(); ++j) {
      const Expr var = settings_.observe[j];
      const Value* v = plan.stateAfter[k].find(var);
      expected += (j ? ", " : "") + std::string(var.name()) + "=" + (v ? system_.valueText(var, *v) : "?");
    }
    expected += ")";
    const Observation o = client_.observe(settings_.observeTimeoutMs);
    if (o.failure) return failed(out, *o.failure, client_, event, k + 1, expected);
    const auto deviation = [&](std::string reason, std::string observed) {
      out.verdict = ExecVerdict::Fail;
      out.reason = std::move(reason);
      out.event = event;
      out.step = k + 1;
      out.request = client_.lastRequest();
      out.expected = expected;
      out.observed = std::move(observed);
      out.trace.push_back(out.observed);
      return out;
    };
    if (o.quiescence) return deviation("missing output: no state after the step", "δ");
    if (o.channel != "state")
      return failed(out, {AdapterFailure::Kind::Protocol, "protocol: a CFG step is observed by the output 'state', got '" + o.channel + "'"},
                    client_, event, k + 1, expected);
    if (o.values.size() != settings_.observe.size())
      return failed(out, {AdapterFailure::Kind::Protocol, "protocol: 'state' carries " + std::to_string(settings_.observe.size()) +
                                                           " value(s) (the observed variables), got " + std::to_string(o.values.size())},
                    client_, event, k + 1, expected);
    std::string observed = "state!(";
    bool same = true;
    for (std::size_t j = 0; j < settings_.observe.size(); ++j) {
      const Expr var = settings_.observe[j];
      const DecodedValue d = decodeValue(slotOf(system_, var), o.values[j]);
      if (!d.value)
        return failed(out, {AdapterFailure::Kind::Protocol, "protocol: '" + std::string(var.name()) + "' in 'state': " + d.problem},
                      client_, event, k + 1, expected);
      const Value* want = plan.stateAfter[k].find(var);
      same = same && want && *want == *d.value;
      observed += (j ? ", " : "") + std::string(var.name()) + "=" + system_.valueText(var, *d.value);
    }
    observed += ")";
    if (!same) return deviation("wrong state: an observed variable differs from the model's", observed);
    out.trace.push_back(observed);
  }
  out.reason = settings_.observe.empty() ? "the adapter accepted every input (no variable observed)"
                                         : "every observed state as the model's";
  return out;
}

}  // namespace symseq::exec
