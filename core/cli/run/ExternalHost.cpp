#include "ExternalHost.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <thread>

#include "symseq/plugin/Registry.h"

extern char** environ;

namespace symseq {

namespace fs = std::filesystem;

namespace {

// One poll waits at most a minute (its timeout is an int of milliseconds); the loops around it
// poll again until the deadline itself has passed.
int remainingMs(ExternalClock::time_point deadline) {
  const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - ExternalClock::now()).count();
  return left <= 0 ? 0 : static_cast<int>(std::min<long long>(left, 60'000));
}

// The host's "symbol i is missing" names an index of ours; anything else (the user's library may
// write to the socket) is not taken for one.
bool parseIndex(const std::string& text, std::size_t count, std::size_t& index) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), index);
  return ec == std::errc{} && end == text.data() + text.size() && index < count;
}

bool passed(ExternalClock::time_point deadline) { return ExternalClock::now() >= deadline; }

// A call never waits past the run's deadline, but calls made after it still happen (replay checks
// every test with the real functions): each of those may take this long, so that a quick function
// still answers.
constexpr auto kLateCall = std::chrono::milliseconds(200);

std::string describeStatus(int status) {
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    const char* abbrev = sigabbrev_np(sig);
    return "killed by signal " + std::to_string(sig) + (abbrev ? " (SIG" + std::string(abbrev) + ")" : "");
  }
  return "ended with wait status " + std::to_string(status);
}

void closeFd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// Spawn file actions and attributes, released however the spawn goes.
struct SpawnSetup {
  posix_spawn_file_actions_t actions{};
  posix_spawnattr_t attr{};
  SpawnSetup() {
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attr);
  }
  ~SpawnSetup() {
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
  }
  SpawnSetup(const SpawnSetup&) = delete;
  SpawnSetup& operator=(const SpawnSetup&) = delete;
};

}  // namespace

fs::path defaultExternalHost() {
  // <kernel dir>/symseq/plugins, found from the kernel library (not the running binary, which
  // may be the unit tests or a benchmark): the host sits next to the plugins' folder.
  return Registry::defaultPluginDir().parent_path() / "symseq-external-host";
}

ExternalHost::ExternalHost(fs::path program, fs::path library, std::vector<std::string> symbols)
    : program_(std::move(program)), library_(std::move(library)), symbols_(std::move(symbols)) {}

ExternalHost::~ExternalHost() { stop(); }

void ExternalHost::stop() {
  closeFd(socket_);
  closeFd(lifeline_);
  if (pid_ > 0) {
    ::kill(-pid_, SIGKILL);  // its group: whatever the user's code started goes too
    ::kill(pid_, SIGKILL);
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
  }
  pid_ = -1;
}

