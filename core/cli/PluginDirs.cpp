#include "Commands.h"

namespace symseq::cli {

void addPluginDirOptions(CLI::App& command, PluginDirOptions& options) {
  command.add_option("--plugin-dir", options.dirs, "Also load the plugins in DIR (repeatable)")->type_name("DIR");
  command.add_flag("--no-default-plugin-dir", options.noDefault,
                   "Do not load the plugins installed with symseq (" + Registry::defaultPluginDir().string() + ")");
}

void loadPlugins(Registry& registry, const PluginDirOptions& options) {
  if (!options.noDefault) {
    const auto dir = Registry::defaultPluginDir();
    std::error_code ec;
    if (std::filesystem::is_directory(dir, ec)) registry.loadDirectory(dir);
  }
  for (const auto& dir : options.dirs) registry.loadDirectory(dir);
}

}  // namespace symseq::cli
