#include "exec/ExecReport.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>

namespace symseq::exec {

std::size_t ExecRun::count(ExecVerdict v) const {
  return static_cast<std::size_t>(std::count_if(tests.begin(), tests.end(), [v](const TestOutcome& t) { return t.verdict == v; }));
}

int ExecRun::exitCode() const { return count(ExecVerdict::Fail) + count(ExecVerdict::Error) == 0 ? 0 : 1; }

namespace {

using Json = nlohmann::ordered_json;

std::string where(const TestOutcome& t) {
  if (!t.event) return "";
  if (*t.event == 0) return " before the first step";
  return " at step " + std::to_string(*t.step) + " (event " + std::to_string(*t.event) + ")";
}

std::string line(std::size_t index, const TestOutcome& t) {
  std::string out = "sequence " + std::to_string(index + 1) + ": " + std::string(toString(t.verdict));
  if (t.verdict == ExecVerdict::Pass) return out;
  out += where(t) + ": " + t.reason;
  if (!t.expected.empty()) out += "; expected " + t.expected;
  if (!t.observed.empty() && t.observed != t.reason) out += ", observed " + t.observed;
  return out;
}

}  // namespace

std::string execJson(const ExecRun& run) {
  Json tests = Json::array();
  for (std::size_t k = 0; k < run.tests.size(); ++k) {
    const TestOutcome& t = run.tests[k];
    Json o{{"sequence", k + 1}, {"name", "sequence " + std::to_string(k + 1)}, {"verdict", std::string(toString(t.verdict))},
           {"reason", t.reason}};
    if (t.event) {
      Json f{{"event", *t.event}, {"step", *t.step}};
      if (!t.request.empty()) f["request"] = t.request;
      if (!t.expected.empty()) f["expected"] = t.expected;
      if (!t.observed.empty()) f["observed"] = t.observed;
      o["failing_step"] = std::move(f);
    }
    o["trace"] = t.trace;
    o["adapter"] = t.adapter;
    o["time_s"] = t.seconds;
    tests.push_back(std::move(o));
  }
  const Json doc{{"format", "symseq-exec"},
                 {"version", 1},
                 {"model", run.model},
                 {"result", run.result},
                 {"adapter", run.adapter},
                 {"observe", run.observe},
                 {"timeout_ms", run.timeoutMs},
                 {"adapter_timeout_ms", run.adapterTimeoutMs},
                 {"summary",
                  {{"tests", run.tests.size()},
                   {"pass", run.count(ExecVerdict::Pass)},
                   {"fail", run.count(ExecVerdict::Fail)},
                   {"error", run.count(ExecVerdict::Error)},
                   {"inconclusive", run.count(ExecVerdict::Inconclusive)}}},
                 {"complete", run.complete},
                 {"sequences", run.planned},
                 {"exit_code", run.exitCode()},
                 {"tests", std::move(tests)}};
  return doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

std::string execSummary(const ExecRun& run) {
  std::ostringstream out;
  for (std::size_t k = 0; k < run.tests.size(); ++k)
    if (run.tests[k].verdict != ExecVerdict::Pass) out << line(k, run.tests[k]) << "\n";
  out << run.tests.size() << " test(s) of " << run.model << " through " << run.adapter << ": "
      << run.count(ExecVerdict::Pass) << " pass, " << run.count(ExecVerdict::Fail) << " fail, "
      << run.count(ExecVerdict::Error) << " error, " << run.count(ExecVerdict::Inconclusive) << " inconclusive\n";
  return out.str();
}

std::string execText(const ExecRun& run) {
  std::ostringstream out;
  for (std::size_t k = 0; k < run.tests.size(); ++k) {
    const TestOutcome& t = run.tests[k];
    out << line(k, t) << (t.verdict == ExecVerdict::Pass ? " (" + t.reason + ")" : "") << "\n";
    for (std::size_t e = 0; e < t.trace.size(); ++e) out << "  " << (e + 1) << "  " << t.trace[e] << "\n";
  }
  return out.str() + execSummary(run);
}

}  // namespace symseq::exec
