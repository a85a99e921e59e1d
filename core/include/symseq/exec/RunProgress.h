#pragma once
// What a search has done so far, for the command line's progress line: the strategy stores it
// (GenerationJob::reportCovered), a watcher thread of the application reads it. Atomics with
// relaxed order: each number is read on its own, and a stale one only makes the line lag.
#include <atomic>
#include <cstdint>

#pragma GCC visibility push(default)

namespace symseq {

struct RunProgress {
  // Targets the strategy's sequences cover so far (what the kernel's replay confirms at the end
  // may differ).
  std::atomic<std::uint64_t> covered{0};
  // Set once a strategy stores `covered` at all: strategies that do not report leave the
  // watcher saying nothing of coverage rather than a wrong 0.
  std::atomic<bool> reported{false};
};

}  // namespace symseq

#pragma GCC visibility pop
