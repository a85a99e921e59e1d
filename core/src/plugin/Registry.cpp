#include "symseq/plugin/Registry.h"

#include <algorithm>
#include <boost/dll/runtime_symbol_info.hpp>
#include <boost/dll/shared_library.hpp>
#include <dlfcn.h>
#include <fmt/format.h>
#include <sys/stat.h>

#include <fstream>
#include <mutex>
#include <set>
#include <string_view>
#include <system_error>
#include <toml++/toml.h>

#include "ElfReader.h"

#include "symseq/plugin/Frontend.h"
#include "symseq/plugin/Heuristic.h"
#include "symseq/plugin/Searcher.h"
#include "symseq/plugin/Writer.h"
#include "symseq/plugin/Strategy.h"
#include "symseq/solver/Solver.h"
#include "symseq/support/DidYouMean.h"

namespace symseq {

namespace fs = std::filesystem;

struct Registry::Entry {
  PluginInfo info;
  // Set when the entry is added, or, for one registered from a directory's index, when the first
  // instance is made (under `mutex`: worker threads may make solvers at once). Once set, never
  // changed, so a reference to it stays valid.
  mutable std::mutex mutex;
  mutable std::optional<PluginDescriptor> descriptor;  // copy; its strings and factories live in `library`
  mutable std::shared_ptr<const void> library;         // empty for a built-in
};

namespace {

bool sameInfo(const PluginInfo& a, const PluginInfo& b) {
  const auto sameOptions = [](const std::vector<OptionInfo>& x, const std::vector<OptionInfo>& y) {
    return std::equal(x.begin(), x.end(), y.begin(), y.end(), [](const OptionInfo& o, const OptionInfo& p) {
      return o.name == p.name && o.type == p.type && o.defaultValue == p.defaultValue && o.help == p.help;
    });
  };
  return a.kind == b.kind && a.name == b.name && a.version == b.version && a.summary == b.summary &&
         a.buildId == b.buildId && a.file == b.file && sameOptions(a.options, b.options) && a.family == b.family &&
         a.consults == b.consults && a.defaultSearcher == b.defaultSearcher && a.extensions == b.extensions &&
         a.defaultStrategy == b.defaultStrategy;
}

}  // namespace

Registry::Registry() = default;
Registry::~Registry() = default;

fs::path Registry::defaultPluginDir() {
  // this_line_location() is the file holding this code: the kernel library, not the binary.
  // Normalised: the loader may report it as <prefix>/bin/../lib (the binary's RPATH).
  const fs::path kernel = boost::dll::this_line_location();
  std::error_code ec;
  const fs::path dir = fs::weakly_canonical(kernel.parent_path(), ec);
  return (ec ? kernel.parent_path().lexically_normal() : dir) / "symseq" / "plugins";
}

namespace {

PluginError fileError(const fs::path& file, std::string message, std::string hint) {
  return PluginError(std::move(message), SourceLocation{file.string()}, std::move(hint));
}

// Option values arrive as TOML; a default must be a literal of the declared type, or the run file
// could not be checked against it.
bool isLiteralOf(const char* text, OptionType type) {
  toml::table doc;
  try {
    doc = toml::parse("v = " + std::string(text), std::string_view{"<default>"});
  } catch (const toml::parse_error&) {
    return false;
  }
  const toml::node* v = doc.get("v");
  if (doc.size() != 1 || v == nullptr) return false;
  switch (type) {
    case OptionType::Bool: return v->is_boolean();
    case OptionType::Int: return v->is_integer();
    case OptionType::Real: return v->is_floating_point() || v->is_integer();
    case OptionType::String: return v->is_string();
    case OptionType::StringList: {
      const toml::array* a = v->as_array();  // is_homogeneous() is false for an empty array
      return a && (a->empty() || a->is_homogeneous(toml::node_type::string));
    }
  }
  return false;
}

bool isBareKey(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  });
}

// Keys the run file's plugin sections use for the kernel; an option may not shadow them.
bool isReservedKey(std::string_view key, PluginKind kind) {
  if (key == "name") return true;
  if (kind == PluginKind::Frontend) return key == "file" || key == "frontend";
  if (kind == PluginKind::Solver) return key == "query_timeout_ms" || key == "log_smt2";
  return false;
}

