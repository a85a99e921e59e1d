#pragma once
// A run's external functions: the initial tables read from the run file's CSV files and the
// user's library of reference implementations, checked against the model's declarations.
#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <vector>

#include "symseq/exec/RunResult.h"
#include "symseq/ir/TransitionSystem.h"
#include "symseq/run/RunConfig.h"
#include "symseq/summary/ExternalLibrary.h"
#include "symseq/summary/FunctionTable.h"
#include "run/ExternalProcess.h"

namespace symseq {

struct RunExternals {
  FunctionTables tables;
  // At most one of them: null when the model declares no external function; `isolated` with
  // [externals] isolation = "process" (the default), `library` (in-process) with "none".
  std::unique_ptr<ExternalLibrary> library;
  std::unique_ptr<ExternalProcessLibrary> isolated;

  [[nodiscard]] const FunctionInterpretations* functions() const {
    return library ? &library->interpretations() : isolated ? &isolated->interpretations() : nullptr;
  }
};

// Throws ConfigError at the run file's key for a table or symbol of a function the model does
// not declare (with a did-you-mean), a model with external functions but no library, a library
// that does not load or lacks a symbol; ParseError at file:line:col for a bad table row. An
// isolated library's calls wait at most until shortly after `deadline` (the run's).
[[nodiscard]] RunExternals loadExternals(const ExternalsConfig& config, const TransitionSystem& system,
                                         const std::vector<std::filesystem::path>& pluginDirs,
                                         std::optional<std::chrono::steady_clock::time_point> deadline = std::nullopt);

// Uncovered targets the search did not prove unreachable, in a run where calls of external
// functions failed: their detail says so (a row those calls would have added might have covered them).
void explainExternalFailures(RunResult& result);

// Where a bare library name is looked for: <kernel dir>/symseq/externals, then the plugin dirs.
[[nodiscard]] std::filesystem::path findExternalLibrary(const std::string& name,
                                                        const std::vector<std::filesystem::path>& pluginDirs);

}  // namespace symseq
