#pragma once
// Something a check found about the model rather than a test (a contract's gap, a dead sequence,
// two overlapping guards), as results report it.
#include <optional>
#include <string>
#include <vector>

#include "symseq/support/Error.h"

#pragma GCC visibility push(default)

namespace symseq {

// What a run found about the model itself, beside its tests (a contract with a gap, a dead
// behaviour): information or warnings; errors stop the run before it starts.
struct ModelFinding {
  std::string kind;     // e.g. "contract-incomplete", "contract-dead-behavior"
  std::string message;  // one line, for users
  std::optional<SourceLocation> where;
  std::string witness{};            // the values that show it (`Tag = 5`), when there are some
  std::vector<std::string> core{};  // the constraints that clash (a dead transition or sequence)
};

}  // namespace symseq

#pragma GCC visibility pop
