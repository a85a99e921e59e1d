#pragma once
// Errors the kernel and plugins throw. Every message a user sees says where (file:line:col when
// there is a source), what is wrong, and, when we know it, what to do about it.
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

namespace symseq {

struct SourceLocation {
  std::string file;  // as the user named it; "<command line>" for --set overrides
  std::uint32_t line = 0;
  std::uint32_t column = 0;

  // "file:line:col", or "file" when the line is unknown.
  [[nodiscard]] std::string toString() const;
  friend bool operator==(const SourceLocation&, const SourceLocation&) = default;
};

class Error : public std::runtime_error {
 public:
  explicit Error(std::string message, std::optional<SourceLocation> where = std::nullopt,
                 std::string hint = {});

  [[nodiscard]] const std::string& message() const noexcept { return message_; }
  [[nodiscard]] const std::optional<SourceLocation>& location() const noexcept { return where_; }
  [[nodiscard]] const std::string& hint() const noexcept { return hint_; }

 private:
  std::string message_;
  std::optional<SourceLocation> where_;
  std::string hint_;
};

// A term whose operands have the wrong sorts, e.g. `x + true`.
class SortError : public Error { using Error::Error; };
// Text that is not a well-formed expression or model.
class ParseError : public Error { using Error::Error; };
// A run file or option that is malformed, unknown or of the wrong type.
class ConfigError : public Error { using Error::Error; };
// A plugin file that cannot be loaded or is not a symseq plugin.
class PluginError : public Error { using Error::Error; };
// A solver back end that failed (not an `unknown` answer, which is a result).
class SolverError : public Error { using Error::Error; };
// Concrete evaluation that cannot proceed (missing value, division by zero, ...).
class EvalError : public Error { using Error::Error; };

}  // namespace symseq
