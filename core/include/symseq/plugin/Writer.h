#pragma once
// A writer turns a replayed run result into output files (result.json, result.txt, model.dot,
// tree.json/tree.dot). Writers are plugins of their own kind, named by the run file's
// [output] formats, so a new output format is one small plugin.
//
// A writer never touches the file system: it returns its files' names and contents, and the
// application writes them, each atomically and only once every writer of the run has returned,
// so a writer that fails leaves no file half-written and no other writer's files behind.
#include <string>
#include <vector>

#include "symseq/exec/ResultHeader.h"
#include "symseq/exec/RunResult.h"
#include "symseq/ir/TransitionSystem.h"

#pragma GCC visibility push(default)

namespace symseq {

// What a writer describes: the result after replay (coverage is what replay saw; the targets, in
// target order, are result.targets), the model it ran on and what produced it.
struct WriterInput {
  const RunResult& result;
  const TransitionSystem& system;
  const ResultHeader& header;
};

// One file of a writer's output.
struct OutputFile {
  std::string name;      // a plain file name (no directory part), written into [output] dir
  std::string contents;  // written byte for byte
  // Printed by `symseq run` after the run, as its console summary (the text writer marks
  // result.txt). When no file of the run is marked, the command prints a line of coverage and
  // the names of the files written.
  bool consoleSummary = false;
};

class Writer {
 public:
  virtual ~Writer() = default;
  // This run's files, in the order they are written; none when the writer has nothing to say
  // about it (the tree writer after a strategy that built no tree). The same input gives the
  // same bytes, apart from timing fields. Throw symseq::Error subclasses for a result the
  // format cannot express.
  [[nodiscard]] virtual std::vector<OutputFile> write(const WriterInput& run) const = 0;
};

}  // namespace symseq

#pragma GCC visibility pop
