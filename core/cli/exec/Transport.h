#pragma once
// How protocol lines reach an adapter and come back (docs/adapters.md): a process symseq starts,
// or a shared library served in a child process of symseq. The protocol client
// (AdapterClient.h) is written once over this interface.
#include <memory>
#include <string>
#include <string_view>

#include "exec/ChildProcess.h"

namespace symseq::exec {

// What became of a send or a receive.
struct TransportResult {
  enum class Fault : std::uint8_t { None, Timeout, Ended, Protocol } fault = Fault::None;
  std::string line{};    // None, receive: the answer's line
  std::string reason{};  // otherwise: "timeout", "exited with status 3", "killed by signal 11 (SIGSEGV)", ...
};

class Transport {
 public:
  virtual ~Transport() = default;
  Transport() = default;
  Transport(const Transport&) = delete;
  Transport& operator=(const Transport&) = delete;

  // Starts the adapter (again, after stop()). A fault when it ended or hung before it was ready;
  // throws Error when it can never run (a library refused: no entry point, another ABI).
  [[nodiscard]] virtual TransportResult start(Clock::time_point deadline) = 0;
  [[nodiscard]] virtual bool running() const = 0;
  [[nodiscard]] virtual TransportResult send(std::string_view line, Clock::time_point deadline) = 0;
  [[nodiscard]] virtual TransportResult receive(Clock::time_point deadline) = 0;
  // Lets the adapter end by itself until `deadline` (after quit), then stops it.
  virtual void stop(Clock::time_point deadline) = 0;
  // For reports: "process 'python3 sut.py'", "library 'libsut.so'".
  [[nodiscard]] virtual std::string describe() const = 0;
};

// A process run by `command`: split at blanks and executed directly when it holds only plain
// words (so a crash is seen as the adapter's own signal), else run by /bin/sh -c.
[[nodiscard]] std::unique_ptr<Transport> processTransport(std::string command);

// A shared library with the C ABI of adapters/include/symseq_adapter.h, loaded in a forked child
// that serves the protocol by calling its table (LibraryServer.h).
[[nodiscard]] std::unique_ptr<Transport> libraryTransport(std::string library);

}  // namespace symseq::exec
