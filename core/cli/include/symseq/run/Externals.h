#pragma once
// A run's external functions: the initial tables read from the run file's CSV files and the
// user's library of reference implementations, checked against the model's declarations.
#include <filesystem>
#include <memory>
#include <vector>

#include "symseq/ir/TransitionSystem.h"
#include "symseq/run/RunConfig.h"
#include "symseq/summary/ExternalLibrary.h"
#include "symseq/summary/FunctionTable.h"

namespace symseq {

struct RunExternals {
  FunctionTables tables;
  std::unique_ptr<ExternalLibrary> library;  // null when the model declares no external function

  [[nodiscard]] const FunctionInterpretations* functions() const {
    return library ? &library->interpretations() : nullptr;
  }
};

// Throws ConfigError at the run file's key for a table or symbol of a function the model does
// not declare (with a did-you-mean), a model with external functions but no library, a library
// that does not load or lacks a symbol; ParseError at file:line:col for a bad table row.
[[nodiscard]] RunExternals loadExternals(const ExternalsConfig& config, const TransitionSystem& system,
                                         const std::vector<std::filesystem::path>& pluginDirs);

// Where a bare library name is looked for: <kernel dir>/symseq/externals, then the plugin dirs.
[[nodiscard]] std::filesystem::path findExternalLibrary(const std::string& name,
                                                        const std::vector<std::filesystem::path>& pluginDirs);

}  // namespace symseq
