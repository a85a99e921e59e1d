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

  // One sequence per chosen node, in node order; marks the nodes on their paths.
  [[nodiscard]] std::vector<TestSequence> build(const std::set<TransitionId>& covered);
  // The targets the built sequences take.
  [[nodiscard]] const std::set<TransitionId>& tested() const { return tested_; }

 private:
  [[nodiscard]] std::vector<TreeNodeId> chooseNodes(const std::set<TransitionId>& covered) const;
  [[nodiscard]] std::optional<TestSequence> sequenceTo(TreeNodeId node);

  const GenerationJob& job_;
  SymbolicTree& tree_;
  const FunctionTables& tables_;
  std::set<TransitionId> tested_;
};

}  // namespace symseq