std::optional<std::string> optionProblem(const OptionSpec& o, PluginKind kind) {
  if (o.name == nullptr || !isBareKey(o.name))
    return "an option name must be a non-empty TOML bare key (letters, digits, '_' and '-')";
  const std::string name = o.name;
  if (isReservedKey(name, kind)) return "option '" + name + "' shadows a key the kernel reserves in its section";
  if (static_cast<std::uint32_t>(o.type) > static_cast<std::uint32_t>(OptionType::StringList))
    return "option '" + name + "' has an unknown type " + std::to_string(static_cast<std::uint32_t>(o.type));
  if (o.defaultValue == nullptr || !isLiteralOf(o.defaultValue, o.type))
    return "the default of option '" + name + "' is not a TOML " + std::string(toString(o.type)) + " literal";
  return std::nullopt;
}

// Heuristic families are matched by name between a heuristic's `family` and what a strategy or
// searcher `consults`, and are shown in run-file errors, so they are bare keys.
std::optional<std::string> familyProblem(const PluginDescriptor& d, const std::string& who) {
  const bool heuristic = d.kind == PluginKind::Heuristic;
  const bool family = d.family != nullptr && *d.family != '\0';
  if (heuristic && !family) return who + " declares no family (e.g. \"path\", \"table\" or \"search\")";
  if (heuristic && !isBareKey(d.family))
    return who + ": family '" + d.family + "' is not a TOML bare key (letters, digits, '_' and '-')";
  if (!heuristic && family) return who + " declares a family, which only heuristics have";
  if (d.consults.empty()) return std::nullopt;
  if (d.kind != PluginKind::Strategy && d.kind != PluginKind::Searcher)
    return who + " declares families it consults, which only strategies and searchers do";
  std::set<std::string, std::less<>> seen;
  for (const char* f : d.consults) {
    if (f == nullptr || !isBareKey(f))
      return who + " consults a family that is not a TOML bare key (letters, digits, '_' and '-')";
    if (!seen.insert(f).second) return who + " consults family '" + std::string(f) + "' twice";
  }
  return std::nullopt;
}

// A frontend's extensions are matched against a model file's (`symseq run MODEL`): each a dot
// and a bare key, once. Only frontends read model files, and only they name a default strategy.
std::optional<std::string> frontendProblem(const PluginDescriptor& d, const std::string& who) {
  const bool frontend = d.kind == PluginKind::Frontend;
  if (!frontend && !d.extensions.empty()) return who + " declares model-file extensions, which only frontends do";
  if (!frontend && d.defaultStrategy != nullptr && *d.defaultStrategy != '\0')
    return who + " names a default strategy, which only frontends do";
  std::set<std::string, std::less<>> seen;
  for (const char* e : d.extensions) {
    if (e == nullptr || e[0] != '.' || !isBareKey(e + 1))
      return who + " declares an extension that is not a dot and letters, digits, '_' or '-' (e.g. \".cfg\")";
    if (!seen.insert(e).second) return who + " declares extension '" + std::string(e) + "' twice";
  }
  return std::nullopt;
}

std::optional<std::string> descriptorProblem(const PluginDescriptor& d) {
  if (static_cast<std::uint32_t>(d.kind) > static_cast<std::uint32_t>(PluginKind::Writer))
    return "unknown plugin kind " + std::to_string(static_cast<std::uint32_t>(d.kind));
  if (d.name == nullptr || *d.name == '\0') return std::string("the plugin has no name");
  const std::string who = std::string(toString(d.kind)) + " plugin '" + d.name + "'";
  const std::pair<bool, const char*> factories[] = {
      {d.makeFrontend != nullptr, "makeFrontend"}, {d.makeSolver != nullptr, "makeSolver"},
      {d.makeStrategy != nullptr, "makeStrategy"}, {d.makeHeuristic != nullptr, "makeHeuristic"},
      {d.makeSearcher != nullptr, "makeSearcher"}, {d.makeWriter != nullptr, "makeWriter"}};
  const auto own = static_cast<std::size_t>(d.kind);
  if (!factories[own].first) return who + " has no " + factories[own].second + " factory";
  for (std::size_t i = 0; i < std::size(factories); ++i)
    if (i != own && factories[i].first) return who + " also sets " + factories[i].second;
  if (d.kind != PluginKind::Strategy && d.defaultSearcher != nullptr && *d.defaultSearcher != '\0')
    return who + " names a default searcher, which only strategies do";
  if (auto problem = frontendProblem(d, who)) return problem;
  std::set<std::string, std::less<>> seen;
  for (const OptionSpec& o : d.options) {
    if (auto problem = optionProblem(o, d.kind)) return who + ": " + *problem;
    if (!seen.insert(o.name).second) return who + " declares option '" + std::string(o.name) + "' twice";
  }
  return familyProblem(d, who);
}

