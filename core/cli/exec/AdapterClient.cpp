#include "exec/AdapterClient.h"

#include <algorithm>

#include "symseq/support/DidYouMean.h"

namespace symseq::exec {

namespace {

AdapterFailure fromTransport(const TransportResult& r) {
  switch (r.fault) {
    case TransportResult::Fault::Timeout: return {AdapterFailure::Kind::Timeout, r.reason};
    case TransportResult::Fault::Ended: return {AdapterFailure::Kind::Ended, r.reason};
    default: return {AdapterFailure::Kind::Protocol, r.reason};
  }
}

// The first key of `answer` not in `known`, with a did-you-mean, or "".
std::string unknownKey(const JsonNode& answer, const std::vector<std::string>& known) {
  for (const auto& [key, value] : answer.members)
    if (std::find(known.begin(), known.end(), key) == known.end())
      return "unknown key \"" + key + "\"" + didYouMean(key, known);
  return {};
}

std::string shortened(const std::string& line) {
  return line.size() <= 200 ? line : line.substr(0, 200) + "...";
}

}  // namespace

AdapterFailure AdapterClient::protocol(const std::string& what) {
  transport_.stop(Clock::now());  // its stream can no longer be trusted: start afresh next time
  return {AdapterFailure::Kind::Protocol, "protocol: " + what};
}

std::optional<AdapterFailure> AdapterClient::exchange(const std::string& line, std::chrono::milliseconds own,
                                                      JsonNode& answer) {
  request_ = line;
  const Clock::time_point deadline = Clock::now() + own + grace_;
  if (const TransportResult sent = transport_.send(line, deadline); sent.fault != TransportResult::Fault::None)
    return fromTransport(sent);
  const TransportResult got = transport_.receive(deadline);
  if (got.fault != TransportResult::Fault::None) return fromTransport(got);
  if (!parseJson(got.line, answer).ok || answer.kind != JsonNode::Kind::Object)
    return protocol("the answer is not a JSON object: '" + shortened(got.line) + "'");
  for (std::size_t k = 0; k < answer.members.size(); ++k)
    for (std::size_t j = 0; j < k; ++j)
      if (answer.members[j].first == answer.members[k].first)
        return protocol("duplicate key \"" + answer.members[k].first + "\" in '" + shortened(got.line) + "'");
  if (const JsonNode* error = answer.member("error")) {
    if (answer.members.size() != 1 || error->kind != JsonNode::Kind::String)
      return protocol("an error answer is {\"error\": TEXT}, got '" + shortened(got.line) + "'");
    return AdapterFailure{AdapterFailure::Kind::Refused, error->text};
  }
  return std::nullopt;
}

std::optional<AdapterFailure> AdapterClient::expectOk(const JsonNode& answer, const std::vector<std::string>& extra) {
  std::vector<std::string> known{"ok"};
  known.insert(known.end(), extra.begin(), extra.end());
  if (const std::string unknown = unknownKey(answer, known); !unknown.empty())
    return protocol("in the answer to " + request_ + ": " + unknown);
  const JsonNode* ok = answer.member("ok");
  if (!ok || ok->kind != JsonNode::Kind::Bool || ok->text != "true")
    return protocol("expected {\"ok\":true} in answer to " + request_);
  return std::nullopt;
}

std::optional<AdapterFailure> AdapterClient::open(const std::string& model) {
  name_.clear();
  const TransportResult started = transport_.start(Clock::now() + grace_);
  if (started.fault != TransportResult::Fault::None) return fromTransport(started);
  JsonNode answer;
  if (auto f = exchange("{\"op\":\"hello\",\"protocol\":1,\"model\":" + jsonQuoted(model) + "}",
                        std::chrono::milliseconds(0), answer))
    return f;
  if (auto f = expectOk(answer, {"name"})) return f;
  if (const JsonNode* name = answer.member("name")) {
    if (name->kind != JsonNode::Kind::String) return protocol("\"name\" must be a string");
    name_ = name->text;
  }
  return std::nullopt;
}

std::optional<AdapterFailure> AdapterClient::reset() {
  JsonNode answer;
  if (auto f = exchange("{\"op\":\"reset\"}", std::chrono::milliseconds(0), answer)) return f;
  return expectOk(answer);
}

std::optional<AdapterFailure> AdapterClient::input(const std::string& channel, const std::vector<std::string>& values) {
  std::string line = "{\"op\":\"input\",\"channel\":" + jsonQuoted(channel) + ",\"values\":[";
  for (std::size_t k = 0; k < values.size(); ++k) line += (k ? "," : "") + values[k];
  JsonNode answer;
  if (auto f = exchange(line + "]}", std::chrono::milliseconds(0), answer)) return f;
  return expectOk(answer);
}

Observation AdapterClient::observe(std::int32_t timeoutMs) {
  JsonNode answer;
  Observation o;
  if (auto f = exchange("{\"op\":\"observe\",\"timeout_ms\":" + std::to_string(timeoutMs) + "}",
                        std::chrono::milliseconds(timeoutMs), answer)) {
    o.failure = f;
    return o;
  }
  if (const JsonNode* q = answer.member("quiescence")) {
    if (answer.members.size() != 1 || q->kind != JsonNode::Kind::Bool || q->text != "true")
      o.failure = protocol("quiescence is {\"quiescence\":true}, got " + std::string(answer.members.size() != 1 ? "more keys" : q->text));
    else
      o.quiescence = true;
    return o;
  }
  if (const std::string unknown = unknownKey(answer, {"output", "values"}); !unknown.empty()) {
    o.failure = protocol("in the answer to observe: " + unknown);
    return o;
  }
  const JsonNode* output = answer.member("output");
  const JsonNode* values = answer.member("values");
  if (!output || output->kind != JsonNode::Kind::String) {
    o.failure = protocol("observe is answered by {\"output\": CHANNEL, \"values\": [...]} or {\"quiescence\": true}");
    return o;
  }
  if (values && values->kind != JsonNode::Kind::Array) {
    o.failure = protocol("\"values\" must be an array");
    return o;
  }
  o.channel = output->text;
  if (values) o.values = values->items;
  return o;
}

void AdapterClient::close() {
  if (!transport_.running()) return;
  JsonNode answer;
  const Clock::time_point deadline = Clock::now() + grace_;
  request_ = "{\"op\":\"quit\"}";
  if (transport_.send(request_, deadline).fault == TransportResult::Fault::None) (void)transport_.receive(deadline);
  transport_.stop(deadline);
}

}  // namespace symseq::exec
