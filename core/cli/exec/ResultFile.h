#pragma once
// The test sequences of a `symseq run` result (result.json, docs/results.md), read back into the
// kernel's TestSequence against the model they were generated for: a sequence's `trace` (IOSTS
// tests: every transition, inputs with their values) gives its prefix and each step's path, its
// `steps` the inputs of the others (CFG tests); `initial` and `programs` (the test's witness table)
// complete it. Errors are ParseErrors at file:line:col, with a did-you-mean for unknown names.
#include <filesystem>
#include <string>
#include <vector>

#include "symseq/exec/TestSequence.h"
#include "symseq/support/Error.h"

namespace symseq::exec {

struct ResultSequence {
  TestSequence sequence{};
  SourceLocation where{};  // its object in result.json
};

struct ResultFile {
  std::string model{};  // model.name
  std::vector<ResultSequence> sequences{};
};

[[nodiscard]] ResultFile readResultFile(const std::filesystem::path& file, const TransitionSystem& system);

}  // namespace symseq::exec
