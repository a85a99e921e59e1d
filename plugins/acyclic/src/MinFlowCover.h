#pragma once
// The exact FINDPATH's core: the fewest loop iterations whose paths together take every target
// transition of the body (a minimum flow with lower bounds on a DAG).
#include <optional>
#include <vector>

#include "symseq/acyclic/AcyclicCore.h"

namespace symseq::detail {

// One path per iteration, each from the loop head back to it; when `start` is given (a body
// location where the current iteration stands), the first path starts there instead and
// completes that iteration. `isTarget` is indexed by transition id.
//
// `initial` is a cover of every target to improve on, in the same form (the greedy one: the
// closer it is to the minimum, the less the max flow has to do; one unit per target instead
// made the exact FINDPATH take seconds on 10,000 decisions).
[[nodiscard]] std::vector<std::vector<TransitionId>> minFlowCover(
    const AcyclicCore& core, const std::vector<char>& isTarget, std::optional<LocationId> start,
    const std::vector<std::vector<TransitionId>>& initial);

}  // namespace symseq::detail
