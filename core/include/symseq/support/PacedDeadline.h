#pragma once
// A deadline for a loop that can run long, cheap enough for its innermost step: the clock is read
// once every `Every` units of work (a read costs about as much as a few dozen cheap units), and
// DeadlinePassed is thrown once the deadline has passed. Without a deadline, tick() only tests.
#include <chrono>
#include <cstdint>
#include <optional>

#include "symseq/support/Error.h"

#pragma GCC visibility push(default)

namespace symseq {

template <std::uint32_t Every>
class PacedDeadline {
 public:
  using Clock = std::chrono::steady_clock;

  PacedDeadline() = default;
  explicit PacedDeadline(std::optional<Clock::time_point> deadline) : deadline_(deadline) {}

  // Counts one unit of work; `what` says what was cut short, for the message.
  void tick(const char* what) {
    if (!deadline_ || ++units_ < Every) return;
    units_ = 0;
    if (Clock::now() >= *deadline_) throw DeadlinePassed(what);
  }
  // Whether the deadline has passed now (reads the clock).
  [[nodiscard]] bool passed() const { return deadline_ && Clock::now() >= *deadline_; }

 private:
  std::optional<Clock::time_point> deadline_;
  std::uint32_t units_ = 0;  // since the last read of the clock
};

}  // namespace symseq

#pragma GCC visibility pop
