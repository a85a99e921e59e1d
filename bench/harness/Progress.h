#pragma once
// The progress line of a bench: cells done and failed, and the time left, estimated from the
// mean wall time of the cells run so far. On a terminal one line redrawn in place; otherwise one
// line per cell, for logs.
#include <cstddef>
#include <ostream>

#include "harness/CellRunner.h"

namespace symseq::bench {

class Progress {
 public:
  Progress(std::ostream& out, bool interactive, std::size_t total, std::size_t alreadyDone);
  void cellFinished(const Cell& cell, const CellOutcome& outcome);
  void finish();

 private:
  std::ostream& out_;
  bool interactive_;
  std::size_t total_;
  std::size_t done_;
  std::size_t failed_ = 0;
  std::size_t ranHere_ = 0;
  double wallHere_ = 0;
};

}  // namespace symseq::bench
