#pragma once
// A run without a run file (`symseq run MODEL`) and a run file written for a model (`symseq
// init MODEL`): the frontend is the one whose descriptor declares the model file's extension, the
// strategy the one that frontend names for its models; the rest are the defaults below. Nothing
// here names a frontend or a strategy: the plugins say them (PluginDescriptor::extensions,
// defaultStrategy).
#include <filesystem>
#include <string>
#include <vector>

#include "symseq/plugin/Registry.h"
#include "symseq/run/RunDocument.h"

namespace symseq {

// The solver a run without a run file uses when it is installed (else the first installed solver
// by name); with the default output formats in RunConfig.h, the only plugin the application names.
inline constexpr const char* kDefaultSolver = "z3";

// Whether the command line's file is a run file (.toml) rather than a model.
[[nodiscard]] bool isRunFile(const std::filesystem::path& file);

// The frontend that reads `model`, by its extension. Throws ConfigError when no frontend declares
// it, or more than one does, listing the extensions the installed frontends read.
[[nodiscard]] const PluginInfo& frontendForModel(const std::filesystem::path& model, const Registry& registry);

// What a run of `model` uses when no run file says otherwise. Throws ConfigError when the model's
// frontend names no default strategy or no solver is installed.
struct ModelDefaults {
  std::string frontend;
  std::string solver;
  std::string strategy;
  std::string name;  // the model's file name without extension: the output goes to out/<name>
};
[[nodiscard]] ModelDefaults modelDefaults(const std::filesystem::path& model, const Registry& registry);

// The run document `symseq run MODEL` reads: the model, its frontend, the default solver and
// strategy, output to out/<name>, relative to the current directory (where the run's relative
// `--set` paths start too). The `--set` overrides are then applied to it as to a run file's.
[[nodiscard]] RunDocument modelRunDocument(const std::filesystem::path& model, const Registry& registry);

// A commented run file for `model` (`symseq init`), to be written as `runFile`: the model section
// with the frontend's options, the solver, the strategy (and its searcher) with every option at
// its declared default and its help, the budgets, the output. Paths are relative to the run
// file's folder. `symseq run` accepts it as written.
[[nodiscard]] std::string initRunFileText(const std::filesystem::path& model, const std::filesystem::path& runFile,
                                          const Registry& registry);

}  // namespace symseq
