#pragma once
// The progress line of `symseq run` on stderr: elapsed time, targets covered of those searched,
// SMT queries asked. Shown once the run has taken a second, redrawn four times a second in place
// on a terminal; with --progress on something else (a CI log), one line a second. A thread of its
// own reads the run's RunMonitor, whose fields are atomics: it never touches the run's objects.
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

#include "symseq/run/ExecuteRun.h"

namespace symseq {

// The line's text (without a line end) at `elapsed`; also used by the tests.
[[nodiscard]] std::string progressText(const RunMonitor& monitor, std::chrono::steady_clock::duration elapsed);

class ProgressLine {
 public:
  // Shown when `forced` or stderr is a terminal; otherwise no thread is started.
  ProgressLine(const RunMonitor& monitor, std::chrono::steady_clock::time_point started, bool forced);
  ~ProgressLine();
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  // Ends the thread and clears the line it drew; again: nothing.
  void stop();

 private:
  void loop(const std::stop_token& token);

  const RunMonitor& monitor_;
  std::chrono::steady_clock::time_point started_;
  bool terminal_ = false;
  bool drawn_ = false;  // written by the thread, read by stop() once it is joined
  std::mutex mutex_;
  std::condition_variable_any wake_;
  std::jthread thread_;  // last: started once the rest is set
};

}  // namespace symseq