ExternalHost::Start ExternalHost::start(ExternalClock::time_point deadline) {
  stop();
  Start out;
  int pair[2];
  int life[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0) {
    out.text = std::string("cannot create a socket: ") + std::strerror(errno);
    return out;
  }
  if (::pipe2(life, O_CLOEXEC) != 0) {
    out.text = std::string("cannot create a pipe: ") + std::strerror(errno);
    ::close(pair[0]);
    ::close(pair[1]);
    return out;
  }
  // The child's ends are moved to 3 and 4 by dup2, which clears close-on-exec there; first moved
  // above 4 so that no dup2 has the same source and target, or overwrites a source still needed.
  const int childSocket = ::fcntl(pair[1], F_DUPFD_CLOEXEC, 10);
  const int childLife = ::fcntl(life[0], F_DUPFD_CLOEXEC, 10);
  ::close(pair[1]);
  ::close(life[0]);
  socket_ = pair[0];
  lifeline_ = life[1];
  if (childSocket < 0 || childLife < 0) {
    out.text = std::string("cannot duplicate a descriptor: ") + std::strerror(errno);
    if (childSocket >= 0) ::close(childSocket);
    if (childLife >= 0) ::close(childLife);
    stop();
    return out;
  }
  SpawnSetup setup;
  posix_spawn_file_actions_addopen(&setup.actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&setup.actions, childSocket, 3);
  posix_spawn_file_actions_adddup2(&setup.actions, childLife, 4);
  // Its own process group (a Ctrl-C at the terminal is symseq's to handle; stop() kills the
  // group), no signal blocked that symseq's threads block, default actions for those symseq sets.
  sigset_t none, defaults;
  sigemptyset(&none);
  sigemptyset(&defaults);
  for (int sig : {SIGINT, SIGTERM, SIGPIPE, SIGHUP, SIGQUIT}) sigaddset(&defaults, sig);
  posix_spawnattr_setpgroup(&setup.attr, 0);
  posix_spawnattr_setsigmask(&setup.attr, &none);
  posix_spawnattr_setsigdefault(&setup.attr, &defaults);
  posix_spawnattr_setflags(&setup.attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  std::vector<std::string> argvText{program_.string(), library_.string()};
  argvText.insert(argvText.end(), symbols_.begin(), symbols_.end());
  std::vector<char*> argv;
  for (std::string& a : argvText) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = -1;
  const int spawned = ::posix_spawn(&pid, program_.c_str(), &setup.actions, &setup.attr, argv.data(), environ);
  ::close(childSocket);
  ::close(childLife);
  if (spawned != 0) {
    out.text = "cannot start '" + program_.string() + "': " + std::strerror(spawned);
    stop();
    return out;
  }
  pid_ = pid;
  // Non-blocking, so that no recv or send waits past a deadline.
  const int flags = ::fcntl(socket_, F_GETFL);
  if (flags < 0 || ::fcntl(socket_, F_SETFL, flags | O_NONBLOCK) != 0) {
    out.text = std::string("cannot make the call socket non-blocking: ") + std::strerror(errno);
    stop();
    return out;
  }
  char kind = 0;
  std::uint32_t length = 0;
  std::string text;
  Read r = receive(&kind, 1, deadline);
  if (r == Read::Ok) r = receive(&length, sizeof length, deadline);
  if (r == Read::Ok && length <= (1U << 20)) {
    text.resize(length);
    r = receive(text.data(), length, deadline);
  }
  if (r != Read::Ok || length > (1U << 20)) {
    if (r == Read::Timeout) {
      out.text = "it did not start within the time allowed (a library constructor that does not return?)";
      stop();
    } else {
      out.text = "its process " + ended() + " while loading it";
    }
    return out;
  }
  if (kind == 'R') {
    out.kind = Start::Kind::Ready;
    return out;
  }
  stop();  // it has said why and is ending
  if (kind == 'L') {
    out.kind = Start::Kind::LoadFailed;
    out.text = std::move(text);
  } else if (std::size_t missing = 0; kind == 'S' && parseIndex(text, symbols_.size(), missing)) {
    out.kind = Start::Kind::MissingSymbol;
    out.missing = missing;
  } else {
    out.text = "its process said '" + std::string(1, kind) + "' at start-up";
  }
  return out;
}

std::string ExternalHost::ended() {
  closeFd(socket_);
  closeFd(lifeline_);
  if (pid_ <= 0) return "ended";
  // The socket closes when the process ends: it is gone or going. Bounded all the same, for a
  // process that closed its descriptors and went on (the user's code may do anything).
  const auto until = ExternalClock::now() + std::chrono::seconds(1);
  int status = 0;
  for (;;) {
    const pid_t r = ::waitpid(pid_, &status, WNOHANG);
    if (r == pid_) {
      ::kill(-pid_, SIGKILL);  // what the user's code started, if anything, goes with it
      pid_ = -1;
      return describeStatus(status);
    }
    if (r < 0 && errno != EINTR) break;
    if (ExternalClock::now() >= until) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  stop();
  return "closed its socket and was killed";
}

bool ExternalHost::send(const void* data, std::size_t size, ExternalClock::time_point deadline) {
  const char* p = static_cast<const char*>(data);
  while (size > 0) {
    pollfd fd{socket_, POLLOUT, 0};
    const int ready = ::poll(&fd, 1, remainingMs(deadline));
    if ((ready < 0 && errno == EINTR) || (ready == 0 && !passed(deadline))) continue;
    if (ready <= 0) return false;
    // MSG_NOSIGNAL: a process that died gives EPIPE, not a SIGPIPE that would end symseq.
    const ssize_t n = ::send(socket_, p, size, MSG_NOSIGNAL);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n <= 0) return false;
    p += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

ExternalHost::Read ExternalHost::receive(void* data, std::size_t size, ExternalClock::time_point deadline) {
  char* p = static_cast<char*>(data);
  while (size > 0) {
    if (socket_ < 0) return Read::Closed;
    pollfd fd{socket_, POLLIN, 0};
    const int ready = ::poll(&fd, 1, remainingMs(deadline));
    if ((ready < 0 && errno == EINTR) || (ready == 0 && !passed(deadline))) continue;
    if (ready == 0) return Read::Timeout;
    if (ready < 0) return Read::Closed;
    const ssize_t n = ::recv(socket_, p, size, 0);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n <= 0) return Read::Closed;
    p += n;
    size -= static_cast<std::size_t>(n);
  }
  return Read::Ok;
}

ExternalAnswer ExternalHost::call(std::uint32_t index, std::span<const symseq_value> args, const CallLimit& limit) {
  const std::lock_guard lock(mutex_);
  const auto now = ExternalClock::now();
  auto deadline = now + limit.timeout;
  std::string why = limit.text;
  if (limit.runDeadline) {
    const auto last = std::max(*limit.runDeadline, now + kLateCall);
    if (last < deadline) {
      deadline = last;
      why = "before the run's time budget ran out";
    }
  }
  ExternalAnswer out;
  if (pid_ <= 0) {
    // The last call ended the process: a fresh one, within this call's time.
    const Start s = start(deadline);
    if (s.kind != Start::Kind::Ready) {
      out.failure = "the library's process could not be restarted: " +
                    (s.kind == Start::Kind::LoadFailed ? s.text : s.text.empty() ? "a symbol is missing" : s.text);
      return out;
    }
  }
  const std::uint32_t head[2]{index, static_cast<std::uint32_t>(args.size())};
  const bool sent = send(head, sizeof head, deadline) && send(args.data(), args.size_bytes(), deadline);
  Read r = Read::Closed;
  if (sent) {
    r = receive(&out.code, sizeof out.code, deadline);
    if (r == Read::Ok) r = receive(&out.result, sizeof out.result, deadline);
  } else if (ExternalClock::now() >= deadline) {
    r = Read::Timeout;
  }
  if (r == Read::Ok) {
    out.answered = true;
    return out;
  }
  if (r == Read::Timeout) {
    stop();
    out.failure = "no answer " + why;
  } else {
    out.failure = ended();
    if (out.failure.starts_with("exited")) out.failure += " during the call";
  }
  return out;
}

}  // namespace symseq
