#pragma once
// A set of paths named by their transitions (a test purpose, iosts-program-contracts.md §6.1),
// in a text file: one path per line, transition names separated by spaces, from the initial
// state; `#` starts a comment. A name is a transition of the IR (`price#coffee`) or of the
// model (`price`), which stands for each of its behaviour variants: a line naming model
// transitions with variants expands into every combination (Definition 8's distinguished paths).
#include <filesystem>
#include <string>
#include <vector>

#include "symseq/ir/TransitionSystem.h"

namespace symseq {

struct NamedPath {
  std::vector<TransitionId> transitions;
  std::size_t line = 0;  // in the path file
};

// Throws ParseError at file:line:col for an unknown name (with a did-you-mean) or an empty file.
[[nodiscard]] std::vector<NamedPath> readPathFile(const std::filesystem::path& file, const TransitionSystem& system);

}  // namespace symseq
