#pragma once
// The part the two transports share: a ChildProcess started by a body run in the child, its lines
// and its end turned into TransportResult faults.
#include <functional>
#include <optional>

#include "exec/Transport.h"

namespace symseq::exec {

class ChildTransport : public Transport {
 public:
  using Body = std::function<int(int in, int out)>;
  ChildTransport(Body body, std::string description) : body_(std::move(body)), description_(std::move(description)) {}

  TransportResult start(Clock::time_point deadline) override;
  [[nodiscard]] bool running() const override { return child_.has_value(); }
  TransportResult send(std::string_view line, Clock::time_point deadline) override;
  TransportResult receive(Clock::time_point deadline) override;
  void stop(Clock::time_point deadline) override;
  [[nodiscard]] std::string describe() const override { return description_; }

 protected:
  // Called by start() once the child runs (the library transport reads its loader's word here).
  [[nodiscard]] virtual TransportResult ready(Clock::time_point /*deadline*/) { return {}; }
  // The fault for a child that stopped answering: how it ended, or that it closed its stdout.
  [[nodiscard]] TransportResult ended(std::string_view what);

 private:
  Body body_;
  std::string description_;
  std::optional<ChildProcess> child_{};
};

}  // namespace symseq::exec
