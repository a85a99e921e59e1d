#pragma once
// `feasibility.json` and the inferred contracts' files, from a checked path set
// (feasibility/PathSet.h, contracts/Inference.h).
#include <optional>
#include <string>
#include <vector>

#include "symseq/contracts/Inference.h"
#include "symseq/feasibility/PathSet.h"
#include "symseq/run/PathFile.h"

namespace symseq {

struct FeasibilityInput {
  const TransitionSystem& system;
  const std::vector<NamedPath>& paths;
  const PathSetResult& result;
  Determinism determinism = Determinism::UninterpretedFunctions;
  const InferredContracts* inferred = nullptr;  // with --infer
  const std::vector<bool>* roundTrip = nullptr;  // Theorem 1, per path, with --infer
};

[[nodiscard]] std::string feasibilityJson(const FeasibilityInput& input);
[[nodiscard]] std::string inferredContractsJson(const InferredContracts& inferred);
// One line for the console.
[[nodiscard]] std::string feasibilitySummary(const FeasibilityInput& input);

}  // namespace symseq
