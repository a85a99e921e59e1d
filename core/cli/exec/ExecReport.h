#pragma once
// What `symseq exec` writes (docs/exec.md): exec.json (format symseq-exec, version 1), exec.txt
// and the summary it prints. Same inputs, same bytes, apart from the timing fields (time_s).
#include <string>
#include <vector>

#include "exec/TestOutcome.h"

namespace symseq::exec {

struct ExecRun {
  std::string model{};
  std::string result{};    // the result.json read
  std::string adapter{};   // the transport: "process '...'" or "library '...'"
  std::vector<std::string> observe{};
  std::int32_t timeoutMs = 0;
  std::int32_t adapterTimeoutMs = 0;
  std::vector<TestOutcome> tests{};  // one per sequence, in the result's order
  // False while tests remain: exec.json is rewritten (atomically) after every test, so the
  // verdicts of the tests already run are kept if symseq is stopped.
  bool complete = true;
  std::size_t planned = 0;  // sequences in the result

  [[nodiscard]] std::size_t count(ExecVerdict v) const;
  // 0 when no test failed or errored (inconclusive does not fail), else 1.
  [[nodiscard]] int exitCode() const;
};

[[nodiscard]] std::string execJson(const ExecRun& run);
[[nodiscard]] std::string execText(const ExecRun& run);
// One line per test that did not pass, then the counts.
[[nodiscard]] std::string execSummary(const ExecRun& run);

}  // namespace symseq::exec
