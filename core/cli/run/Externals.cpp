#include "symseq/run/Externals.h"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "symseq/plugin/Registry.h"
#include "symseq/summary/TableCsv.h"
#include "symseq/support/DidYouMean.h"

namespace symseq {

namespace fs = std::filesystem;

namespace {

std::string functionNames(const TransitionSystem& system) {
  std::vector<std::string> names;
  for (const FunctionDecl* f : system.externals) names.push_back(f->name());
  return fmt::format("{}", fmt::join(names, ", "));
}

const FunctionDecl& declared(const TransitionSystem& system, const std::string& name, const ExternalFileConfig& entry,
                             const char* section) {
  std::vector<std::string> names;
  for (const FunctionDecl* f : system.externals) {
    if (f->name() == name) return *f;
    names.push_back(f->name());
  }
  throw ConfigError("[externals." + std::string(section) + "] names '" + name +
                        "', which the model does not declare as an external function" + didYouMean(name, names),
                    entry.where,
                    names.empty() ? "the model declares no external function: remove the entry"
                                  : "the model's external functions: " + functionNames(system));
}

// A row of an initial table must be what the real function returns: a test built on a wrong row
// would predict outputs the system never produces.
TableRowCheck againstImplementation(const FunctionDecl& f, const FunctionInterpretations* functions) {
  const ExternalFunction* impl = functions ? functions->find(f) : nullptr;
  if (!impl) return {};
  return [impl, &f](const TableRow& row, const SourceLocation& where) {
    const std::string call = callText(f.name(), row.args);
    Value real;
    try {
      real = (*impl)(row.args);
    } catch (const Error& e) {
      throw ParseError("this row cannot be checked: the implementation failed: " + e.message(), where,
                       "remove the row, or fix the function; [externals] check_tables = false skips the check");
    }
    if (real != row.result)
      throw ParseError("this row says " + call + " = " + row.result.toString() + ", but the implementation returns " +
                           real.toString(),
                       where, "correct the row (or the function); [externals] check_tables = false skips the check");
  };
}

}  // namespace

fs::path findExternalLibrary(const std::string& name, const std::vector<fs::path>& pluginDirs) {
  if (name.find('/') != std::string::npos) return name;
  const std::string file = "lib" + name + ".so";
  std::vector<fs::path> dirs{Registry::defaultPluginDir().parent_path() / "externals"};
  dirs.insert(dirs.end(), pluginDirs.begin(), pluginDirs.end());
  std::string looked;
  for (const fs::path& dir : dirs) {
    std::error_code ec;
    if (fs::is_regular_file(dir / file, ec)) return dir / file;
    looked += (looked.empty() ? "" : ", ") + dir.string();
  }
  throw ConfigError("no external-function library '" + file + "' in " + looked, std::nullopt,
                    "give [externals] library as a path (with a '/', relative to the run file), or build it");
}

RunExternals loadExternals(const ExternalsConfig& config, const TransitionSystem& system,
                           const std::vector<fs::path>& pluginDirs,
                           std::optional<std::chrono::steady_clock::time_point> deadline) {
  RunExternals out;
  std::vector<ExternalBinding> bindings;
  for (const FunctionDecl* f : system.externals) bindings.push_back({f, f->name()});
  for (const auto& [name, entry] : config.symbols) {
    // A program known by its contract is bound only when named here: its implementation is run on
    // the calls the tests assume and checked against the contract (contracts/Implementation.h).
    const auto program = std::find_if(system.contracts.begin(), system.contracts.end(),
                                      [&wanted = name](const Contract& c) { return c.program->name() == wanted; });
    if (program != system.contracts.end()) {
      bindings.push_back({program->program, entry.value});
      continue;
    }
    const FunctionDecl& f = declared(system, name, entry, "symbols");
    for (ExternalBinding& b : bindings)
      if (b.function == &f) b.symbol = entry.value;
  }
  if (bindings.empty() && !config.library.empty())
    throw ConfigError("[externals] names a library, but the model declares no external function", config.libraryWhere,
                      "remove the [externals] section, or name a program known by its contract in [externals.symbols] "
                      "to check its implementation");
  if (!bindings.empty()) {
    if (config.library.empty()) {
      throw ConfigError("the model calls external functions (" + functionNames(system) +
                            ") but the run file names no library implementing them",
                        std::nullopt, "add [externals] library = \"path/to/libyours.so\" (see docs/external-functions.md)");
    }
    try {
      const fs::path file = findExternalLibrary(config.library, pluginDirs);
      if (config.isolated)
        out.isolated = std::make_unique<ExternalProcessLibrary>(file, bindings,
                                                                ExternalProcessOptions{config.callTimeout, deadline});
      else
        out.library = std::make_unique<ExternalLibrary>(file, bindings);
    } catch (const ConfigError& e) {
      throw ConfigError(e.message(), config.libraryWhere, e.hint());
    }
  }
  for (const auto& [name, entry] : config.tables) {
    const FunctionDecl& f = declared(system, name, entry, "tables");
    readTableCsv(entry.value, out.tables.table(f), config.checkTables ? againstImplementation(f, out.functions()) : TableRowCheck{});
  }
  for (const FunctionDecl* f : system.externals) out.tables.table(*f);  // an absent table is empty: Sum(cl, ∅) = false
  return out;
}

void explainExternalFailures(RunResult& result) {
  if (result.externalFailures.empty()) return;
  const ExternalFailure& first = result.externalFailures.front();
  const std::size_t more = result.externalFailures.size() - 1;
  const std::string detail =
      "calls of external functions failed, so their tables lack rows that might cover it: " + first.message +
      (more == 0 ? "" : " (and " + std::to_string(more) + " more, see external_failures)");
  for (TargetOutcome& o : result.targets)
    if (!o.covered && o.detail.empty() && o.reason != UncoveredReason::InfeasibleWithinBound &&
        o.reason != UncoveredReason::ExcludedByAssumption)
      o.detail = detail;
}

}  // namespace symseq
