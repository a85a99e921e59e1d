// `symseq plugins`: what is installed, read from the descriptors without instantiating anything.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <iomanip>
#include <algorithm>
#include <iostream>
#include <sstream>
#include <memory>
#include <nlohmann/json.hpp>

#include "Commands.h"
#include "symseq/run/PluginIndex.h"
#include "symseq/support/DidYouMean.h"
#include "symseq/support/Error.h"

namespace symseq::cli {

namespace {

struct PluginsOptions {
  std::string name;  // empty: every plugin
  PluginDirOptions dirs;
  bool json = false;
  std::filesystem::path writeIndex;  // empty: list
};

bool consultsHeuristics(PluginKind kind) { return kind == PluginKind::Strategy || kind == PluginKind::Searcher; }

// The table's line under a heuristic, strategy or searcher saying how heuristics and they meet.
std::string familyLine(const PluginInfo& p) {
  if (p.kind == PluginKind::Heuristic) return "family " + p.family;
  if (!consultsHeuristics(p.kind)) return "";
  return p.consults.empty() ? "consults no heuristic family" : fmt::format("consults {}", fmt::join(p.consults, ", "));
}

// Where a run file sets the plugin's options (writers take their defaults).
std::string sectionOf(PluginKind kind) {
  switch (kind) {
    case PluginKind::Frontend: return "run-file section [model]";
    case PluginKind::Solver: return "run-file section [solver]";
    case PluginKind::Strategy: return "run-file section [strategy]";
    case PluginKind::Searcher: return "run-file section [searcher]";
    case PluginKind::Heuristic: return "run-file section [[heuristics]]";
    case PluginKind::Writer: return "defaults only: [output] formats names the writer";
  }
  return "";
}

nlohmann::ordered_json toJson(const PluginInfo& p) {
  nlohmann::ordered_json options = nlohmann::ordered_json::array();
  for (const OptionInfo& o : p.options)
    options.push_back({{"name", o.name}, {"type", toString(o.type)}, {"default", o.defaultValue},
                       {"help", o.help}});
  nlohmann::ordered_json out{{"kind", toString(p.kind)}, {"name", p.name},       {"version", p.version},
                              {"summary", p.summary},     {"file", p.file.string()}, {"build_id", p.buildId},
                              {"options", options}};
  if (p.kind == PluginKind::Heuristic) out["family"] = p.family;
  if (consultsHeuristics(p.kind)) out["consults"] = p.consults;
  if (p.kind == PluginKind::Frontend) {
    out["extensions"] = p.extensions;
    out["default_strategy"] = p.defaultStrategy;
  }
  return out;
}

// `symseq plugins NAME`: every plugin of that name (a strategy and a writer may share one), what
// it is and its options, readably.
void describe(std::ostream& out, const PluginInfo& p) {
  out << toString(p.kind) << " plugin '" << p.name << "' " << p.version << "\n"
      << "  " << p.summary << "\n"
      << "  file: " << (p.file.empty() ? std::string("(built in)") : p.file.string()) << "\n";
  if (const std::string line = familyLine(p); !line.empty()) out << "  " << line << "\n";
  if (!p.defaultSearcher.empty()) out << "  default searcher: " << p.defaultSearcher << "\n";
  if (!p.extensions.empty()) out << "  reads: " << fmt::format("{}", fmt::join(p.extensions, " ")) << "\n";
  if (!p.defaultStrategy.empty()) out << "  default strategy for its models: " << p.defaultStrategy << "\n";
  if (p.options.empty()) {
    out << "  options: none\n";
    return;
  }
  out << "  options (" << sectionOf(p.kind) << "):\n";
  for (const OptionInfo& o : p.options) {
    out << "    " << o.name << " (" << toString(o.type) << ", default " << o.defaultValue << ")\n";
    std::istringstream help(o.help);
    for (std::string line; std::getline(help, line);) out << "        " << line << "\n";
  }
}

int describePlugins(const PluginsOptions& o, const std::vector<PluginInfo>& plugins) {
  std::vector<std::string> names;
  bool found = false;
  for (const PluginInfo& p : plugins) {
    if (p.name != o.name) {
      if (std::find(names.begin(), names.end(), p.name) == names.end()) names.push_back(p.name);
      continue;
    }
    if (found) std::cout << "\n";
    describe(std::cout, p);
    found = true;
  }
  if (!found)
    throw ConfigError("no plugin named '" + o.name + "'" + didYouMean(o.name, names), std::nullopt,
                      "symseq plugins lists the installed ones");
  return 0;
}

int listPlugins(const PluginsOptions& o) {
  if (!o.writeIndex.empty()) {
    // The build runs this after building the plugins; an install can run it after copying more.
    const std::filesystem::path index = writePluginIndex(o.writeIndex);
    std::cout << "wrote " << index.string() << "\n";
    return 0;
  }
  Registry registry;
  loadPlugins(registry, o.dirs);
  const auto plugins = registry.list();  // sorted by kind, then name
  if (!o.name.empty() && !o.json) return describePlugins(o, plugins);
  if (!o.name.empty() && std::none_of(plugins.begin(), plugins.end(), [&](const PluginInfo& p) { return p.name == o.name; }))
    return describePlugins(o, plugins);  // says there is none, with a did-you-mean
  if (o.json) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const auto& p : plugins)
      if (o.name.empty() || p.name == o.name) out.push_back(toJson(p));
    std::cout << out.dump(2) << "\n";
    return 0;
  }
  // Every plugin listed was built against the kernel's ABI id; others are refused at load.
  std::cout << "kernel ABI id " << kAbiIdText << "\n";
  if (plugins.empty()) std::cout << "no plugins found\n";
  for (const auto& p : plugins) {
    std::cout << std::left << std::setw(10) << toString(p.kind) << std::setw(20) << p.name << std::setw(10)
              << p.version << (p.file.empty() ? "(built in)" : p.file.string()) << "\n"
              << std::setw(40) << "" << "build " << p.buildId << "\n";
    if (const std::string line = familyLine(p); !line.empty()) std::cout << std::setw(40) << "" << line << "\n";
  }
  return 0;
}

}  // namespace

void addPluginsCommand(CLI::App& app, Action& action) {
  auto options = std::make_shared<PluginsOptions>();
  auto* cmd = app.add_subcommand(
      "plugins", "List the installed plugins (kind, name, version, file, build id, heuristic families) and the kernel's ABI id");
  cmd->add_option("name", options->name, "Show this plugin: kind, version, file, description and its options")
      ->type_name("NAME");
  addPluginDirOptions(*cmd, options->dirs);
  cmd->add_flag("--json", options->json, "Print JSON instead of a table");
  cmd->add_option("--write-index", options->writeIndex,
                  std::string("Load every plugin in DIR and write DIR/") + kPluginIndexFileName +
                      ", from which runs register them without opening those they do not use; then exit")
      ->type_name("DIR");
  cmd->callback([&action, options] { action = [options] { return listPlugins(*options); }; });
}

}  // namespace symseq::cli
