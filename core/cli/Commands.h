#pragma once
// The subcommands of `symseq`. Each adds itself to the CLI11 app and sets `action` when it is
// chosen; main() runs the action inside the one place that turns errors into exit codes.
#include <CLI/CLI.hpp>
#include <filesystem>
#include <functional>
#include <vector>

#include "symseq/plugin/Registry.h"

namespace symseq::cli {

using Action = std::function<int()>;

// The exit codes besides 0, 1, 2 and 3 (main.cpp and the README's table): `run --fail-on
// uncovered` with a target uncovered, and a run stopped by Ctrl-C (128 + SIGINT, as shells do) or
// by SIGTERM (128 + 15).
inline constexpr int kExitUncovered = 4;
inline constexpr int kExitInterrupted = 130;
inline constexpr int kExitTerminated = 143;

void addPluginsCommand(CLI::App& app, Action& action);
void addSelfCheckCommand(CLI::App& app, Action& action);
void addRunCommand(CLI::App& app, Action& action);
void addVersionCommand(CLI::App& app, Action& action);
void addExprCommand(CLI::App& app, Action& action);
void addCheckModelCommand(CLI::App& app, Action& action);
void addBenchCommand(CLI::App& app, Action& action);
void addFeasibilityCommand(CLI::App& app, Action& action);
void addVerdictCommand(CLI::App& app, Action& action);
void addExecCommand(CLI::App& app, Action& action);
void addInitCommand(CLI::App& app, Action& action);

// `symseq version`'s text (or JSON); `symseq --version` prints the same.
int printVersion(bool json);

// Where plugins come from: the default directory (unless switched off) and --plugin-dir ones.
struct PluginDirOptions {
  std::vector<std::filesystem::path> dirs;
  bool noDefault = false;
};
void addPluginDirOptions(CLI::App& command, PluginDirOptions& options);
// Loads the default directory if it exists (a build without plugins has none), then each given
// one, which must exist.
void loadPlugins(Registry& registry, const PluginDirOptions& options);

}  // namespace symseq::cli
