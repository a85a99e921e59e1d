#include "symseq/run/PluginIndex.h"

#include <sys/stat.h>

#include <algorithm>
#include <sstream>

#include "symseq/plugin/Registry.h"
#include "symseq/support/AtomicFile.h"
#include "symseq/support/Error.h"

namespace symseq {

namespace fs = std::filesystem;

namespace {

// Must equal kIndexFormat in core/src/plugin/Registry.cpp, which ignores an index of another format.
constexpr std::int64_t kIndexFormat = 2;

// A field of a line: tabs, newlines and backslashes escaped (the reader undoes it).
std::string field(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c == '\t') out += "\\t";
    else if (c == '\n') out += "\\n";
    else if (c == '\\') out += "\\\\";
    else out += c;
  }
  return out;
}

void writeEntry(std::ostream& out, const std::string& fileName, const struct stat& st, const PluginInfo& p) {
  // Nanoseconds since the epoch fit an int64 until 2262.
  const std::int64_t mtimeNs = static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec;
  out << "plugin\t" << field(fileName) << '\t' << st.st_size << '\t' << mtimeNs << '\t' << toString(p.kind) << '\t'
      << field(p.name) << '\t' << field(p.version) << '\t' << field(p.summary) << '\t' << field(p.buildId) << '\t'
      << field(p.family) << '\t' << field(p.defaultSearcher) << '\n';
  if (!p.consults.empty()) {
    out << "consults";
    for (const std::string& c : p.consults) out << '\t' << field(c);
    out << '\n';
  }
  if (!p.extensions.empty()) {
    out << "extensions";
    for (const std::string& e : p.extensions) out << '\t' << field(e);
    out << '\n';
  }
  if (!p.defaultStrategy.empty()) out << "default-strategy\t" << field(p.defaultStrategy) << '\n';
  for (const OptionInfo& o : p.options)
    out << "option\t" << field(o.name) << '\t' << toString(o.type) << '\t' << field(o.defaultValue) << '\t'
        << field(o.help) << '\n';
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

  std::ostringstream text;
  text << "# Written by `symseq plugins --write-index`: what each plugin's descriptor says, so that a run\n"
          "# opens only the plugins it names. A cache: a file it does not describe as the file is now (size,\n"
          "# modification time) is loaded instead, and an index of another ABI id is ignored. Lines of\n"
          "# tab-separated fields (docs/plugins.md): plugin FILE SIZE MTIME_NS KIND NAME VERSION SUMMARY\n"
          "# BUILD_ID FAMILY DEFAULT_SEARCHER, then its consults FAMILY..., extensions EXT..., default-strategy\n"
          "# NAME and option NAME TYPE DEFAULT HELP.\n"
       << "symseq-plugin-index\t" << kIndexFormat << '\t' << kAbiIdText << '\n';
  Registry registry;
  for (const fs::path& f : files) {
    // Stamped before it is loaded: a file replaced meanwhile then fails the registry's check.
    struct stat st {};
    if (::stat(f.c_str(), &st) != 0) continue;  // gone since the listing
    registry.loadFile(f);
    const fs::path canonical = fs::weakly_canonical(fs::absolute(f), ec);
    for (const PluginInfo& p : registry.list())
      if (p.file == canonical) writeEntry(text, f.filename().string(), st, p);
  }
  const fs::path index = dir / kPluginIndexFileName;
  writeFileAtomically(index, text.str());
  return index;
}

}  // namespace symseq
