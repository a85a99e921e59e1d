#include "exec/ChildProcess.h"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>
#include <thread>

#include "symseq/support/Error.h"

namespace symseq::exec {

namespace {

int remainingMs(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
  return left <= 0 ? 0 : static_cast<int>(std::min<long long>(left, 60'000));
}

std::optional<ChildExit> exitOf(int status) {
  if (WIFEXITED(status)) return ChildExit{false, WEXITSTATUS(status)};
  if (WIFSIGNALED(status)) return ChildExit{true, WTERMSIG(status)};
  return std::nullopt;
}

// Writes with SIGPIPE blocked in this thread, then takes a SIGPIPE the write raised, so a child
// that closed its stdin gives EPIPE rather than ending symseq (no process-wide handler is touched).
ssize_t writeNoSigpipe(int fd, const char* data, std::size_t size) {
  sigset_t pipe, old;
  sigemptyset(&pipe);
  sigaddset(&pipe, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe, &old);
  const ssize_t n = ::write(fd, data, size);
  const int saved = errno;
  if (n < 0 && saved == EPIPE) {
    const timespec zero{0, 0};
    while (sigtimedwait(&pipe, nullptr, &zero) > 0) {
    }
  }
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  errno = saved;
  return n;
}

// Closes the descriptors first..last that are open. close_range needs Linux 5.9; before it, a loop.
void closeDescriptors(int first, int last) {
  if (first > last) return;
  if (::close_range(static_cast<unsigned>(first), static_cast<unsigned>(last), 0) == 0) return;
  rlimit limit{};
  const rlim_t cap = ::getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < (rlim_t{1} << 20) ? limit.rlim_cur : (rlim_t{1} << 20);
  for (int fd = first; fd <= last && static_cast<rlim_t>(fd) < cap; ++fd) ::close(fd);
}

// In a forked child: everything but stdin, stdout, stderr and the two descriptors it keeps.
void closeInheritedDescriptors(int keep1, int keep2) {
  const int low = std::min(keep1, keep2);
  const int high = std::max(keep1, keep2);
  closeDescriptors(3, low - 1);
  closeDescriptors(low + 1, high - 1);
  closeDescriptors(high + 1, std::numeric_limits<int>::max());
}

}  // namespace

std::string ChildExit::describe() const {
  if (!signalled) return "exited with status " + std::to_string(code);
  const char* abbrev = sigabbrev_np(code);
  return "killed by signal " + std::to_string(code) + (abbrev ? " (SIG" + std::string(abbrev) + ")" : "");
}

ChildProcess ChildProcess::fork(const std::function<int(int in, int out)>& body) {
  int toChild[2], fromChild[2];
  if (::pipe2(toChild, O_CLOEXEC) != 0) throw Error(std::string("cannot create a pipe: ") + std::strerror(errno));
  if (::pipe2(fromChild, O_CLOEXEC) != 0) {
    ::close(toChild[0]);
    ::close(toChild[1]);
    throw Error(std::string("cannot create a pipe: ") + std::strerror(errno));
  }
  const pid_t pid = ::fork();
  if (pid < 0) {
    for (int fd : {toChild[0], toChild[1], fromChild[0], fromChild[1]}) ::close(fd);
    throw Error(std::string("cannot start the adapter: fork: ") + std::strerror(errno));
  }
  if (pid == 0) {
    ::setpgid(0, 0);  // its own group: kill() stops what it starts too
    closeInheritedDescriptors(toChild[0], fromChild[1]);
    int code = 127;
    try {
      code = body(toChild[0], fromChild[1]);
    } catch (...) {
    }
    ::_exit(code);  // no atexit handlers: they belong to symseq
  }
  ::setpgid(pid, pid);  // also here, so the group exists before the parent signals it
  ::close(toChild[0]);
  ::close(fromChild[1]);
  ::fcntl(toChild[1], F_SETFL, ::fcntl(toChild[1], F_GETFL) | O_NONBLOCK);
  ::fcntl(fromChild[0], F_SETFL, ::fcntl(fromChild[0], F_GETFL) | O_NONBLOCK);
  return ChildProcess(pid, toChild[1], fromChild[0]);
}

ChildProcess::ChildProcess(ChildProcess&& other) noexcept
    : pid_(other.pid_), in_(other.in_), out_(other.out_), buffer_(std::move(other.buffer_)), ended_(other.ended_) {
  other.pid_ = -1;
  other.in_ = other.out_ = -1;
}

ChildProcess& ChildProcess::operator=(ChildProcess&& other) noexcept {
  if (this != &other) {
    (void)kill();
    pid_ = other.pid_;
    in_ = other.in_;
    out_ = other.out_;
    buffer_ = std::move(other.buffer_);
    ended_ = other.ended_;
    other.pid_ = -1;
    other.in_ = other.out_ = -1;
  }
  return *this;
}

ChildProcess::~ChildProcess() { (void)kill(); }

ChildProcess::Io ChildProcess::writeLine(std::string_view line, Clock::time_point deadline) {
  if (in_ < 0) return Io::Closed;
  std::string text(line);
  text += '\n';
  std::size_t done = 0;
  while (done < text.size()) {
    pollfd p{in_, POLLOUT, 0};
    const int ready = ::poll(&p, 1, remainingMs(deadline));
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) return Io::Timeout;
    if (ready < 0 || (p.revents & (POLLERR | POLLHUP)) != 0) return Io::Closed;
    const ssize_t n = writeNoSigpipe(in_, text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EAGAIN || errno == EINTR) continue;
      return Io::Closed;
    }
    done += static_cast<std::size_t>(n);
  }
  return Io::Ok;
}

ChildProcess::Io ChildProcess::readLine(std::string& line, Clock::time_point deadline) {
  for (;;) {
    if (const auto nl = buffer_.find('\n'); nl != std::string::npos) {
      line = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return Io::Ok;
    }
    if (buffer_.size() > kMaxLine) return Io::TooLong;
    if (out_ < 0) return Io::Closed;
    pollfd p{out_, POLLIN, 0};
    const int ready = ::poll(&p, 1, remainingMs(deadline));
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) return Io::Timeout;
    char chunk[65536];
    const ssize_t n = ::read(out_, chunk, sizeof chunk);
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) continue;
    if (n <= 0) {
      ::close(out_);
      out_ = -1;
      return Io::Closed;
    }
    buffer_.append(chunk, static_cast<std::size_t>(n));
  }
}

std::optional<ChildExit> ChildProcess::waitExit(Clock::time_point deadline) {
  if (ended_ || pid_ <= 0) return ended_;
  for (;;) {
    int status = 0;
    const pid_t r = ::waitpid(pid_, &status, WNOHANG);
    if (r == pid_) {
      ended_ = exitOf(status);
      pid_ = -1;
      return ended_;
    }
    if (r < 0 && errno != EINTR) return std::nullopt;
    if (Clock::now() >= deadline) return std::nullopt;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

void ChildProcess::closeInput() {
  if (in_ >= 0) ::close(in_);
  in_ = -1;
}

std::optional<ChildExit> ChildProcess::kill() {
  if (pid_ > 0) {
    ::kill(-pid_, SIGKILL);
    ::kill(pid_, SIGKILL);
    // Killed, it ends at once; the bound only guards against a process stuck in the kernel.
    (void)waitExit(Clock::now() + std::chrono::seconds(5));
  }
  release();
  return ended_;
}

void ChildProcess::release() {
  closeInput();
  if (out_ >= 0) ::close(out_);
  out_ = -1;
}

}  // namespace symseq::exec
