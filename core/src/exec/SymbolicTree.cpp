#include "symseq/exec/SymbolicTree.h"

#include <algorithm>

namespace symseq {

std::vector<TreeNodeId> SymbolicTree::pathTo(TreeNodeId node) const {
  std::vector<TreeNodeId> path;
  for (std::optional<TreeNodeId> n = node; n && nodes[*n].parent; n = nodes[*n].parent) path.push_back(*n);
  std::reverse(path.begin(), path.end());
  return path;
}

}  // namespace symseq
