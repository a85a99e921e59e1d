#include "symseq/run/LoadRunConfig.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "PluginSection.h"
#include "RunDocumentImpl.h"
#include "TomlLocation.h"
#include "symseq/run/HeuristicFamilies.h"
#include "symseq/run/PluginOptions.h"
#include "symseq/support/DidYouMean.h"

namespace symseq {

namespace fs = std::filesystem;

namespace {

constexpr std::int64_t kMaxInt = std::numeric_limits<std::int64_t>::max();

fs::path resolvePath(const fs::path& base, const std::string& text) {
  const fs::path p = text;
  return (p.is_absolute() ? p : base / p).lexically_normal();
}

ModelConfig readModel(const SectionReader& s, const fs::path& base, const Registry& registry) {
  ModelConfig m;
  m.frontend = readPluginChoice(s, PluginKind::Frontend, "frontend", {"file", "frontend"}, registry);
  m.file = resolvePath(base, s.requiredString("file"));
  m.fileWhere = s.where("file");
  return m;
}

bool isSolver(const Registry& registry, const std::string& name) {
  const std::vector<std::string> names = registry.names(PluginKind::Solver);
  return std::find(names.begin(), names.end(), name) != names.end();
}

std::string quotedList(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "\"" : ", \"") + n + "\"";
  return out;
}

SolverConfig readSolver(const SectionReader& s, const Registry& registry) {
  SolverConfig c;
  c.plugin = readPluginChoice(s, PluginKind::Solver, "name",
                              {"name", "query_timeout_ms", "log_smt2", "layers", "validate_with", "portfolio"}, registry);
  c.queryTimeout = std::chrono::milliseconds(s.integerIn("query_timeout_ms", 0, kMaxInt).value_or(10'000));
  c.logSmt2 = s.string("log_smt2").value_or("");
  // The log lives in the output directory; a path could escape it or clash with another output.
  if (c.logSmt2.find_first_of("/\\") != std::string::npos || c.logSmt2 == "." || c.logSmt2 == "..")
    s.invalid("log_smt2", "must be a plain file name (it is written into the output directory)");
  c.layers = s.strings("layers").value_or(std::vector<std::string>{});
  for (std::size_t i = 0; i < c.layers.size(); ++i) {
    const std::string& layer = c.layers[i];
    if (std::find(kSolverLayerNames.begin(), kSolverLayerNames.end(), layer) == kSolverLayerNames.end())
      s.invalid("layers", "unknown solver layer \"" + layer + "\"" + didYouMean(layer, kSolverLayerNames),
                "use some of " + quotedList(kSolverLayerNames) + ", outermost first");
    if (std::find(c.layers.begin(), c.layers.begin() + static_cast<std::ptrdiff_t>(i), layer) != c.layers.begin() + static_cast<std::ptrdiff_t>(i))
      s.invalid("layers", "solver layer \"" + layer + "\" is listed twice", "list each layer once");
  }
  if (std::find(c.layers.begin(), c.layers.end(), "log") != c.layers.end() && c.logSmt2.empty())
    s.invalid("layers", "the layer \"log\" needs a file to write", "set [solver] log_smt2 = \"queries.smt2\" too");
  if (auto with = s.string("validate_with"); with && !with->empty()) {
    if (!isSolver(registry, *with))
      s.invalid("validate_with", "no solver plugin named \"" + *with + "\"" + didYouMean(*with, registry.names(PluginKind::Solver)),
                "name an installed solver (symseq plugins lists them)");
    c.validateWith = *with;
  }
  // The "validate" layer's second solver is found here, not when the chain is made, so that a
  // run with one solver installed is refused at the layer (and by --check).
  if (std::find(c.layers.begin(), c.layers.end(), "validate") != c.layers.end() && c.validateWith.empty()) {
    const std::vector<std::string> solvers = registry.names(PluginKind::Solver);
    if (std::none_of(solvers.begin(), solvers.end(), [&](const std::string& n) { return n != c.plugin.name; }))
      s.invalid("layers", "the solver layer \"validate\" needs a second solver plugin, and only \"" + c.plugin.name +
                              "\" is installed",
                "install another solver plugin (or add its directory with --plugin-dir), or remove \"validate\"");
  }
  c.portfolio = s.strings("portfolio").value_or(std::vector<std::string>{});
  if (!c.portfolio.empty()) {
    for (const std::string& name : c.portfolio)
      if (!isSolver(registry, name))
        s.invalid("portfolio", "no solver plugin named \"" + name + "\"" + didYouMean(name, registry.names(PluginKind::Solver)),
                  "name installed solvers (symseq plugins lists them)");
    std::vector<std::string> sorted = c.portfolio;
    std::sort(sorted.begin(), sorted.end());
    if (sorted.size() < 2 || std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
      s.invalid("portfolio", "a portfolio races at least two different solvers", "use e.g. portfolio = [\"z3\", \"cvc5\"], or leave it out");
    if (std::find(c.portfolio.begin(), c.portfolio.end(), c.plugin.name) == c.portfolio.end())
      s.invalid("portfolio", "the portfolio does not include the run's solver \"" + c.plugin.name + "\"",
                "add \"" + c.plugin.name + "\" to it (its options apply to it; the others run with their defaults)");
  }
  return c;
}

std::vector<PluginChoice> readHeuristics(const SectionReader& top, const Registry& registry) {
  std::vector<PluginChoice> out;
  const toml::node* n = top.get("heuristics");
  if (!n) return out;
  const toml::array* list = n->as_array();
  if (!list || (!list->empty() && !list->is_homogeneous(toml::node_type::table)))
    top.wrongType("heuristics", "an array of tables ([[heuristics]] sections)");
  for (std::size_t i = 0; i < list->size(); ++i) {
    const SectionReader s(list->get(i)->as_table(), "heuristics." + std::to_string(i), top.file());
    out.push_back(readPluginChoice(s, PluginKind::Heuristic, "name", {"name"}, registry));
  }
  return out;
}

// The strategy's searcher: the [searcher] section's, else the default its descriptor names; a
// [searcher] for a strategy that takes none is refused at its name (else at the section).
std::optional<PluginChoice> readSearcher(const SectionReader& s, const PluginChoice& strategy, const Registry& registry) {
  const std::string& fallback = registry.info(PluginKind::Strategy, strategy.name).defaultSearcher;
  if (s.present() && fallback.empty())
    throw ConfigError("strategy '" + strategy.name + "' takes no searcher, but the run file has a [searcher] section",
                      s.where("name"), "remove the [searcher] section, or use a strategy that takes one (e.g. 'tree')");
  if (s.present()) return readPluginChoice(s, PluginKind::Searcher, "name", {"name"}, registry);
  if (fallback.empty()) return std::nullopt;
  // The descriptor's choice must exist like any named plugin: the error names the strategy.
  const PluginInfo* info = nullptr;
  try {
    info = &registry.info(PluginKind::Searcher, fallback);
  } catch (const ConfigError&) {
    throw ConfigError("strategy '" + strategy.name + "' uses searcher '" + fallback +
                          "' by default, but no such searcher plugin is loaded",
                      strategy.where, "name a loaded searcher in a [searcher] section (symseq plugins lists them)");
  }
  return PluginChoice{fallback, defaultOptions(*info), strategy.where};
}

TargetConfig readTargets(const SectionReader& s) {
  s.checkKeys({"names", "all", "data"});
  TargetConfig t;
  if (const auto data = s.boolean("data"); data.value_or(false)) {
    t.data = true;
    t.dataWhere = s.where("data");
  }
  const auto all = s.boolean("all");
  const auto names = s.strings("names");
  if (names && all.value_or(false))
    s.invalid("all", "'all = true' and 'names' exclude each other", "keep one of the two");
  if (!names && all == false) s.invalid("all", "'all = false' needs a list 'names' of targets");
  if (all.value_or(false)) t.selection = TargetSelection::All;
  if (!names) return t;
  t.selection = TargetSelection::Names;
  const toml::array& list = *s.get("names")->as_array();
  for (std::size_t i = 0; i < names->size(); ++i) {
    const SourceLocation where = toLocation(list[i].source(), s.file());
    if (std::any_of(t.names.begin(), t.names.end(), [&](const TargetName& x) { return x.name == (*names)[i]; }))
      throw ConfigError("target '" + (*names)[i] + "' is listed twice in '" + s.keyPath("names") + "'", where);
    t.names.push_back({(*names)[i], where});
  }
  return t;
}

AssumeConfig readAssume(const SectionReader& s) {
  s.checkKeys({"constraints"});
  AssumeConfig a;
  const auto texts = s.strings("constraints");
  if (!texts) return a;
  const toml::array& list = *s.get("constraints")->as_array();
  for (std::size_t i = 0; i < texts->size(); ++i) {
    const SourceLocation where = toLocation(list[i].source(), s.file());
    if ((*texts)[i].find_first_not_of(" \t") == std::string::npos)
      throw ConfigError("an [assume] constraint is empty", where, "write a Boolean constraint over system parameters");
    a.constraints.push_back({(*texts)[i], where});
  }
  return a;
}

// A table of function name -> string; `isPath` resolves the strings against the run file's folder.
std::map<std::string, ExternalFileConfig> readFunctionMap(const SectionReader& s, const fs::path& base, bool isPath) {
  std::map<std::string, ExternalFileConfig> out;
  if (!s.present()) return out;
  for (const auto& [key, node] : *s.table()) {
    const std::string name(key.str());
    const auto value = s.string(name);
    if (value->empty()) s.invalid(name, "must not be empty");
    out[name] = {isPath ? resolvePath(base, *value).string() : *value, toLocation(key.source(), s.file())};
  }
  return out;
}

ExternalsConfig readExternals(const SectionReader& s, const fs::path& base) {
  s.checkKeys({"library", "check_tables", "isolation", "call_timeout_s", "tables", "symbols"});
  ExternalsConfig e;
  e.checkTables = s.boolean("check_tables").value_or(true);
  if (auto isolation = s.string("isolation")) {
    if (*isolation == "none") e.isolated = false;
    else if (*isolation != "process")
      s.invalid("isolation", "must be \"process\" or \"none\"" + didYouMean(*isolation, {"process", "none"}),
                "\"process\" runs the library in a child process (safe), \"none\" loads it into symseq (fast)");
  }
  if (auto t = s.number("call_timeout_s")) {
    if (!(*t > 0.0) || *t > 1e6) s.invalid("call_timeout_s", "must be a number of seconds above 0 and at most 1e6");
    e.callTimeout = std::chrono::milliseconds(std::max<long long>(1, std::llround(*t * 1000.0)));
  }
  if (auto library = s.string("library")) {
    if (library->empty()) s.invalid("library", "must not be empty", "leave the key out when there is no library");
    // A bare name is looked up among the installed libraries at run time; a path is the user's.
    e.library = library->find('/') == std::string::npos ? *library : resolvePath(base, *library).string();
    e.libraryWhere = s.where("library");
  }
  e.tables = readFunctionMap(section(s, "tables"), base, true);
  e.symbols = readFunctionMap(section(s, "symbols"), base, false);
  return e;
}

Budgets readBudgets(const SectionReader& s) {
  s.checkKeys({"time_s", "solver_queries", "depth"});
  Budgets b;
  if (auto t = s.number("time_s")) {
    if (!(*t > 0.0) || *t > 1e9) s.invalid("time_s", "must be a number of seconds above 0 and at most 1e9");
    b.time = std::chrono::milliseconds(std::llround(*t * 1000.0));
  }
  b.solverQueries = static_cast<std::uint64_t>(s.integerIn("solver_queries", 1, kMaxInt).value_or(
      static_cast<std::int64_t>(b.solverQueries)));
  b.depth = static_cast<std::uint32_t>(
      s.integerIn("depth", 1, std::numeric_limits<std::uint32_t>::max()).value_or(b.depth));
  return b;
}

// `formats` names writer plugins, each checked at its place in the list.
OutputConfig readOutput(const SectionReader& s, const fs::path& base, const Registry& registry) {
  s.checkKeys({"dir", "formats"});
  OutputConfig o;
  o.dir = resolvePath(base, s.string("dir").value_or("out"));
  o.dirWhere = s.where("dir");
  o.formatsWhere = s.where("formats");
  if (auto formats = s.strings("formats")) {
    const toml::array& list = *s.get("formats")->as_array();
    const std::vector<std::string> known = registry.names(PluginKind::Writer);
    for (auto f = formats->begin(); f != formats->end(); ++f) {
      const SourceLocation where = toLocation(list[static_cast<std::size_t>(f - formats->begin())].source(), s.file());
      if (std::find(known.begin(), known.end(), *f) == known.end())
        throw ConfigError("unknown output format '" + *f + "' in '" + s.keyPath("formats") + "'" + didYouMean(*f, known),
                          where,
                          known.empty() ? "no writer plugin is installed; add a plugin directory with --plugin-dir"
                                        : fmt::format("output formats are writer plugins: {}", fmt::join(known, ", ")));
      if (std::find(formats->begin(), f, *f) != f)
        throw ConfigError("output format '" + *f + "' is listed twice in '" + s.keyPath("formats") + "'", where);
    }
    o.formats = *formats;
  }
  return o;
}

}  // namespace

RunConfig resolveRunConfig(const RunDocument& document, const Registry& registry,
                           const std::vector<fs::path>& extraPluginDirs) {
  const auto& impl = document.impl();
  const SectionReader top(&impl.table, "", impl.file.string());
  top.checkKeys({"seed", "plugin_dirs", "model", "solver", "strategy", "searcher", "heuristics", "targets", "assume",
                 "externals", "budgets", "output"});
  RunConfig c;
  c.runFile = fs::absolute(impl.file).lexically_normal();
  c.seed = static_cast<std::uint64_t>(top.integerIn("seed", 0, kMaxInt).value_or(0));
  c.pluginDirs = document.pluginDirs();
  for (const auto& d : extraPluginDirs) {
    const fs::path abs = fs::absolute(d).lexically_normal();
    if (std::find(c.pluginDirs.begin(), c.pluginDirs.end(), abs) == c.pluginDirs.end()) c.pluginDirs.push_back(abs);
  }
  c.model = readModel(section(top, "model"), impl.baseDir, registry);
  c.solver = readSolver(section(top, "solver"), registry);
  c.strategy = readPluginChoice(section(top, "strategy"), PluginKind::Strategy, "name", {"name"}, registry);
  c.searcher = readSearcher(section(top, "searcher"), c.strategy, registry);
  c.heuristics = readHeuristics(top, registry);
  // A heuristic that nothing in the run (strategy, searcher) consults is an error of the run
  // file, found here and not inside the search, after output was written.
  std::vector<const PluginInfo*> consulting{&registry.info(PluginKind::Strategy, c.strategy.name)};
  if (c.searcher) consulting.push_back(&registry.info(PluginKind::Searcher, c.searcher->name));
  checkHeuristicFamilies(consulting, c.heuristics, registry);
  c.targets = readTargets(section(top, "targets"));
  c.assume = readAssume(section(top, "assume"));
  c.externals = readExternals(section(top, "externals"), impl.baseDir);
  c.budgets = readBudgets(section(top, "budgets"));
  c.output = readOutput(section(top, "output"), impl.baseDir, registry);
  return c;
}

void loadPluginDirs(const RunDocument& document, Registry& registry) {
  const std::vector<fs::path> dirs = document.pluginDirs();
  for (std::size_t i = 0; i < dirs.size(); ++i) {
    try {
      registry.loadDirectory(dirs[i]);
    } catch (const PluginError& e) {
      // A directory that is missing or unreadable is the run file's (or --set's) entry.
      if (e.location()) throw;
      throw PluginError(e.message(), document.pluginDirWhere(i), e.hint());
    }
  }
}

RunConfig loadRunConfig(const fs::path& file, const std::vector<std::string>& overrides, Registry& registry,
                        const std::vector<fs::path>& extraPluginDirs) {
  RunDocument document = RunDocument::parseFile(file);
  document.applyOverrides(overrides);
  loadPluginDirs(document, registry);
  return resolveRunConfig(document, registry, extraPluginDirs);
}

}  // namespace symseq
