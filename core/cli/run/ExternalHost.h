#pragma once
// The process that runs a user's external-function library for symseq (core/external-host/
// ExternalHost.c; run/ExternalProcess.h makes the functions' interpretations from it): started once, asked call after call over a socket, and restarted after a call
// that crashed, aborted, exited or did not answer in time. Every wait is bounded by a deadline, and
// the process is killed and reaped when this object goes (no zombie, no orphan).
//
// Why a spawned executable, not fork(): symseq runs a signal thread and solver threads, and a
// forked child of a multithreaded process may only call async-signal-safe functions until it
// execs, while loading a library runs its constructors and mallocs. `symseq exec` forks for its
// library adapters (exec/ChildProcess.h), in a process with no such threads; a run has them. Why
// not re-executing /proc/self/exe: runs are also made by the unit tests and the benchmarks, whose
// executable knows no hidden argument; the host program sits next to the kernel's plugin folder
// instead (<kernel dir>/symseq/symseq-external-host), in the build tree as in an install.
#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "symseq/external.h"

namespace symseq {

using ExternalClock = std::chrono::steady_clock;

// Where the kernel's host program is: <directory of the kernel library>/symseq/symseq-external-host.
[[nodiscard]] std::filesystem::path defaultExternalHost();

struct ExternalAnswer {
  bool answered = false;  // false: `failure` says what happened instead
  std::int32_t code = 0;  // the function's return code
  symseq_value result{};
  std::string failure{};  // "killed by signal 11 (SIGSEGV)", "no answer within the 2 s call limit"
};

// How long one call may take. Fixed when the call gets the process, so that a call queued
// behind a slow one does not spend its limit waiting.
struct CallLimit {
  ExternalClock::duration timeout;                       // [externals] call_timeout_s
  std::optional<ExternalClock::time_point> runDeadline;  // cuts the timeout short (not below a grace)
  std::string text;                                      // "within the 2 s call limit ([externals] ...)"
};

class ExternalHost {
 public:
  // What a start found: the library loaded and every symbol is there, or why not.
  struct Start {
    enum class Kind : std::uint8_t { Ready, LoadFailed, MissingSymbol, Failed } kind = Kind::Failed;
    std::string text{};          // the loader's message (LoadFailed) or what went wrong (Failed)
    std::size_t missing = 0;     // index of the missing symbol (MissingSymbol)
  };

  ExternalHost(std::filesystem::path program, std::filesystem::path library, std::vector<std::string> symbols);
  ~ExternalHost();  // stop()
  ExternalHost(const ExternalHost&) = delete;
  ExternalHost& operator=(const ExternalHost&) = delete;

  // Starts the process (after stopping one that runs) and waits, until `deadline`, for its word.
  [[nodiscard]] Start start(ExternalClock::time_point deadline);
  // Calls symbol `index` with `args`, starting the process first when the last call ended it. An
  // answer past the limit is not waited for: the process is killed and the failure says which
  // limit. Thread-safe (one call at a time).
  [[nodiscard]] ExternalAnswer call(std::uint32_t index, std::span<const symseq_value> args, const CallLimit& limit);
  // Kills the process group and reaps the process.
  void stop();

 private:
  [[nodiscard]] bool send(const void* data, std::size_t size, ExternalClock::time_point deadline);
  enum class Read : std::uint8_t { Ok, Timeout, Closed };
  [[nodiscard]] Read receive(void* data, std::size_t size, ExternalClock::time_point deadline);
  // How the process ended once its socket closed (it is gone or going): reaped, described.
  [[nodiscard]] std::string ended();

  std::filesystem::path program_;
  std::filesystem::path library_;
  std::vector<std::string> symbols_;
  std::mutex mutex_;
  pid_t pid_ = -1;
  int socket_ = -1;    // our end of the call socket
  int lifeline_ = -1;  // write end of the pipe whose end-of-file tells the host symseq is gone
};

}  // namespace symseq
