#include <iostream>

#include "Commands.h"
#include "symseq/BuildInfo.h"
#include "symseq/plugin/PluginDescriptor.h"

namespace symseq::cli {

void addVersionCommand(CLI::App& app, Action& action) {
  auto* cmd = app.add_subcommand("version", "Print the version, build id and plugin ABI id");
  cmd->callback([&action] {
    action = [] {
      std::cout << "symseq " << kVersion << "\nbuild " << kBuildId << "\nplugin ABI id " << kAbiIdText << "\n";
      return 0;
    };
  });
}

}  // namespace symseq::cli
