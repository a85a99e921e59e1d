#pragma once
// Turns a symbolic tree into test sequences (see TreeSearch.h): internal to exec/.
#include <set>
#include <vector>

#include "symseq/exec/SymbolicTree.h"
#include "symseq/plugin/Strategy.h"
#include "symseq/summary/FunctionTable.h"

namespace symseq {

class TreeTestBuilder {
 public:
  TreeTestBuilder(const GenerationJob& job, SymbolicTree& tree, const FunctionTables& tables)
      : job_(job), tree_(tree), tables_(tables) {}

  // One sequence per chosen node, in node order; marks the nodes on their paths. Solved on a
  // fresh solver from GenerationJob::solvers (the run's own when there is none). Over programs
  // known by contracts the paths are solved together (renamed apart, programs shared), so that
  // one implementation of the programs can pass every test; tests that conflict go into
  // separate groups (TestSequence::group), each solved together.
  [[nodiscard]] std::vector<TestSequence> build(const std::set<TransitionId>& covered);
  // The targets the built sequences take.
  [[nodiscard]] const std::set<TransitionId>& tested() const { return tested_; }
  // Groups of mutually consistent tests (1 when the model has no programs, or none conflict).
  [[nodiscard]] std::uint32_t groups() const { return groups_; }

 private:
  // What solving the path to one node needs.
  struct PathQuery {
    TreeNodeId node = 0;
    std::vector<TreeNodeId> path;
    std::vector<Expr> constraints;    // the guards and the calls' summaries
    std::vector<Expr> programCalls;   // program applications on the path, in call order
    std::set<Expr, ExprIdLess> vars;  // what the test needs values of
  };

  [[nodiscard]] std::vector<TreeNodeId> chooseNodes(const std::set<TransitionId>& covered) const;
  [[nodiscard]] PathQuery collect(TreeNodeId node) const;
  [[nodiscard]] std::optional<TestSequence> solveAlone(const PathQuery& query, Solver& solver);
  [[nodiscard]] std::vector<TestSequence> solveTogether(const std::vector<PathQuery>& queries, Solver& solver);
  [[nodiscard]] TestSequence sequence(const PathQuery& query, const Valuation& model, std::vector<ProgramResult> rows);

  const GenerationJob& job_;
  SymbolicTree& tree_;
  const FunctionTables& tables_;
  std::set<TransitionId> tested_;
  std::uint32_t groups_ = 1;
};

}  // namespace symseq
