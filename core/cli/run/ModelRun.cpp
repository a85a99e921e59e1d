#include "symseq/run/ModelRun.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <sstream>

#include "symseq/BuildInfo.h"
#include "symseq/exec/Budgets.h"
#include "symseq/plugin/Options.h"
#include "symseq/run/RunConfig.h"
#include "symseq/support/Error.h"

namespace symseq {

namespace fs = std::filesystem;

namespace {

std::string str(const std::string& s) { return toTomlLiteral(OptionValue{s}); }

// "extension (frontend)" for every extension an installed frontend declares, sorted.
std::vector<std::string> knownExtensions(const Registry& registry) {
  std::vector<std::string> out;
  for (const PluginInfo& p : registry.list())
    if (p.kind == PluginKind::Frontend)
      for (const std::string& e : p.extensions) out.push_back(e + " (" + p.name + ")");
  std::sort(out.begin(), out.end());
  return out;
}

std::string knownText(const Registry& registry) {
  const std::vector<std::string> known = knownExtensions(registry);
  return known.empty() ? std::string("no installed frontend declares any extension")
                       : fmt::format("known extensions: {}", fmt::join(known, ", "));
}

void requireModelFile(const fs::path& model) {
  std::error_code ec;
  if (!fs::is_regular_file(model, ec))
    throw ConfigError("cannot read model file '" + model.string() + "'", std::nullopt,
                      "check the path; relative paths are taken from the current directory");
}

// Seconds as a TOML float ("60.0", "1.5").
std::string seconds(std::chrono::milliseconds ms) {
  return ms.count() % 1000 == 0 ? fmt::format("{}.0", ms.count() / 1000) : fmt::format("{:.3f}", ms.count() / 1000.0);
}

// The plugin's options, each at its declared default, its help above it as a comment.
void optionLines(std::ostream& out, const PluginInfo& p) {
  for (const OptionInfo& o : p.options) {
    std::istringstream help(o.help);
    for (std::string line; std::getline(help, line);) out << "# " << line << "\n";
    out << o.name << " = " << o.defaultValue << "  # " << toString(o.type) << "\n";
  }
}

std::string namesOf(const Registry& registry, PluginKind kind) {
  return fmt::format("{}", fmt::join(registry.names(kind), ", "));
}

}  // namespace

bool isRunFile(const fs::path& file) { return file.extension() == ".toml"; }

const PluginInfo& frontendForModel(const fs::path& model, const Registry& registry) {
  const std::string extension = model.extension().string();
  std::vector<const PluginInfo*> readers;
  for (const std::string& name : registry.names(PluginKind::Frontend)) {
    const PluginInfo& p = registry.info(PluginKind::Frontend, name);
    if (std::find(p.extensions.begin(), p.extensions.end(), extension) != p.extensions.end()) readers.push_back(&p);
  }
  const SourceLocation where{model.string()};
  if (readers.empty())
    throw ConfigError(
        (extension.empty() ? std::string("the model file has no extension")
                           : "no installed frontend reads '" + extension + "' files") + "; " + knownText(registry),
        where, "rename the model to a known extension, or write a run file naming [model] frontend (docs/run-files.md)");
  if (readers.size() > 1) {
    std::vector<std::string> names;
    for (const PluginInfo* p : readers) names.push_back(p->name);
    throw ConfigError(fmt::format("'{}' files are read by more than one frontend ({}); {}", extension,
                                  fmt::join(names, ", "), knownText(registry)),
                      where, "write a run file naming the frontend in [model] frontend (docs/run-files.md)");
  }
  return *readers.front();
}

ModelDefaults modelDefaults(const fs::path& model, const Registry& registry) {
  requireModelFile(model);
  const PluginInfo& frontend = frontendForModel(model, registry);
  if (frontend.defaultStrategy.empty())
    throw ConfigError("frontend '" + frontend.name + "' names no default strategy for its models",
                      SourceLocation{model.string()},
                      "write a run file naming [strategy] name (symseq plugins lists the strategies)");
  const std::vector<std::string> solvers = registry.names(PluginKind::Solver);
  if (solvers.empty())
    throw ConfigError("no solver plugin is installed", std::nullopt, "add a plugin directory with --plugin-dir");
  const bool preferred = std::find(solvers.begin(), solvers.end(), kDefaultSolver) != solvers.end();
  return ModelDefaults{frontend.name, preferred ? std::string(kDefaultSolver) : solvers.front(),
                       frontend.defaultStrategy, model.stem().string()};
}

RunDocument modelRunDocument(const fs::path& model, const Registry& registry) {
  const ModelDefaults d = modelDefaults(model, registry);
  std::ostringstream text;
  text << "[model]\nfile = " << str(fs::absolute(model).lexically_normal().string()) << "\nfrontend = " << str(d.frontend)
       << "\n[solver]\nname = " << str(d.solver) << "\n[strategy]\nname = " << str(d.strategy)
       << "\n[output]\ndir = " << str((fs::path("out") / d.name).string()) << "\n";
  // Named as if it were a file in the current directory: relative paths (the output, --set
  // ones) start there, and messages and effective-run.toml say where the run came from.
  return RunDocument::parseText(text.str(), fs::current_path() / ("<symseq run " + model.filename().string() + ">"));
}

std::string initRunFileText(const fs::path& model, const fs::path& runFile, const Registry& registry) {
  const ModelDefaults d = modelDefaults(model, registry);
  const fs::path folder = fs::absolute(runFile).lexically_normal().parent_path();
  const fs::path modelPath = fs::absolute(model).lexically_normal().lexically_relative(folder);
  const PluginInfo& frontend = registry.info(PluginKind::Frontend, d.frontend);
  const PluginInfo& solver = registry.info(PluginKind::Solver, d.solver);
  const PluginInfo& strategy = registry.info(PluginKind::Strategy, d.strategy);
  const Budgets budgets;
  std::ostringstream out;
  out << "# A run file for " << model.filename().string() << ", written by `symseq init` (symseq " << kVersion
      << "). Run it with\n#   symseq run " << runFile.string()
      << "\n# Every key is described in docs/run-files.md; the options below are at their defaults (the plugin's\n"
         "# declared ones, shown by `symseq plugins NAME`). Relative paths start at this file's folder.\n\n"
         "# The seed of every random choice: the same seed gives the same results.\nseed = 0\n\n";

  out << "[model]\nfile = " << str(modelPath.string()) << "\n# The frontend that reads '"
      << model.extension().string() << "' files (installed: " << namesOf(registry, PluginKind::Frontend)
      << ").\nfrontend = " << str(frontend.name) << "\n";
  optionLines(out, frontend);

  out << "\n[solver]\n# The SMT solver (installed: " << namesOf(registry, PluginKind::Solver) << ").\nname = "
      << str(solver.name) << "\n";
  optionLines(out, solver);
  out << "# Each query's time limit in milliseconds (0: none).\nquery_timeout_ms = " << SolverConfig{}.queryTimeout.count()
      << "\n";

  out << "\n[strategy]\n# The test-generation strategy: frontend '" << frontend.name << "' runs '" << strategy.name
      << "' on its models (installed: " << namesOf(registry, PluginKind::Strategy) << ").\nname = "
      << str(strategy.name) << "\n";
  optionLines(out, strategy);
  if (!strategy.defaultSearcher.empty()) {
    const PluginInfo& searcher = registry.info(PluginKind::Searcher, strategy.defaultSearcher);
    out << "\n[searcher]\n# The order the strategy explores states in (installed: "
        << namesOf(registry, PluginKind::Searcher) << ").\nname = " << str(searcher.name) << "\n";
    optionLines(out, searcher);
  }

  out << "\n# Targets: the model's own list, else every transition. Uncomment to choose:\n"
         "# [targets]\n# all = true                 # every transition\n# names = [\"t1\", \"t2\"]      # these\n";

  out << "\n[budgets]\n# The whole run's time in seconds, the SMT queries it may ask, and the steps per sequence\n"
         "# (for CFG models, loop iterations).\ntime_s = "
      << seconds(budgets.time) << "\nsolver_queries = " << budgets.solverQueries << "\ndepth = " << budgets.depth << "\n";

  out << "\n[output]\n# Where the results go, and the writer plugins that write them (installed: "
      << namesOf(registry, PluginKind::Writer) << ").\ndir = " << str((fs::path("out") / d.name).string())
      << "\nformats = " << toTomlLiteral(OptionValue{OutputConfig{}.formats}) << "\n";
  return out.str();
}

}  // namespace symseq