// Reads the ELF file without running any of its code: tells "not a shared object" and "not a
// symseq plugin" apart before dlopen would run the library's static constructors. The file is
// untrusted input: our own reader (ElfReader.h) checks every field it uses and names the one that
// is wrong; Boost.DLL's library_info read corrupt headers out of bounds.
void precheck(const fs::path& file) {
  std::vector<std::string> aliases;
  try {
    aliases = elf::sectionSymbols(file, "boostdll");
  } catch (const elf::ElfError& e) {
    if (e.notElf())
      throw fileError(file, "not a shared object",
                      "a plugin directory may hold only symseq plugins; remove or move this file");
    throw fileError(file, std::string("not a shared object symseq can load: ") + e.what(),
                    "the file is corrupt, truncated or built for another platform; rebuild or reinstall it, or "
                    "move it out of the plugin directory");
  } catch (const std::system_error& e) {
    throw fileError(file, std::string("cannot read the plugin file: ") + e.code().message(),
                    "check that the file is readable (its permissions), or move it out of the plugin directory");
  }
  if (std::find(aliases.begin(), aliases.end(), kPluginSymbol) == aliases.end())
    throw fileError(file,
                    std::string("shared object without a symseq plugin descriptor (no '") + kPluginSymbol +
                        "' alias in section 'boostdll')",
                    std::string("a plugin exports its PluginDescriptor with BOOST_DLL_ALIAS(descriptor, ") +
                        kPluginSymbol + "); move other libraries out of the plugin directory");
}

