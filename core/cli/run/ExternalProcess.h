#pragma once
// A user's external-function library run in a child process (run/ExternalHost.h): the same
// interpretations as the kernel's in-process ExternalLibrary (symseq/summary/ExternalLibrary.h),
// but a function that crashes, aborts, exits, or does not answer within the call limit or the
// run's deadline throws EvalError naming the call and what happened, and the next call gets a
// fresh process. `[externals] isolation = "process"` (the default) makes runs use it.
#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <vector>

#include "symseq/expr/Valuation.h"
#include "symseq/summary/ExternalLibrary.h"

namespace symseq {

class ExternalHost;

struct ExternalProcessOptions {
  std::chrono::milliseconds callTimeout{std::chrono::seconds(5)};
  // The run's deadline: no call waits past it; one made after it (replay) waits at most 0.2 s.
  std::optional<std::chrono::steady_clock::time_point> deadline{};
  std::filesystem::path host{};  // empty: defaultExternalHost()
};

class ExternalProcessLibrary {
 public:
  // Starts the process, which loads the library and looks up every symbol; throws ConfigError
  // with the in-process messages when the library does not load or a symbol is missing, and
  // naming the host program when it cannot start.
  ExternalProcessLibrary(const std::filesystem::path& file, const std::vector<ExternalBinding>& bindings,
                         const ExternalProcessOptions& options = {});
  ~ExternalProcessLibrary();
  ExternalProcessLibrary(const ExternalProcessLibrary&) = delete;
  ExternalProcessLibrary& operator=(const ExternalProcessLibrary&) = delete;

  [[nodiscard]] const FunctionInterpretations& interpretations() const { return interpretations_; }

 private:
  std::shared_ptr<ExternalHost> host_;  // shared with every interpretation, which may outlive this
  FunctionInterpretations interpretations_;
};

}  // namespace symseq
