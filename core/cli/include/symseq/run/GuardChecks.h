#pragma once
// The guard checks of a run and of `check-model --semantic` (analysis/GuardAnalysis.h,
// seed-requirements 2.8): nondeterminism, incompleteness and dead transitions as findings, each
// located at its transition or location, with a witness or an unsat core. What they mean depends
// on the model kind: for a synchronous machine (TransitionSystem::synchronous) an overlap is a
// modelling error that stops the run before any output exists; for IOSTS and CFG models it is
// information (IOSTS may choose between transitions on one input).
#include <map>
#include <string>
#include <vector>

#include "symseq/analysis/GuardAnalysis.h"
#include "symseq/exec/ModelFinding.h"
#include "symseq/solver/Solver.h"

namespace symseq {

// The findings of `report`, in its order: overlaps, gaps, dead transitions.
[[nodiscard]] std::vector<ModelFinding> guardFindings(const TransitionSystem& system, const GuardReport& report);

// Analyzes the model's guards with `solver`. Throws Error at the second transition of the first
// overlap of a synchronous model (with the witness in the message); returns the report.
[[nodiscard]] GuardReport analyzeModelGuards(const TransitionSystem& system, Solver& solver);

// The targets of a composed model (TransitionSystem::components: a design, whose lowering makes
// every combination of a basic program's branches) among `dead`, each with the detail results
// give it ("its guard can never hold: CORE"). Empty for other models: their dead transitions are
// written in the model, and searching for them is the strategy's business.
[[nodiscard]] std::map<TransitionId, std::string> deadComposedTargets(const TransitionSystem& system,
                                                                      const std::vector<TransitionId>& targets,
                                                                      const std::vector<DeadTransition>& dead);

// analyzeModelGuards as findings.
[[nodiscard]] std::vector<ModelFinding> checkModelGuards(const TransitionSystem& system, Solver& solver);

}  // namespace symseq