// Under AddressSanitizer a library unloaded before exit leaves its leak reports as "<unknown
// module>": third-party suppressions (tests/lsan.supp) cannot match and our own leaks have no
// stack. Sanitized builds therefore keep every loaded plugin mapped; our objects still die with
// their `shared_library` handle, so lifetime bugs stay visible to ASan.
void keepMappedUnderSanitizer([[maybe_unused]] const fs::path& file) {
#if defined(__SANITIZE_ADDRESS__)
  dlopen(file.c_str(), RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
#endif
}

std::shared_ptr<boost::dll::shared_library> open(const fs::path& file) {
  try {
    auto library = std::make_shared<boost::dll::shared_library>(file, boost::dll::load_mode::rtld_now);
    keepMappedUnderSanitizer(file);
    return library;
  } catch (const std::exception& e) {
    // 1.74 sets the error code to "Bad file descriptor" for every failure; only what() has dlerror().
    throw fileError(file, std::string("cannot load the plugin: ") + e.what(),
                    "check that the libraries it needs are installed (ldd shows what is missing)");
  }
}

std::string abiMismatch(std::uint64_t pluginId) {
  return fmt::format("plugin built against ABI id {:016x}, but this kernel has ABI id {}", pluginId, kAbiIdText);
}

// Plugin make-functions may throw anything; the exception object and its type_info live in the
// plugin, so turn it into a kernel exception while the library is certainly still loaded.
template <class Make>
auto guarded(const PluginInfo& info, Make&& make) {
  const std::string who = std::string(toString(info.kind)) + " plugin '" + info.name + "'";
  try {
    return make();
  } catch (const Error& e) {
    throw PluginError(who + ": " + e.message(), e.location(), e.hint());
  } catch (const std::exception& e) {
    throw PluginError(who + " failed to create an instance: " + e.what(),
                      info.file.empty() ? std::nullopt : std::optional(SourceLocation{info.file.string()}),
                      "the plugin's factory threw; check its options or report the problem to its author");
  } catch (...) {
    throw PluginError(who + " failed to create an instance with an unknown exception");
  }
}

// Re-anchors an object a plugin made on the library, so its destructor runs before dlclose.
template <class T>
PluginPtr<T> anchored(PluginPtr<T> made, const std::shared_ptr<const void>& library, const PluginInfo& info) {
  if (!made) throw PluginError(std::string(toString(info.kind)) + " plugin '" + info.name + "' returned no instance");
  return PluginPtr<T>(made.release(), LibraryAnchor(library));
}

// A plugin file opened and checked: its ABI id, then its descriptor.
struct Opened {
  std::shared_ptr<boost::dll::shared_library> library;
  const PluginDescriptor* descriptor;
};

Opened openChecked(const fs::path& file) {
  precheck(file);
  auto library = open(file);
  // Only the first member is read before the identifier is known to match.
  const auto& abi = library->get_alias<const std::uint64_t>(kPluginSymbol);
  if (abi != kAbiId)
    throw fileError(file, abiMismatch(abi),
                    "the public headers the plugin was compiled against differ from this kernel's; rebuild "
                    "the plugin against this kernel's headers (`symseq version` shows its ABI id)");
  const auto& descriptor = library->get_alias<const PluginDescriptor>(kPluginSymbol);
  if (auto problem = descriptorProblem(descriptor))
    throw fileError(file, "malformed plugin descriptor: " + *problem,
                    "fix the plugin's PluginDescriptor: a kind, a name, exactly the factory of its kind, "
                    "well-formed options, a family for a heuristic and consulted families only for a strategy or "
                    "searcher");
  return {std::move(library), &descriptor};
}

PluginInfo infoOf(const PluginDescriptor& d, const fs::path& file) {
  auto text = [](const char* s) { return std::string(s ? s : ""); };
  std::vector<OptionInfo> options;
  for (const OptionSpec& o : d.options) options.push_back({o.name, o.type, text(o.defaultValue), text(o.help)});
  std::vector<std::string> consults;
  for (const char* family : d.consults) consults.push_back(text(family));
  std::vector<std::string> extensions;
  for (const char* e : d.extensions) extensions.push_back(text(e));
  return PluginInfo{d.kind,          d.name,          text(d.version),         text(d.summary),
                    text(d.buildId), file,            std::move(options),      text(d.family),
                    std::move(consults), text(d.defaultSearcher), std::move(extensions), text(d.defaultStrategy)};
}

// ---- The plugin index of a directory ----------------------------------------------------------
// A cache of what the descriptors say: whenever it is absent, unreadable, of another format or
// ABI id, or does not describe a file as the file is now, the file is loaded as without it.

// The file name and format version; the writer is `symseq plugins --write-index`
// (core/cli/run/PluginIndex.cpp), the format is documented in docs/plugins.md.
constexpr const char* kIndexFileName = "symseq-plugins.index";
constexpr std::int64_t kIndexFormat = 2;  // 2: frontends' extensions and default strategy

// What identifies a file's content cheaply: its size and modification time (nanoseconds). A
// rebuilt or replaced plugin differs in one of them.
struct FileStamp {
  std::int64_t size = -1;
  std::int64_t mtimeNs = -1;
  friend bool operator==(const FileStamp&, const FileStamp&) = default;
};

std::optional<FileStamp> stampOf(const fs::path& file) {
  struct stat st {};
  if (::stat(file.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  return FileStamp{static_cast<std::int64_t>(st.st_size),
                   static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec};
}

template <class Enum>
std::optional<Enum> enumNamed(std::string_view text, Enum last) {
  for (auto i = 0u; i <= static_cast<unsigned>(last); ++i)
    if (toString(static_cast<Enum>(i)) == text) return static_cast<Enum>(i);
  return std::nullopt;
}

struct IndexedPlugin {
  FileStamp stamp;
  PluginInfo info;  // `file` empty: the directory's file of the index entry's name
};

// One line's tab-separated fields, with the writer's escapes undone (\\ \t \n).
std::vector<std::string> fieldsOf(std::string_view line) {
  std::vector<std::string> fields(1);
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '\t') {
      fields.emplace_back();
    } else if (c == '\\' && i + 1 < line.size()) {
      const char e = line[++i];
      fields.back() += e == 't' ? '\t' : e == 'n' ? '\n' : e;
    } else {
      fields.back() += c;
    }
  }
  return fields;
}

std::int64_t integerOf(const std::string& text) {
  std::size_t used = 0;
  const long long v = std::stoll(text, &used);
  if (used != text.size()) throw std::invalid_argument("not an integer");
  return v;
}

// File name -> what the index says of it; empty when there is no usable index. The format
// (docs/plugins.md) is lines of tab-separated fields rather than TOML: a run reads it at every
// start, and a line split costs a small fraction of a TOML parse.
std::map<std::string, IndexedPlugin, std::less<>> readIndex(const fs::path& dir) {
  std::map<std::string, IndexedPlugin, std::less<>> out;
  std::ifstream in(dir / kIndexFileName, std::ios::binary);
  if (!in) return out;
  try {
    std::string line;
    IndexedPlugin* last = nullptr;
    bool header = false;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      const std::vector<std::string> f = fieldsOf(line);
      if (!header) {
        if (f.size() != 3 || f[0] != "symseq-plugin-index" || integerOf(f[1]) != kIndexFormat || f[2] != kAbiIdText)
          return {};
        header = true;
      } else if (f[0] == "plugin" && f.size() == 11) {
        IndexedPlugin p;
        p.stamp = {integerOf(f[2]), integerOf(f[3])};
        p.info.kind = enumNamed(f[4], PluginKind::Writer).value();
        p.info.name = f[5];
        p.info.version = f[6];
        p.info.summary = f[7];
        p.info.buildId = f[8];
        p.info.family = f[9];
        p.info.defaultSearcher = f[10];
        const auto [it, added] = out.emplace(f[1], std::move(p));
        if (!added) return {};
        last = &it->second;
      } else if (f[0] == "consults" && last) {
        last->info.consults.assign(f.begin() + 1, f.end());
      } else if (f[0] == "extensions" && last) {
        last->info.extensions.assign(f.begin() + 1, f.end());
      } else if (f[0] == "default-strategy" && f.size() == 2 && last) {
        last->info.defaultStrategy = f[1];
      } else if (f[0] == "option" && f.size() == 5 && last) {
        last->info.options.push_back({f[1], enumNamed(f[2], OptionType::StringList).value(), f[3], f[4]});
      } else {
        return {};
      }
    }
    if (!header) return {};
  } catch (const std::exception&) {  // a number that is not one, an unknown kind or type
    return {};
  }
  return out;
}

