#pragma once
// A child process symseq talks to by lines on two pipes (its stdin and stdout), in its own process
// group so that stopping it stops whatever it started. Every wait is bounded by a deadline: a child
// that hangs, dies or floods the pipe is reported, never waited for.
#include <sys/types.h>

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace symseq::exec {

using Clock = std::chrono::steady_clock;

// How a child ended: "exited with status 3", "killed by signal 11 (SIGSEGV)".
struct ChildExit {
  bool signalled = false;
  int code = 0;  // the exit status, or the signal
  [[nodiscard]] std::string describe() const;
};

class ChildProcess {
 public:
  enum class Io : std::uint8_t { Ok, Timeout, Closed, TooLong };

  // Forks; the child runs `body(in, out)` with the read end of its input pipe and the write end of
  // its output pipe, and exits with its result. The child keeps no other descriptor beyond
  // stdin, stdout and stderr: it runs no exec, so close-on-exec would not close them, and one
  // held there (an external host's lifeline, say) would outlive symseq.
  // Throws Error when the pipes or the fork cannot be made.
  static ChildProcess fork(const std::function<int(int in, int out)>& body);

  ChildProcess(ChildProcess&& other) noexcept;
  ChildProcess& operator=(ChildProcess&& other) noexcept;
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;
  ~ChildProcess();  // kill()

  // Writes `line` and a newline. Closed: the child no longer reads (SIGPIPE is held off).
  [[nodiscard]] Io writeLine(std::string_view line, Clock::time_point deadline);
  // The next line without its newline. TooLong: more than kMaxLine bytes without one.
  [[nodiscard]] Io readLine(std::string& line, Clock::time_point deadline);
  // Its end, if it comes by `deadline`.
  [[nodiscard]] std::optional<ChildExit> waitExit(Clock::time_point deadline);
  // Closes its stdin (an adapter told to quit may wait for that).
  void closeInput();
  // Kills its process group and reaps it (bounded); its end, when it could be reaped.
  std::optional<ChildExit> kill();
  [[nodiscard]] bool alive() const { return pid_ > 0; }

  static constexpr std::size_t kMaxLine = std::size_t{1} << 20;

 private:
  ChildProcess(pid_t pid, int in, int out) : pid_(pid), in_(in), out_(out) {}
  void release();

  pid_t pid_ = -1;
  int in_ = -1;   // the child's stdin, written here
  int out_ = -1;  // the child's stdout, read here
  std::string buffer_{};
  std::optional<ChildExit> ended_{};
};

}  // namespace symseq::exec
