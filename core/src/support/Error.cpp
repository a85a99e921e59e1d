#include "symseq/support/Error.h"

namespace symseq {

std::string SourceLocation::toString() const {
  if (line == 0) return file;
  return file + ":" + std::to_string(line) + ":" + std::to_string(column);
}

namespace {
std::string render(const std::string& message, const std::optional<SourceLocation>& where, const std::string& hint) {
  std::string text;
  if (where) text = where->toString() + ": ";
  text += "error: " + message;
  if (!hint.empty()) text += "\n  hint: " + hint;
  return text;
}
}  // namespace

Error::Error(std::string message, std::optional<SourceLocation> where, std::string hint)
    : std::runtime_error(render(message, where, hint)),
      message_(std::move(message)),
      where_(std::move(where)),
      hint_(std::move(hint)) {}

Error::~Error() = default;
SortError::~SortError() = default;
ParseError::~ParseError() = default;
ConfigError::~ConfigError() = default;
PluginError::~PluginError() = default;
SolverError::~SolverError() = default;
EvalError::~EvalError() = default;
DeadlinePassed::~DeadlinePassed() = default;

}  // namespace symseq