// What the file system says of an entry that is neither absent nor a directory (a symlink loop,
// a name too long, a directory that may not be read): an error naming the path, exit 2 rather
// than an internal error. Hint for a directory.
PluginError unusableDirectory(const fs::path& dir, const std::error_code& ec) {
  return PluginError("cannot read plugin directory '" + dir.string() + "': " + ec.message(), std::nullopt,
                     "check the path given with --plugin-dir or plugin_dirs, and that it may be read");
}

std::vector<fs::path> sharedObjectsIn(const fs::path& dir) {
  std::error_code ec;
  const bool isDirectory = fs::is_directory(dir, ec);
  if (ec && ec != std::errc::no_such_file_or_directory && ec != std::errc::not_a_directory)
    throw unusableDirectory(dir, ec);
  if (!isDirectory)
    throw PluginError("plugin directory '" + dir.string() + "' does not exist or is not a directory", std::nullopt,
                      "check the path given with --plugin-dir or plugin_dirs");
  std::vector<fs::path> files;
  fs::directory_iterator it(dir, ec);
  for (; !ec && it != fs::directory_iterator(); it.increment(ec)) {
    if (it->path().extension() != ".so") continue;
    // A `.so` entry is meant to be a plugin: one that cannot be used (a symlink loop, a name too
    // long to follow, a link into a directory we may not search) is refused like a file that is
    // not a plugin, rather than skipped so that its plugin would be missing without a word. A
    // dangling link (nothing there) stays skipped, as before.
    std::error_code entryError;
    const bool regular = it->is_regular_file(entryError);
    if (entryError && entryError != std::errc::no_such_file_or_directory)
      throw fileError(it->path(), "cannot use this plugin file: " + entryError.message(),
                      "a plugin directory may hold only symseq plugins; if this is a symbolic link, point it at a "
                      "plugin file or remove it");
    if (regular) files.push_back(it->path());
  }
  if (ec) throw unusableDirectory(dir, ec);
  // File-name order, so which of two clashing plugins is reported is reproducible.
  std::sort(files.begin(), files.end(),
            [](const fs::path& a, const fs::path& b) { return a.filename().string() < b.filename().string(); });
  return files;
}

