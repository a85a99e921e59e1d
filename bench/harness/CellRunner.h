#pragma once
// Runs one cell as its own process (`symseq run RUN.toml --set ...`) under a wall-time and a
// resident-memory limit, and says how it ended. Nothing a cell does can stop the bench.
#include <array>
#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "harness/Cell.h"
#include "harness/Symseq.h"

namespace symseq::bench {

// How a cell ended. `ok`: exit 0 and result.json read; `error`: a non-zero exit, with the
// child's message; `crashed`: a signal the harness did not send, or a sanitizer report;
// `timeout` and `out-of-memory`: the harness killed it at a limit (or it ran out of memory).
enum class CellStatus { Ok, Error, Crashed, Timeout, OutOfMemory };
inline constexpr std::array<CellStatus, 5> kAllStatuses{CellStatus::Ok, CellStatus::Error, CellStatus::Crashed,
                                                       CellStatus::Timeout, CellStatus::OutOfMemory};
[[nodiscard]] std::string toString(CellStatus s);
[[nodiscard]] std::optional<CellStatus> cellStatusFromString(std::string_view s);

struct CellOutcome {
  CellStatus status = CellStatus::Ok;
  std::string message;             // empty when ok
  std::optional<int> exitCode;     // when the child exited on its own
  double wallSeconds = 0;
  std::uint64_t peakKilobytes = 0; // peak resident memory (wait4's ru_maxrss, or the last poll)
  std::optional<nlohmann::json> result;  // result.json, when the run wrote one
};

// The argument vector of the child, output.dir being `outputDir` (json only).
[[nodiscard]] std::vector<std::string> cellArguments(const Cell& cell, const SymseqCommand& symseq,
                                                     const std::filesystem::path& outputDir);

[[nodiscard]] CellOutcome runCell(const Cell& cell, const SymseqCommand& symseq, const CellLimits& limits);

}  // namespace symseq::bench
