#include "symseq/exec/RunResult.h"

#include <algorithm>

namespace symseq {

std::size_t RunResult::length() const {
  std::size_t n = 0;
  for (const TestSequence& s : sequences) n += s.steps.size();
  return n;
}

std::size_t RunResult::coveredTargets() const {
  return static_cast<std::size_t>(std::count_if(targets.begin(), targets.end(), [](const TargetOutcome& t) { return t.covered; }));
}

RunResult checkByReplay(const TransitionSystem& system, const std::vector<TransitionId>& targets,
                        const GenerationResult& proposed, const FunctionInterpretations* functions) {
  RunResult result;
  result.strategy = proposed.stats;
  result.externalFailures = proposed.externalFailures;
  result.tree = proposed.tree;
  result.findings = proposed.findings;
  result.tables = proposed.tables;
  result.replayed = true;
  for (std::size_t i = 0; i < proposed.sequences.size(); ++i) {
    const ReplayResult r = replay(system, proposed.sequences[i], functions);
    if (!r.completed) {
      result.replayed = false;
      result.replayFailures.push_back("sequence " + std::to_string(i + 1) + ": " + r.failure);
      continue;
    }
    result.sequences.push_back(proposed.sequences[i]);
    result.covered.insert(r.covered.begin(), r.covered.end());
  }
  for (TransitionId t : targets) {
    TargetOutcome o{t, result.covered.contains(t), std::nullopt};
    if (!o.covered) {
      const auto it = proposed.uncovered.find(t);
      // Only the strategy can know a target is infeasible within the bound (it proved it);
      // without its word we do not claim that.
      o.reason = it != proposed.uncovered.end() ? it->second : UncoveredReason::BudgetExhausted;
      if (const auto d = proposed.uncoveredDetail.find(t); d != proposed.uncoveredDetail.end()) o.detail = d->second;
    }
    result.targets.push_back(o);
  }
  return result;
}

}  // namespace symseq