fs::path canonicalFile(const fs::path& given, std::error_code& ec) {
  // Absolute, so dlopen never resolves a bare name against the working directory.
  return fs::weakly_canonical(fs::absolute(given), ec);
}

// An entry's key must be free; the message names the file that has it already. (Templates over
// the entry map, which is private to Registry.)
template <class Entries>
void requireUnique(const Entries& entries, const PluginInfo& info) {
  const auto it = entries.find(std::make_pair(info.kind, info.name));
  if (it == entries.end()) return;
  const fs::path& other = it->second->info.file;
  throw PluginError(std::string(toString(info.kind)) + " plugin '" + info.name + "' is already provided by " +
                        (other.empty() ? std::string("a built-in plugin") : "'" + other.string() + "'"),
                    info.file.empty() ? std::nullopt : std::optional(SourceLocation{info.file.string()}),
                    "plugin names must be unique per kind; remove one of the two");
}

// The descriptor of an entry, opening its library first if the entry came from an index. The
// file had the size and time the index names, so it is the file the index describes unless the
// index lies: it is checked as a load without index would check it, and refused if its
// descriptor says anything else than the index did.
template <class Entry>
const PluginDescriptor& descriptorOf(const Entry& e) {
  const std::lock_guard lock(e.mutex);
  if (e.descriptor) return *e.descriptor;
  const Opened opened = openChecked(e.info.file);
  if (!sameInfo(infoOf(*opened.descriptor, e.info.file), e.info))
    throw fileError(e.info.file,
                    "the plugin's descriptor differs from what the plugin index of its directory says of it (" +
                        std::string(toString(e.info.kind)) + " plugin '" + e.info.name + "')",
                    fmt::format("rewrite the index: symseq plugins --write-index {}", e.info.file.parent_path().string()));
  e.library = std::shared_ptr<const void>(opened.library, opened.library.get());
  e.descriptor = *opened.descriptor;
  return *e.descriptor;
}

}  // namespace

void Registry::loadFile(const fs::path& given) {
  std::error_code ec;
  const fs::path file = canonicalFile(given, ec);
  if (ec && ec != std::errc::no_such_file_or_directory)
    throw fileError(given, "cannot use this plugin file: " + ec.message(),
                    "check the path given with --plugin-dir or plugin_dirs");
  if (ec || !fs::is_regular_file(file, ec))
    throw fileError(given, "no such plugin file", "check the path given with --plugin-dir or plugin_dirs");
  // Loading a file twice (a directory named twice) is harmless, not a duplicate.
  for (const auto& [key, e] : entries_)
    if (e->info.file == file) return;
  const Opened opened = openChecked(file);
  add(*opened.descriptor, std::shared_ptr<const void>(opened.library, opened.library.get()), file);
}

void Registry::loadDirectory(const fs::path& dir) {
  const std::vector<fs::path> files = sharedObjectsIn(dir);
  const auto index = readIndex(dir);
  std::error_code dirError;
  const fs::path canonicalDir = canonicalFile(dir, dirError);
  for (const auto& f : files) {
    const auto it = index.find(f.filename().string());
    const std::optional<FileStamp> stamp = it == index.end() || dirError ? std::nullopt : stampOf(f);
    if (!stamp || *stamp != it->second.stamp) {
      loadFile(f);
      continue;
    }
    // The path loadFile would record: the directory's canonical path once, not each file's.
    std::error_code ec;
    const fs::path file = fs::is_symlink(f, ec) ? canonicalFile(f, ec) : canonicalDir / f.filename();
    if (ec) {
      loadFile(f);  // says what is wrong with it
      continue;
    }
    if (std::any_of(entries_.begin(), entries_.end(), [&](const auto& e) { return e.second->info.file == file; }))
      continue;
    auto entry = std::make_unique<Entry>();
    entry->info = it->second.info;
    entry->info.file = file;
    requireUnique(entries_, entry->info);
    auto key = std::make_pair(entry->info.kind, entry->info.name);
    entries_.emplace(std::move(key), std::move(entry));
  }
}

