#pragma once
// The one symbol a plugin exports. A plugin file defines a PluginDescriptor and exports it
// with Boost.DLL under the alias `symseq_plugin`:
//
//   const symseq::PluginDescriptor descriptor{ .kind = symseq::PluginKind::Heuristic, ... };
//   BOOST_DLL_ALIAS(descriptor, symseq_plugin)
//
// `abiId` is the first member and stays first in every future layout, so the registry can read
// it, and refuse the plugin, before it touches anything else. It is not bumped by hand: it is a
// hash of every public header, generated at build time (cmake/SymseqAbiId.cmake), so a plugin
// compiled against headers that differ in any way from the kernel's is refused.
#include <cstdint>
#include <span>
#include <string_view>

#include "symseq/AbiId.h"
#include "symseq/BuildInfo.h"
#include "symseq/plugin/Options.h"
#include "symseq/support/PluginPtr.h"

#pragma GCC visibility push(default)

namespace symseq {

inline constexpr const char* kPluginSymbol = "symseq_plugin";

enum class PluginKind : std::uint32_t { Frontend, Solver, Strategy, Heuristic, Searcher, Writer };
[[nodiscard]] std::string_view toString(PluginKind k);  // "frontend", "solver", ...

class ExprContext;
class Frontend;
class Solver;
class Strategy;
class Heuristic;
class Searcher;
class Writer;

struct PluginDescriptor {
  std::uint64_t abiId = kAbiId;  // must stay the first member (symseq/AbiId.h)
  PluginKind kind = PluginKind::Heuristic;
  const char* name = "";
  const char* version = "";
  const char* summary = "";
  const char* buildId = kBuildId;  // the kernel build the plugin was compiled against
  std::span<const OptionSpec> options{};
  // Heuristics: the family the heuristic belongs to ("path", "table", "search").
  const char* family = "";
  // Strategies and searchers: the heuristic families they consult; a run that configures a
  // heuristic of another family is refused while its run file is read.
  std::span<const char* const> consults{};
  // Strategies that take a searcher (tree strategies): the searcher plugin they use when the run
  // names none ([searcher] section absent). Empty: the strategy takes no searcher, and a run
  // that names one is refused.
  const char* defaultSearcher = "";
  // Frontends: the model-file extensions they read, with the dot (".cfg"), so that `symseq run
  // MODEL` and `symseq init MODEL` take the frontend from the file's name. Empty: the frontend is
  // named in run files only.
  std::span<const char* const> extensions{};
  // Frontends: the strategy a run of their models uses when no run file names one (`symseq run
  // MODEL`, `symseq init`), so that the application names no strategy itself. Empty: such a run
  // needs a run file.
  const char* defaultStrategy = "";

  // Exactly the factory of `kind` is set. Options arrive validated against `options`.
  PluginPtr<Frontend> (*makeFrontend)(const Options&) = nullptr;
  PluginPtr<Solver> (*makeSolver)(ExprContext&, const Options&) = nullptr;
  PluginPtr<Strategy> (*makeStrategy)(const Options&) = nullptr;
  PluginPtr<Heuristic> (*makeHeuristic)(const Options&) = nullptr;
  PluginPtr<Searcher> (*makeSearcher)(const Options&) = nullptr;
  PluginPtr<Writer> (*makeWriter)(const Options&) = nullptr;
};

}  // namespace symseq

#pragma GCC visibility pop
