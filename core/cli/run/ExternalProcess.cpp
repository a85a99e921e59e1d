#include "ExternalProcess.h"

#include <algorithm>
#include <charconv>
#include <string>

#include "ExternalHost.h"
#include "symseq/external.h"
#include "symseq/summary/ExternalValue.h"
#include "symseq/summary/FunctionTable.h"
#include "symseq/support/Error.h"

namespace symseq {

namespace {

constexpr const char* kLoadHint = "check [externals] library in the run file; the library must be built for this machine";

std::string seconds(std::chrono::milliseconds d) {
  char buffer[32];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, static_cast<double>(d.count()) / 1000.0);
  return std::string(buffer, end) + " s";
}

}  // namespace

ExternalProcessLibrary::ExternalProcessLibrary(const std::filesystem::path& file,
                                               const std::vector<ExternalBinding>& bindings,
                                               const ExternalProcessOptions& options) {
  std::vector<std::string> symbols;
  for (const ExternalBinding& b : bindings) symbols.push_back(b.symbol);
  const std::filesystem::path program = options.host.empty() ? defaultExternalHost() : options.host;
  // An absolute path: a bare name would be looked up by the loader, not from the working directory.
  host_ = std::make_shared<ExternalHost>(program, std::filesystem::absolute(file), symbols);
  // Loading is not a call: a library's constructors get the call limit or 10 s, the longer.
  const ExternalHost::Start start =
      host_->start(ExternalClock::now() + std::max<ExternalClock::duration>(options.callTimeout, std::chrono::seconds(10)));
  switch (start.kind) {
    case ExternalHost::Start::Kind::Ready: break;
    case ExternalHost::Start::Kind::LoadFailed:
      throw ConfigError("cannot load the external-function library '" + file.string() + "': " + start.text,
                        std::nullopt, kLoadHint);
    case ExternalHost::Start::Kind::MissingSymbol: {
      const ExternalBinding& b = bindings.at(start.missing);
      throw missingExternalSymbol(file, b.symbol, *b.function);
    }
    case ExternalHost::Start::Kind::Failed:
      throw ConfigError("cannot run the external-function library '" + file.string() + "' in a process of its own: " +
                            start.text,
                        std::nullopt,
                        "check that symseq is installed whole (" + program.string() +
                            "), or set [externals] isolation = \"none\" to load the library into symseq");
  }
  const CallLimit limit{options.callTimeout, options.deadline,
                        "within the " + seconds(options.callTimeout) + " call limit ([externals] call_timeout_s)"};
  for (std::size_t i = 0; i < bindings.size(); ++i) {
    const FunctionDecl* f = bindings[i].function;
    const auto index = static_cast<std::uint32_t>(i);
    interpretations_.set(*f, [f, index, limit, host = host_](std::span<const Value> args) -> Value {
      return callExternal(*f, args, [&](std::span<const symseq_value> in, symseq_value& out) {
        // The call limit, cut short by the run's deadline: the budget holds whatever the function does.
        const ExternalAnswer answer = host->call(index, in, limit);
        if (!answer.answered) throw EvalError(callText(f->name(), args) + " failed: " + answer.failure);
        out = answer.result;
        return answer.code;
      });
    });
  }
}

// The process goes with the last interpretation (each holds the host).
ExternalProcessLibrary::~ExternalProcessLibrary() = default;

}  // namespace symseq
