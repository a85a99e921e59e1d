#pragma once
// A program run to completion with its standard output and error captured: how the harness asks
// symseq what it is, which plugins it has and whether a run loads (Symseq.h). Cells, which run
// under limits, are CellRunner's.
#include <optional>
#include <string>
#include <vector>

namespace symseq::bench {

struct ProcessOutput {
  std::optional<int> exitCode;  // when it exited on its own
  int signal = 0;               // else the signal that ended it
  std::string out;
  std::string err;
};

// `argv[0]` is the program's path (no PATH search). Throws Error when it cannot be started.
[[nodiscard]] ProcessOutput runProcess(const std::vector<std::string>& argv);

}  // namespace symseq::bench