void Registry::addBuiltin(const PluginDescriptor& descriptor) {
  if (descriptor.abiId != kAbiId) throw PluginError("built-in " + abiMismatch(descriptor.abiId));
  if (auto problem = descriptorProblem(descriptor))
    throw PluginError("malformed built-in plugin descriptor: " + *problem);
  add(descriptor, nullptr, {});
}

void Registry::add(const PluginDescriptor& d, std::shared_ptr<const void> library, const fs::path& file) {
  auto entry = std::make_unique<Entry>();
  entry->info = infoOf(d, file);
  entry->descriptor = d;
  entry->library = std::move(library);
  requireUnique(entries_, entry->info);
  auto key = std::make_pair(entry->info.kind, entry->info.name);
  entries_.emplace(std::move(key), std::move(entry));
}

std::vector<PluginInfo> Registry::list() const {
  std::vector<PluginInfo> out;
  for (const auto& [key, e] : entries_) out.push_back(e->info);  // the map is ordered by (kind, name)
  return out;
}

std::vector<std::string> Registry::names(PluginKind kind) const {
  std::vector<std::string> out;
  for (const auto& [key, e] : entries_)
    if (key.first == kind) out.push_back(key.second);
  return out;
}

const Registry::Entry& Registry::entry(PluginKind kind, std::string_view name) const {
  if (auto it = entries_.find(std::make_pair(kind, std::string(name))); it != entries_.end()) return *it->second;
  const auto available = names(kind);
  std::string list;
  for (const auto& n : available) list += (list.empty() ? "" : ", ") + n;
  throw ConfigError("no " + std::string(toString(kind)) + " plugin named '" + std::string(name) + "'" +
                        didYouMean(name, available),
                    std::nullopt,
                    available.empty() ? "no " + std::string(toString(kind)) +
                                            " plugin is installed; add a plugin directory with --plugin-dir "
                                            "or plugin_dirs"
                                      : "available " + std::string(toString(kind)) + " plugins: " + list);
}

const PluginInfo& Registry::info(PluginKind kind, std::string_view name) const { return entry(kind, name).info; }

PluginPtr<Frontend> Registry::makeFrontend(std::string_view name, const Options& options) const {
  const Entry& e = entry(PluginKind::Frontend, name);
  const PluginDescriptor& d = descriptorOf(e);  // opens the library first if the index registered it
  return anchored(guarded(e.info, [&] { return d.makeFrontend(options); }), e.library, e.info);
}

PluginPtr<Solver> Registry::makeSolver(std::string_view name, ExprContext& ctx, const Options& options) const {
  const Entry& e = entry(PluginKind::Solver, name);
  const PluginDescriptor& d = descriptorOf(e);  // opens the library first if the index registered it
  return anchored(guarded(e.info, [&] { return d.makeSolver(ctx, options); }), e.library, e.info);
}

PluginPtr<Strategy> Registry::makeStrategy(std::string_view name, const Options& options) const {
  const Entry& e = entry(PluginKind::Strategy, name);
  const PluginDescriptor& d = descriptorOf(e);  // opens the library first if the index registered it
  return anchored(guarded(e.info, [&] { return d.makeStrategy(options); }), e.library, e.info);
}

PluginPtr<Heuristic> Registry::makeHeuristic(std::string_view name, const Options& options) const {
  const Entry& e = entry(PluginKind::Heuristic, name);
  const PluginDescriptor& d = descriptorOf(e);  // opens the library first if the index registered it
  return anchored(guarded(e.info, [&] { return d.makeHeuristic(options); }), e.library, e.info);
}

PluginPtr<Searcher> Registry::makeSearcher(std::string_view name, const Options& options) const {
  const Entry& e = entry(PluginKind::Searcher, name);
  const PluginDescriptor& d = descriptorOf(e);  // opens the library first if the index registered it
  return anchored(guarded(e.info, [&] { return d.makeSearcher(options); }), e.library, e.info);
}

PluginPtr<Writer> Registry::makeWriter(std::string_view name, const Options& options) const {
  const Entry& e = entry(PluginKind::Writer, name);
  const PluginDescriptor& d = descriptorOf(e);  // opens the library first if the index registered it
  return anchored(guarded(e.info, [&] { return d.makeWriter(options); }), e.library, e.info);
}

}  // namespace symseq
