#include "symseq/run/EffectiveConfig.h"

#include <sstream>

#include "symseq/support/AtomicFile.h"

namespace symseq {

namespace {

std::string str(const std::string& s) { return toTomlLiteral(OptionValue{s}); }
std::string path(const std::filesystem::path& p) { return str(p.string()); }

std::string list(const std::vector<std::string>& items) { return toTomlLiteral(OptionValue{items}); }

// Which build of which plugin the run used, so a result can be traced to its code.
void provenance(std::ostream& out, const Registry& registry, PluginKind kind, const std::string& name) {
  const PluginInfo& info = registry.info(kind, name);
  out << "# " << toString(kind) << " plugin '" << info.name << "' " << info.version << ", "
      << (info.file.empty() ? std::string("built in") : info.file.string()) << ", build " << info.buildId << "\n";
}

void options(std::ostream& out, const Options& o) {
  for (const auto& [key, entry] : o.entries()) out << key << " = " << toTomlLiteral(entry.value) << "\n";
}

void plugin(std::ostream& out, const Registry& registry, PluginKind kind, const PluginChoice& c) {
  provenance(out, registry, kind, c.name);
  out << "name = " << str(c.name) << "\n";
  options(out, c.options);
}

}  // namespace

std::string effectiveConfigText(const RunConfig& c, const Registry& registry) {
  std::ostringstream out;
  out << "# Effective configuration of a symseq run: every key, defaults filled in, paths absolute.\n"
      << "# Written by symseq " << kVersion << " (" << kBuildId << ") from " << c.runFile.string() << "\n"
      << "seed = " << c.seed << "\n";
  std::vector<std::string> dirs;
  for (const auto& d : c.pluginDirs) dirs.push_back(d.string());
  out << "plugin_dirs = " << list(dirs) << "\n";

  out << "\n[model]\n";
  provenance(out, registry, PluginKind::Frontend, c.model.frontend.name);
  out << "file = " << path(c.model.file) << "\nfrontend = " << str(c.model.frontend.name) << "\n";
  options(out, c.model.frontend.options);

  out << "\n[solver]\n";
  plugin(out, registry, PluginKind::Solver, c.solver.plugin);
  out << "query_timeout_ms = " << c.solver.queryTimeout.count() << "\nlog_smt2 = " << str(c.solver.logSmt2) << "\n";
  out << "layers = " << list(c.solver.layers) << "\nvalidate_with = " << str(c.solver.validateWith) << "\nportfolio = "
      << list(c.solver.portfolio) << "\n";

  out << "\n[strategy]\n";
  plugin(out, registry, PluginKind::Strategy, c.strategy);
  if (c.searcher) {
    out << "\n[searcher]\n";
    plugin(out, registry, PluginKind::Searcher, *c.searcher);
  }
  for (const auto& h : c.heuristics) {
    out << "\n[[heuristics]]\n";
    plugin(out, registry, PluginKind::Heuristic, h);
  }

  out << "\n[targets]\n";
  if (c.targets.selection == TargetSelection::Model) {
    out << "# none given: the model's own target list, or every transition when it declares none\n";
  } else if (c.targets.selection == TargetSelection::All) {
    out << "all = true\n";
  } else {
    std::vector<std::string> names;
    for (const auto& t : c.targets.names) names.push_back(t.name);
    out << "names = " << list(names) << "\n";
  }
  if (c.targets.data) out << "data = true\n";

  if (!c.assume.constraints.empty()) {
    std::vector<std::string> texts;
    for (const auto& a : c.assume.constraints) texts.push_back(a.text);
    out << "\n[assume]\nconstraints = " << list(texts) << "\n";
  }

  if (!c.externals.library.empty() || !c.externals.tables.empty() || !c.externals.symbols.empty()) {
    out << "\n[externals]\n";
    if (!c.externals.library.empty()) out << "library = " << str(c.externals.library) << "\n";
    out << "check_tables = " << (c.externals.checkTables ? "true" : "false") << "\n";
    out << "isolation = " << (c.externals.isolated ? "\"process\"" : "\"none\"") << "\n"
        << "call_timeout_s = " << toTomlLiteral(OptionValue{static_cast<double>(c.externals.callTimeout.count()) / 1000.0}) << "\n";
    for (const auto& [section, entries] : {std::pair{"tables", &c.externals.tables}, std::pair{"symbols", &c.externals.symbols}}) {
      if (entries->empty()) continue;
      out << "\n[externals." << section << "]\n";
      for (const auto& [function, entry] : *entries) out << function << " = " << str(entry.value) << "\n";
    }
  }

  out << "\n[budgets]\n"
      << "time_s = " << toTomlLiteral(OptionValue{static_cast<double>(c.budgets.time.count()) / 1000.0}) << "\n"
      << "solver_queries = " << c.budgets.solverQueries << "\n"
      << "depth = " << c.budgets.depth << "\n";

  out << "\n[output]\ndir = " << path(c.output.dir) << "\nformats = " << list(c.output.formats) << "\n";
  return out.str();
}

std::filesystem::path writeEffectiveConfig(const RunConfig& config, const Registry& registry) {
  return writeEffectiveConfig(config, registry, config.output.dir);
}

std::filesystem::path writeEffectiveConfig(const RunConfig& config, const Registry& registry,
                                           const std::filesystem::path& dir) {
  const auto file = dir / kEffectiveConfigName;
  writeFileAtomically(file, effectiveConfigText(config, registry));
  return file;
}

}  // namespace symseq
