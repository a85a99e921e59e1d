// `symseq init MODEL [-o RUN.toml] [--force]`: writes a commented run file for a model, with the
// defaults `symseq run MODEL` uses and every option of the chosen plugins at its declared default
// (ModelRun.h), so that a newcomer edits a file rather than writing one.
#include <iostream>
#include <memory>

#include "Commands.h"
#include "symseq/run/ModelRun.h"
#include "symseq/support/AtomicFile.h"
#include "symseq/support/Error.h"

namespace symseq::cli {

namespace {

struct InitOptions {
  std::filesystem::path model;
  std::filesystem::path output;  // empty: <model name>.toml in the current directory
  bool force = false;
  PluginDirOptions dirs;
};

int init(const InitOptions& o) {
  Registry registry;
  loadPlugins(registry, o.dirs);
  const std::filesystem::path out = o.output.empty() ? std::filesystem::path(o.model.stem().string() + ".toml") : o.output;
  if (!isRunFile(out))
    throw ConfigError("the run file '" + out.string() + "' does not end in .toml", std::nullopt,
                      "name it RUN.toml: `symseq run` tells run files from models by the extension");
  std::error_code ec;
  if (!o.force && std::filesystem::exists(out, ec))
    throw ConfigError("'" + out.string() + "' exists already", std::nullopt,
                      "give another file with -o, or --force to replace it");
  // The whole text first: a model symseq cannot run writes nothing.
  const std::string text = initRunFileText(o.model, out, registry);
  writeFileAtomically(out, text);
  std::cout << "wrote " << out.string() << "; run it with: symseq run " << out.string() << "\n";
  return 0;
}

}  // namespace

void addInitCommand(CLI::App& app, Action& action) {
  auto options = std::make_shared<InitOptions>();
  auto* cmd = app.add_subcommand("init", "Write a commented run file for a model, with the defaults `symseq run MODEL` uses");
  cmd->add_option("model", options->model, "The model file; its extension names the frontend")
      ->required()
      ->type_name("MODEL");
  cmd->add_option("-o,--output", options->output, "The run file to write (default: <model name>.toml here)")
      ->type_name("RUN.toml");
  cmd->add_flag("--force", options->force, "Replace the run file if it exists");
  addPluginDirOptions(*cmd, options->dirs);
  cmd->callback([&action, options] { action = [options] { return init(*options); }; });
}

}  // namespace symseq::cli
