#pragma once
// Errors the kernel and plugins throw. Every message a user sees says where (file:line:col when
// there is a source), what is wrong, and, when we know it, what to do about it.
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

#pragma GCC visibility push(default)

// Types thrown or caught across the kernel/plugin boundary keep default visibility even in
// plugins built with -fvisibility=hidden, so there is one type info for each, in the kernel.
#define SYMSEQ_VISIBLE __attribute__((visibility("default")))

namespace symseq {

struct SourceLocation {
  std::string file;  // as the user named it; "<command line>" for --set overrides
  std::uint32_t line = 0;
  std::uint32_t column = 0;

  // "file:line:col", or "file" when the line is unknown.
  [[nodiscard]] std::string toString() const;
  friend bool operator==(const SourceLocation&, const SourceLocation&) = default;
};

class SYMSEQ_VISIBLE Error : public std::runtime_error {
 public:
  explicit Error(std::string message, std::optional<SourceLocation> where = std::nullopt,
                 std::string hint = {});
  // Out of line on purpose: it anchors the vtable and type info of every error class in the
  // kernel, so an error a plugin throws stays valid after the plugin's library is unloaded.
  ~Error() override;
  Error(const Error&) = default;
  Error& operator=(const Error&) = default;

  [[nodiscard]] const std::string& message() const noexcept { return message_; }
  [[nodiscard]] const std::optional<SourceLocation>& location() const noexcept { return where_; }
  [[nodiscard]] const std::string& hint() const noexcept { return hint_; }

 private:
  std::string message_;
  std::optional<SourceLocation> where_;
  std::string hint_;
};

// A term whose operands have the wrong sorts, e.g. `x + true`.
class SYMSEQ_VISIBLE SortError : public Error {
 public:
  using Error::Error;
  ~SortError() override;
};
// Text that is not a well-formed expression or model.
class SYMSEQ_VISIBLE ParseError : public Error {
 public:
  using Error::Error;
  ~ParseError() override;
};
// A run file or option that is malformed, unknown or of the wrong type.
class SYMSEQ_VISIBLE ConfigError : public Error {
 public:
  using Error::Error;
  ~ConfigError() override;
};
// A plugin file that cannot be loaded or is not a symseq plugin.
class SYMSEQ_VISIBLE PluginError : public Error {
 public:
  using Error::Error;
  ~PluginError() override;
};
// A solver back end that failed (not an `unknown` answer, which is a result).
class SYMSEQ_VISIBLE SolverError : public Error {
 public:
  using Error::Error;
  ~SolverError() override;
};
// Concrete evaluation that cannot proceed (missing value, division by zero, ...).
class SYMSEQ_VISIBLE EvalError : public Error {
 public:
  using Error::Error;
  ~EvalError() override;
};
// Work that builds expressions ran past the deadline set on its ExprContext (setDeadline): the
// caller that set it says what could not be finished and which budget to raise.
class SYMSEQ_VISIBLE DeadlinePassed : public Error {
 public:
  using Error::Error;
  ~DeadlinePassed() override;
};

}  // namespace symseq

#pragma GCC visibility pop
