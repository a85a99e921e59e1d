#pragma once
// What one run of symseq does, as read from a run file (TOML) and the command line: which model
// and frontend, which solver, strategy and heuristics with their validated options, which
// targets, the budgets and where the results go. A value type; every path in it is absolute.
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "symseq/plugin/Options.h"
#include "symseq/plugin/Registry.h"
#include "symseq/plugin/Strategy.h"
#include "symseq/support/Error.h"

namespace symseq {

// A plugin chosen by name, with its options validated against the plugin's declaration and
// its defaults filled in.
struct PluginChoice {
  std::string name;
  Options options;
  std::optional<SourceLocation> where;  // of the name, for errors found later
};

struct ModelConfig {
  std::filesystem::path file;
  std::optional<SourceLocation> fileWhere;
  PluginChoice frontend;
};

struct SolverConfig {
  PluginChoice plugin;
  std::chrono::milliseconds queryTimeout{10'000};  // zero: no per-query limit
  std::string logSmt2;                             // file name inside the output dir; empty: off
  // Kernel solver layers between the strategy and the back end, in the order written (the first
  // is outermost, nearest the strategy): names from kSolverLayerNames, each at most once.
  std::vector<std::string> layers;
  std::string validateWith;  // the second solver the "validate" layer asks; empty: the other installed one
  // Solvers raced on the whole run (at least two, `plugin.name` among them); the first to finish
  // gives the results. Empty: off.
  std::vector<std::string> portfolio;
};

// The layers a run file may name in [solver] layers.
inline const std::vector<std::string> kSolverLayerNames{"query-cache", "cex-cache", "independence", "validate", "log"};

struct TargetName {
  std::string name;
  std::optional<SourceLocation> where;  // a target the model lacks is reported here
};

enum class TargetSelection : std::uint8_t {
  Model,  // the model's declared target list, or every transition when it declares none
  All,    // every transition
  Names,  // the transitions in `names`
};

struct TargetConfig {
  TargetSelection selection = TargetSelection::Model;
  std::vector<TargetName> names;  // Names only
  // Data coverage: input transitions are split per value of their enumerated parameters
  // (run/DataCoverage.h), so every value of every enumerated input is a target.
  bool data{false};
  std::optional<SourceLocation> dataWhere{};  // of the key, for "the model has no enumerated input"
};

// The user's implementations and tables of a model's external functions (docs/run-files.md).
struct ExternalFileConfig {
  std::string value;                    // a table's path (absolute) or a symbol name
  std::optional<SourceLocation> where;  // of the key, for "no such function" found later
};

struct ExternalsConfig {
  // A path (absolute once resolved) or a bare library name looked up as lib<name>.so in
  // <kernel dir>/symseq/externals and the plugin directories; empty: none.
  std::string library;
  std::optional<SourceLocation> libraryWhere;
  std::map<std::string, ExternalFileConfig> tables;   // function name -> CSV file
  std::map<std::string, ExternalFileConfig> symbols;  // function name -> exported symbol
  bool checkTables = true;  // every initial row checked against the implementation at load
  // isolation = "process" (true: the library runs in a child process) or "none" (loaded into
  // symseq); call_timeout_s, the limit of one call in the child (docs/external-functions.md).
  bool isolated = true;
  std::chrono::milliseconds callTimeout{std::chrono::seconds(5)};
};

// The run file's [assume] constraints over the model's system parameters (`contact_mode == false`):
// they select a product variant; every path and every replay honours them (docs/run-files.md).
struct AssumeConfig {
  struct Constraint {
    std::string text;
    std::optional<SourceLocation> where;  // of the string, for errors found once the model is loaded
  };
  std::vector<Constraint> constraints;
};

struct OutputConfig {
  std::filesystem::path dir;
  std::optional<SourceLocation> dirWhere{};      // of the value, else the section: for "cannot create"
  std::optional<SourceLocation> formatsWhere{};  // of the list, else the section: for a default writer missing
  // Writer plugins by name: those the run file lists are checked as it is read, the defaults when
  // the run makes its writers.
  std::vector<std::string> formats{"json", "text"};
};

struct RunConfig {
  std::filesystem::path runFile;  // absolute; relative paths in it were resolved against its directory
  std::uint64_t seed = 0;
  std::vector<std::filesystem::path> pluginDirs;  // from the run file, then from the command line
  ModelConfig model;
  SolverConfig solver;
  PluginChoice strategy;
  // The strategy's searcher ([searcher]), for strategies that take one (their descriptor names a
  // default searcher, used when the run file has no [searcher]); none for the others.
  std::optional<PluginChoice> searcher;
  std::vector<PluginChoice> heuristics;  // in the configured order
  TargetConfig targets;
  AssumeConfig assume;
  ExternalsConfig externals;
  Budgets budgets;
  OutputConfig output;
};

// Equality of meaning: values are compared, source locations (and runFile) are not, so a
// configuration equals the one read back from its effective-run.toml.
[[nodiscard]] bool sameOptions(const Options& a, const Options& b);
[[nodiscard]] bool operator==(const PluginChoice& a, const PluginChoice& b);
[[nodiscard]] bool operator==(const TargetConfig& a, const TargetConfig& b);
[[nodiscard]] bool operator==(const AssumeConfig& a, const AssumeConfig& b);
[[nodiscard]] bool operator==(const ExternalsConfig& a, const ExternalsConfig& b);
[[nodiscard]] bool operator==(const RunConfig& a, const RunConfig& b);

}  // namespace symseq
