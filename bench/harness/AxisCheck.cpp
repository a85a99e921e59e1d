#include "harness/AxisCheck.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <thread>

namespace symseq::bench {

namespace {

struct Check {
  const MatrixRun* run;
  const Axis* axis;
  const AxisValue* value;
  std::optional<Error> error;  // symseq's, when the run refuses the value
  std::exception_ptr failure;  // symseq did not answer (Symseq.h's checkRun threw)
};

// Each check is a process of its own: they run side by side, one per core, and are read in
// matrix order, so the error reported does not depend on which finished first.
void runChecks(std::vector<Check>& checks, const SymseqCommand& symseq) {
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (std::size_t i = next++; i < checks.size(); i = next++) {
      Check& c = checks[i];
      std::vector<std::string> overrides = c.run->overrides;
      overrides.push_back(c.axis->key + "=" + c.value->toml);
      try {
        c.error = checkRun(symseq, c.run->file, overrides);
      } catch (...) {
        c.failure = std::current_exception();
      }
    }
  };
  const std::size_t width = std::clamp<std::size_t>(std::thread::hardware_concurrency(), 1, checks.size());
  std::vector<std::jthread> workers;
  for (std::size_t i = 1; i < width; ++i) workers.emplace_back(work);
  work();
}

}  // namespace

void checkAxes(const Matrix& matrix, const SymseqCommand& symseq) {
  std::vector<Check> checks;
  for (const MatrixRun& run : matrix.runs)
    for (const Axis& axis : matrix.axes)
      for (const AxisValue& value : axis.values) checks.push_back({&run, &axis, &value, std::nullopt, nullptr});
  if (checks.empty()) return;
  runChecks(checks, symseq);
  const MatrixRun* brokenRun = nullptr;
  for (const Check& c : checks) {
    if (c.failure) std::rethrow_exception(c.failure);
    if (!c.error || c.run == brokenRun) continue;
    // The run alone is checked only now (one process less per run when all is well): the
    // failure is the value's only if the run loads without it. If not, its cells say why.
    if (checkRun(symseq, c.run->file, c.run->overrides)) {
      brokenRun = c.run;
      continue;
    }
    throw ConfigError("axis '" + c.axis->key + "' = " + c.value->toml + " does not fit run '" + c.run->name +
                          "': " + c.error->message(),
                      c.value->where, c.error->hint());
  }
}

}  // namespace symseq::bench
