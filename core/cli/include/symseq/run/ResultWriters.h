#pragma once
// The files a run writes from its replayed result: result.json (schema in docs/results.md), a
// text table of input vectors per step, and a DOT picture of the model with targets and coverage.
// Apart from the timing fields (stats.*_time_s), the same result gives byte-identical text.
#include <string>
#include <string_view>

#include "symseq/exec/ResultHeader.h"
#include "symseq/exec/SymbolicTree.h"
#include "symseq/ir/TransitionSystem.h"
#include "symseq/run/RunConfig.h"
#include "symseq/exec/RunResult.h"

namespace symseq {

[[nodiscard]] std::string resultJson(const RunResult& result, const TransitionSystem& system, const ResultHeader& header);
[[nodiscard]] std::string resultText(const RunResult& result, const TransitionSystem& system, const ResultHeader& header);
[[nodiscard]] std::string modelDot(const RunResult& result, const TransitionSystem& system);
// The symbolic execution tree (tree strategies): every node with its step's guard, inputs,
// outputs and external calls, as JSON and as a DOT picture (nodes on reported tests in bold).
[[nodiscard]] std::string treeJson(const SymbolicTree& tree, const TransitionSystem& system);
[[nodiscard]] std::string treeDot(const SymbolicTree& tree, const TransitionSystem& system);

}  // namespace symseq
