#pragma once
// The adapter protocol of docs/adapters.md, written once over a Transport: hello, reset, input,
// observe and quit, each answer checked (an unknown key, a missing one or a line that is not JSON
// is a protocol fault). Every wait is bounded: a request's own time (observe's timeout) plus the
// adapter grace. After a fault the adapter is stopped; the next open() starts it again.
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "exec/JsonText.h"
#include "exec/Transport.h"

namespace symseq::exec {

// Why a request did not get its answer.
struct AdapterFailure {
  enum class Kind : std::uint8_t {
    Timeout,   // no answer in time
    Ended,     // the adapter exited, was killed by a signal or closed its stdout
    Protocol,  // an answer that is not one of the protocol's
    Refused,   // the adapter answered {"error": ...}
  } kind = Kind::Protocol;
  std::string reason{};  // "timeout", "exited with status 3", "protocol: ...", the adapter's text
  // Timeouts and ends are the system's (verdict fail); protocol faults and refusals the adapter's
  // (verdict error).
  [[nodiscard]] bool isAdapterError() const { return kind == Kind::Protocol || kind == Kind::Refused; }
};

// An observe's answer.
struct Observation {
  std::optional<AdapterFailure> failure{};
  bool quiescence = false;
  std::string channel{};
  std::vector<JsonNode> values{};
};

class AdapterClient {
 public:
  AdapterClient(Transport& transport, std::chrono::milliseconds grace) : transport_(transport), grace_(grace) {}

  [[nodiscard]] bool running() const { return transport_.running(); }
  // Starts the adapter and says hello for `model`. Throws Error when the transport refuses for good.
  [[nodiscard]] std::optional<AdapterFailure> open(const std::string& model);
  [[nodiscard]] std::optional<AdapterFailure> reset();
  // `values`: JSON texts, in the channel's parameter order.
  [[nodiscard]] std::optional<AdapterFailure> input(const std::string& channel, const std::vector<std::string>& values);
  [[nodiscard]] Observation observe(std::int32_t timeoutMs);
  // Says quit and lets the adapter end (bounded by the grace), then stops it.
  void close();

  // The name the adapter gave in its hello answer (empty if none).
  [[nodiscard]] const std::string& name() const { return name_; }
  // The last request sent, as its JSON line.
  [[nodiscard]] const std::string& lastRequest() const { return request_; }

 private:
  // Sends `line` and reads one answer; a transport fault stops the adapter.
  [[nodiscard]] std::optional<AdapterFailure> exchange(const std::string& line, std::chrono::milliseconds own,
                                                       JsonNode& answer);
  // {"ok":true} (plus `extra` keys allowed) or {"error": ...}.
  [[nodiscard]] std::optional<AdapterFailure> expectOk(const JsonNode& answer, const std::vector<std::string>& extra = {});
  [[nodiscard]] AdapterFailure protocol(const std::string& what);

  Transport& transport_;
  std::chrono::milliseconds grace_;
  std::string name_{};
  std::string request_{};
};

}  // namespace symseq::exec
