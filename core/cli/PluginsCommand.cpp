// `symseq plugins`: what is installed, read from the descriptors without instantiating anything.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <iomanip>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "Commands.h"
#include "symseq/run/PluginIndex.h"

namespace symseq::cli {

namespace {

struct PluginsOptions {
  PluginDirOptions dirs;
  bool json = false;
  std::filesystem::path writeIndex;  // empty: list
};

bool consultsHeuristics(PluginKind kind) { return kind == PluginKind::Strategy || kind == PluginKind::Searcher; }

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
  return out;
}

// The table's line under a heuristic, strategy or searcher saying how heuristics and they meet.
std::string familyLine(const PluginInfo& p) {
  if (p.kind == PluginKind::Heuristic) return "family " + p.family;
  if (!consultsHeuristics(p.kind)) return "";
  return p.consults.empty() ? "consults no heuristic family" : fmt::format("consults {}", fmt::join(p.consults, ", "));
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
  if (o.json) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const auto& p : plugins) out.push_back(toJson(p));
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
  addPluginDirOptions(*cmd, options->dirs);
  cmd->add_flag("--json", options->json, "Print JSON instead of a table");
  cmd->add_option("--write-index", options->writeIndex,
                  std::string("Load every plugin in DIR and write DIR/") + kPluginIndexFileName +
                      ", from which runs register them without opening those they do not use; then exit")
      ->type_name("DIR");
  cmd->callback([&action, options] { action = [options] { return listPlugins(*options); }; });
}

}  // namespace symseq::cli
