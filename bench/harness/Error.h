#pragma once
// The harness's errors. It links no symseq library, so it has its own, rendered as symseq's are
// ("file:line:col: error: message" and "  hint: ..."): a bench's messages read like a run's, and
// an error symseq reported (AxisCheck, Symseq) passes through unchanged.
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

namespace symseq::bench {

struct SourceLocation {
  std::string file;
  std::uint32_t line = 0;  // 0: the file only
  std::uint32_t column = 0;

  // "file:line:col", or "file" when the line is unknown.
  [[nodiscard]] std::string toString() const;
  friend bool operator==(const SourceLocation&, const SourceLocation&) = default;
};

// Something the bench cannot do (a fork, a write, a symseq that failed); exit 2 like bad input.
class Error : public std::runtime_error {
 public:
  explicit Error(std::string message, std::optional<SourceLocation> where = std::nullopt, std::string hint = {});

  [[nodiscard]] const std::string& message() const noexcept { return message_; }
  [[nodiscard]] const std::optional<SourceLocation>& location() const noexcept { return where_; }
  [[nodiscard]] const std::string& hint() const noexcept { return hint_; }

 private:
  std::string message_;
  std::optional<SourceLocation> where_;
  std::string hint_;
};

// A matrix, results file or command line that is malformed or refused.
class ConfigError : public Error {
 public:
  using Error::Error;
};

}  // namespace symseq::bench
