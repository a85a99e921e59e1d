#include "symseq/run/OutputWriters.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "symseq/run/EffectiveConfig.h"
#include "symseq/run/PluginOptions.h"

namespace symseq {

namespace {

bool isPlainFileName(const std::string& name) {
  return !name.empty() && name != "." && name != ".." && name.find_first_of(std::string_view("/\\\0", 3)) == std::string::npos;
}

// A writer's failure, as the registry reports a failing factory: the plugin named, its hint kept.
template <class Write>
std::vector<OutputFile> guarded(const std::string& name, Write&& write) {
  const std::string who = "writer plugin '" + name + "'";
  try {
    return write();
  } catch (const Error& e) {
    throw PluginError(who + ": " + e.message(), e.location(), e.hint());
  } catch (const std::exception& e) {
    throw PluginError(who + " failed: " + e.what(), std::nullopt,
                      "no result file was written; remove it from [output] formats or report the problem to its author");
  }
}

}  // namespace

std::vector<OutputFormat> makeOutputFormats(const OutputConfig& output, const Registry& registry) {
  std::vector<OutputFormat> formats;
  for (const std::string& name : output.formats) {
    const PluginInfo* info = nullptr;
    try {
      info = &registry.info(PluginKind::Writer, name);
    } catch (const ConfigError& e) {
      // Only a default can be missing here (listed names are checked as the file is read): the
      // run file's [output] is where to name others.
      if (e.location()) throw;
      throw ConfigError(e.message() + " (a default of [output] formats)", output.formatsWhere,
                        "name installed writer plugins in [output] formats (symseq plugins lists them; [] writes "
                        "only effective-run.toml), or add a plugin directory with --plugin-dir or plugin_dirs");
    }
    formats.push_back({name, registry.makeWriter(name, defaultOptions(*info))});
  }
  return formats;
}

std::vector<OutputFile> writeOutputFiles(const std::vector<OutputFormat>& formats, const WriterInput& run,
                                         const std::vector<std::string>& reserved) {
  std::vector<OutputFile> files;
  std::map<std::string, std::string, std::less<>> owner;  // file name -> the writer that returned it
  for (const OutputFormat& format : formats) {
    for (OutputFile& file : guarded(format.name, [&] { return format.writer->write(run); })) {
      const std::string who = "writer plugin '" + format.name + "'";
      if (!isPlainFileName(file.name))
        throw PluginError(who + " returned the file name '" + file.name +
                              "', which is not a plain file name inside the output directory",
                          std::nullopt, "no result file was written; report the problem to the plugin's author");
      if (std::find(reserved.begin(), reserved.end(), file.name) != reserved.end())
        throw PluginError(who + " returned '" + file.name + "', a file the run writes itself", std::nullopt,
                          "no result file was written; report the problem to the plugin's author");
      if (const auto [at, fresh] = owner.emplace(file.name, format.name); !fresh)
        throw PluginError(who + " returned '" + file.name + "', which writer plugin '" + at->second + "' also returned",
                          std::nullopt, "no result file was written; keep only one of the two in [output] formats");
      files.push_back(std::move(file));
    }
  }
  return files;
}

std::string consoleSummary(const std::vector<OutputFile>& files, const RunResult& result, const std::filesystem::path& dir) {
  std::string text;
  for (const OutputFile& f : files)
    if (f.consoleSummary) text += f.contents;
  if (!text.empty()) return text;
  std::vector<std::string> names{kEffectiveConfigName};
  for (const OutputFile& f : files) names.push_back(f.name);
  return fmt::format("targets: {} of {} covered, confirmed by replay{}\nwritten to {}: {}\n", result.coveredTargets(),
                     result.targets.size(), result.replayed ? "" : " (some proposed sequences did not replay)",
                     dir.string(), fmt::join(names, ", "));
}

}  // namespace symseq
