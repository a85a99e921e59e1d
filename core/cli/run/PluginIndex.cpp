#include "symseq/run/PluginIndex.h"

#include <sys/stat.h>

#include <algorithm>
#include <sstream>
#include <toml++/toml.h>

#include "symseq/plugin/Registry.h"
#include "symseq/support/AtomicFile.h"
#include "symseq/support/Error.h"

namespace symseq {

namespace fs = std::filesystem;

namespace {

// Must equal kIndexFormat in core/src/plugin/Registry.cpp, which ignores an index of another format.
constexpr std::int64_t kIndexFormat = 1;

toml::array stringArray(const std::vector<std::string>& items) {
  toml::array a;
  for (const auto& s : items) a.push_back(s);
  return a;
}

toml::table entryOf(const std::string& fileName, const struct stat& st, const PluginInfo& p) {
  toml::array options;
  for (const OptionInfo& o : p.options)
    options.push_back(toml::table{{"name", o.name}, {"type", std::string(toString(o.type))},
                                  {"default", o.defaultValue}, {"help", o.help}});
  // Nanoseconds since the epoch fit an int64 until 2262.
  const std::int64_t mtimeNs = static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec;
  return toml::table{{"file", fileName},
                     {"size", static_cast<std::int64_t>(st.st_size)},
                     {"mtime_ns", mtimeNs},
                     {"kind", std::string(toString(p.kind))},
                     {"name", p.name},
                     {"version", p.version},
                     {"summary", p.summary},
                     {"build_id", p.buildId},
                     {"family", p.family},
                     {"consults", stringArray(p.consults)},
                     {"default_searcher", p.defaultSearcher},
                     {"options", std::move(options)}};
}

}  // namespace

fs::path writePluginIndex(const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw PluginError("plugin directory '" + dir.string() + "' does not exist or is not a directory", std::nullopt,
                      "name the directory that holds the plugins to index");
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".so" && e.is_regular_file()) files.push_back(e.path());
  std::sort(files.begin(), files.end(),
            [](const fs::path& a, const fs::path& b) { return a.filename().string() < b.filename().string(); });

  toml::array entries;
  Registry registry;
  for (const fs::path& f : files) {
    // Stamped before it is loaded: a file replaced meanwhile then fails the registry's check.
    struct stat st {};
    if (::stat(f.c_str(), &st) != 0) continue;  // gone since the listing
    registry.loadFile(f);
    const fs::path canonical = fs::weakly_canonical(fs::absolute(f), ec);
    for (const PluginInfo& p : registry.list())
      if (p.file == canonical) entries.push_back(entryOf(f.filename().string(), st, p));
  }
  const toml::table doc{{"format", kIndexFormat}, {"abi_id", std::string(kAbiIdText)}, {"plugins", std::move(entries)}};
  std::ostringstream text;
  text << "# Written by `symseq plugins --write-index`: what each plugin's descriptor says, so that a run\n"
          "# opens only the plugins it names. A cache: a file it does not describe as the file is now (size,\n"
          "# modification time) is loaded instead, and an index of another ABI id is ignored.\n"
       << doc << "\n";
  const fs::path index = dir / kPluginIndexFileName;
  writeFileAtomically(index, text.str());
  return index;
}

}  // namespace symseq
