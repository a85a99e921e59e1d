#pragma once
// The verdict of one test run through an adapter, with what explains it (docs/exec.md).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace symseq::exec {

enum class ExecVerdict : std::uint8_t { Pass, Fail, Error, Inconclusive };
[[nodiscard]] std::string_view toString(ExecVerdict v);  // "pass", "fail", "error", "inconclusive"

struct TestOutcome {
  ExecVerdict verdict = ExecVerdict::Pass;
  // pass: the model verdict (PASS, WeakPASS); otherwise why: "timeout", "exited with status 3",
  // "killed by signal 11 (SIGSEGV)", "protocol: ...", the adapter's error text, "unexpected output", ...
  std::string reason{};
  std::optional<std::size_t> event{};  // the failing event, 1-based (inputs sent and observations)
  std::optional<std::size_t> step{};   // the test step it belongs to, 1-based (0: before the first)
  std::string request{};               // the request that met the failure, as sent
  std::string expected{};              // what the plan (or the model) expected there
  std::string observed{};              // what came instead
  std::string adapter{};               // the adapter's name (its hello answer)
  std::vector<std::string> trace{};    // the events sent and observed, as `coin?(100)`, `screen!(Add)`, `δ`
  double seconds = 0;                  // wall time of the test (a timing field)
};

}  // namespace symseq::exec
