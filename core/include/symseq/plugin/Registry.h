#pragma once
// The plugin registry: loads plugin shared objects with Boost.DLL, checks their descriptor and
// ABI version, lists them without instantiating anything, and makes instances whose deleters
// keep their library loaded (PluginPtr). Plugins are looked up by kind and exact name.
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "symseq/plugin/PluginDescriptor.h"

#pragma GCC visibility push(default)

namespace symseq {

struct PluginInfo {
  PluginKind kind;
  std::string name;
  std::string version;
  std::string summary;
  std::string buildId;
  std::filesystem::path file;  // empty for a built-in
  std::vector<OptionInfo> options;
  std::string family;                  // heuristics: their family
  std::vector<std::string> consults;   // strategies and searchers: the heuristic families they consult
  std::string defaultSearcher;         // strategies that take a searcher: the one used by default
  std::vector<std::string> extensions;  // frontends: the model-file extensions they read (".cfg")
  std::string defaultStrategy;          // frontends: the strategy for their models when none is named
};

class Registry {
 public:
  Registry();
  ~Registry();
  Registry(const Registry&) = delete;
  Registry& operator=(const Registry&) = delete;

  // <directory of the kernel library>/symseq/plugins: where the build and the install put them.
  [[nodiscard]] static std::filesystem::path defaultPluginDir();

  // Loads one plugin file. Throws PluginError naming the file and the reason: not a shared
  // object, no symseq descriptor, load failure (with the loader's message), another ABI
  // version, a malformed descriptor, or a name already taken by another file.
  void loadFile(const std::filesystem::path& file);
  // Loads every *.so in the directory, in file-name order. Throws on the first bad file.
  void loadDirectory(const std::filesystem::path& dir);
  // A descriptor compiled into the caller (tests), with no library behind it.
  void addBuiltin(const PluginDescriptor& descriptor);

  // Sorted by kind, then name.
  [[nodiscard]] std::vector<PluginInfo> list() const;
  [[nodiscard]] std::vector<std::string> names(PluginKind kind) const;
  // Throws ConfigError with a did-you-mean when there is no such plugin.
  [[nodiscard]] const PluginInfo& info(PluginKind kind, std::string_view name) const;

  [[nodiscard]] PluginPtr<Frontend> makeFrontend(std::string_view name, const Options& options) const;
  [[nodiscard]] PluginPtr<Solver> makeSolver(std::string_view name, ExprContext& ctx, const Options& options) const;
  [[nodiscard]] PluginPtr<Strategy> makeStrategy(std::string_view name, const Options& options) const;
  [[nodiscard]] PluginPtr<Heuristic> makeHeuristic(std::string_view name, const Options& options) const;
  [[nodiscard]] PluginPtr<Searcher> makeSearcher(std::string_view name, const Options& options) const;
  [[nodiscard]] PluginPtr<Writer> makeWriter(std::string_view name, const Options& options) const;

 private:
  struct Entry;
  const Entry& entry(PluginKind kind, std::string_view name) const;
  void add(const PluginDescriptor& d, std::shared_ptr<const void> library, const std::filesystem::path& file);

  std::map<std::pair<PluginKind, std::string>, std::unique_ptr<Entry>, std::less<>> entries_;
};

}  // namespace symseq

#pragma GCC visibility pop
