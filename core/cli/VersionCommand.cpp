// `symseq version [--json]`: what this build is. The JSON is what symseq-bench records in a
// results file's provenance.
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "Commands.h"
#include "symseq/BuildInfo.h"
#include "symseq/plugin/PluginDescriptor.h"

namespace symseq::cli {

int printVersion(bool json) {
  if (json) {
    const nlohmann::ordered_json out{{"version", kVersion},   {"commit", kGitCommit},   {"build_id", kBuildId},
                                     {"compiler", kCompiler}, {"plugin_abi_id", kAbiIdText}};
    std::cout << out.dump(2) << "\n";
    return 0;
  }
  std::cout << "symseq " << kVersion << "\nbuild " << kBuildId << "\nplugin ABI id " << kAbiIdText << "\n";
  return 0;
}

void addVersionCommand(CLI::App& app, Action& action) {
  auto json = std::make_shared<bool>(false);
  auto* cmd = app.add_subcommand("version", "Print the version, build id and plugin ABI id");
  cmd->add_flag("--json", *json, "Print JSON (version, commit, build_id, compiler, plugin_abi_id) instead");
  cmd->callback([&action, json] { action = [json] { return printVersion(*json); }; });
}

}  // namespace symseq::cli
