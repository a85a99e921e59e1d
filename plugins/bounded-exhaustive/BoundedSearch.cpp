#include "BoundedSearch.h"

#include <algorithm>
#include <chrono>

#include "symseq/acyclic/BoundedCoverage.h"

namespace symseq::bounded {

GenerationResult runBoundedExhaustive(const GenerationJob& job, const BoundedOptions& options) {
  const AcyclicCore core = AcyclicCore::analyse(job.system, "strategy 'bounded-exhaustive'");
  const std::uint32_t bound = options.maxIterations == 0 ? job.budgets.depth : std::min(options.maxIterations, job.budgets.depth);
  // Spent budgets end the work; an unknown answer before then sets aside only its targets.
  BoundedCoverage coverage(core, job.solver, bound, job.deadline, [&job] { return budgetsSpent(job); });

  // Phase 1: each target's shortest sequence, or a proof that none within the bound takes it.
  TargetFeasibility feasibility = coverage.feasibility(job.targets);
  GenerationResult result;
  result.uncovered = feasibility.uncovered;
  result.uncoveredDetail = feasibility.detail;

  // Phase 2: one sequence taking every feasible target, in as few steps as possible; no sequence
  // is shorter than the longest of the targets' shortest ones, so the search starts there.
  if (!feasibility.feasible.empty()) {
    if (auto joint = coverage.jointOptimum(feasibility.feasible, feasibility.longestShortest(), feasibility.witnesses)) {
      // jointOptimum answers only with the shortest: every shorter length was proved unsat (or is
      // below the longest target's own shortest sequence).
      result.sequences.push_back(std::move(joint->sequence));
      result.sequences.back().lengthLowerBound = joint->length;
      result.sequences.back().lengthProvenMinimal = true;
    } else {
      result.sequences = BoundedCoverage::suite(feasibility.witnesses);
    }
    for (TestSequence& s : result.sequences) s.foundBy = "bounded model check";
  }
  result.stats.set(stat::kIterations, coverage.iterationsEncoded());
  result.stats.set(stat::kModelCheckSequences, result.sequences.size());
  return result;
}

}  // namespace symseq::bounded
