#pragma once
// A writer turns a replayed run result into output files (result.json, result.txt, model.dot,
// tree.json/tree.dot). Writers are plugins of their own kind, named by the run file's
// [output] formats, so a new output format is one small plugin.
#pragma GCC visibility push(default)

namespace symseq {

class Writer {
 public:
  virtual ~Writer() = default;
};

}  // namespace symseq

#pragma GCC visibility pop
