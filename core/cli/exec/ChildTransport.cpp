#include "exec/ChildTransport.h"

namespace symseq::exec {

TransportResult ChildTransport::start(Clock::time_point deadline) {
  child_.reset();
  child_.emplace(ChildProcess::fork(body_));
  TransportResult r = ready(deadline);
  if (r.fault != TransportResult::Fault::None) child_.reset();
  return r;
}

TransportResult ChildTransport::ended(std::string_view what) {
  // It may be ending right now: give it a moment to be reaped, so the report says how it ended.
  const std::optional<ChildExit> exit = child_->waitExit(Clock::now() + std::chrono::milliseconds(500));
  TransportResult r{TransportResult::Fault::Ended, {}, exit ? exit->describe() : std::string(what)};
  child_.reset();
  return r;
}

TransportResult ChildTransport::send(std::string_view line, Clock::time_point deadline) {
  if (!child_) return {TransportResult::Fault::Ended, {}, "not running"};
  switch (child_->writeLine(line, deadline)) {
    case ChildProcess::Io::Ok: return {};
    case ChildProcess::Io::Timeout: child_.reset(); return {TransportResult::Fault::Timeout, {}, "timeout"};
    default: return ended("closed its stdin");
  }
}

TransportResult ChildTransport::receive(Clock::time_point deadline) {
  if (!child_) return {TransportResult::Fault::Ended, {}, "not running"};
  std::string line;
  switch (child_->readLine(line, deadline)) {
    case ChildProcess::Io::Ok: return {TransportResult::Fault::None, std::move(line), {}};
    case ChildProcess::Io::Timeout: child_.reset(); return {TransportResult::Fault::Timeout, {}, "timeout"};
    case ChildProcess::Io::TooLong:
      child_.reset();
      return {TransportResult::Fault::Protocol, {},
              "protocol: an answer longer than " + std::to_string(ChildProcess::kMaxLine) + " bytes"};
    case ChildProcess::Io::Closed: break;
  }
  return ended("closed its stdout");
}

void ChildTransport::stop(Clock::time_point deadline) {
  if (!child_) return;
  child_->closeInput();
  (void)child_->waitExit(deadline);
  child_.reset();  // kills it if it is still there
}

}  // namespace symseq::exec
