#include "symseq/run/ProgressLine.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>

namespace symseq {

namespace {

using Clock = std::chrono::steady_clock;

// A line only for runs that take longer than this: a short run prints nothing but its summary.
constexpr std::chrono::seconds kQuiet{1};
// A few redraws a second on a terminal; a log gets one line a second.
constexpr std::chrono::milliseconds kTerminalPeriod{250};
constexpr std::chrono::milliseconds kLogPeriod{1000};

}  // namespace

std::string progressText(const RunMonitor& monitor, Clock::duration elapsed) {
  const double seconds = std::chrono::duration<double>(elapsed).count();
  const std::uint64_t targets = monitor.targets.load(std::memory_order_relaxed);
  if (targets == 0) return fmt::format("symseq: {:.1f} s, loading and checking the model", seconds);
  // A strategy that does not report its coverage as it goes gets no number rather than a wrong 0.
  const std::string covered = monitor.progress.reported.load(std::memory_order_relaxed)
                                  ? std::to_string(monitor.progress.covered.load(std::memory_order_relaxed))
                                  : std::string("?");
  return fmt::format("symseq: {:.1f} s, covered {} of {} targets, {} queries", seconds, covered, targets,
                     monitor.queries->load(std::memory_order_relaxed));
}

ProgressLine::ProgressLine(const RunMonitor& monitor, Clock::time_point started, bool forced)
    : monitor_(monitor), started_(started), terminal_(isatty(STDERR_FILENO) == 1) {
  if (terminal_ || forced) thread_ = std::jthread([this](const std::stop_token& token) { loop(token); });
}

ProgressLine::~ProgressLine() { stop(); }

void ProgressLine::stop() {
  if (!thread_.joinable()) return;
  thread_.request_stop();  // wakes the wait (condition_variable_any with a stop token)
  thread_.join();
  if (drawn_ && terminal_) {
    std::fputs("\r\033[K", stderr);  // the summary follows on a clean line
    std::fflush(stderr);
  }
}

void ProgressLine::loop(const std::stop_token& token) {
  const auto period = terminal_ ? kTerminalPeriod : kLogPeriod;
  std::unique_lock lock(mutex_);
  while (!wake_.wait_for(lock, token, period, [] { return false; })) {
    if (token.stop_requested()) return;
    const auto elapsed = Clock::now() - started_;
    if (elapsed < kQuiet) continue;
    const std::string text = progressText(monitor_, elapsed);
    if (terminal_)
      std::fprintf(stderr, "\r\033[K%s", text.c_str());
    else
      std::fprintf(stderr, "%s\n", text.c_str());
    std::fflush(stderr);
    drawn_ = true;
  }
}

}  // namespace symseq
