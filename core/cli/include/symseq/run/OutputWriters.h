#pragma once
// The run's output formats: the writer plugins `[output] formats` names, made before any output
// exists, and the files they return, all checked before the first is written. The application
// names no writer: what `symseq run` prints is the file a writer marks as its console summary.
#include <filesystem>
#include <string>
#include <vector>

#include "symseq/support/PluginPtr.h"
#include "symseq/plugin/Registry.h"
#include "symseq/plugin/Writer.h"
#include "symseq/run/RunConfig.h"

namespace symseq {

struct OutputFormat {
  std::string name;  // the writer plugin's name, as `formats` lists it
  PluginPtr<Writer> writer;
};

// One writer per entry of `formats`, in order, each with its declared defaults. Throws
// ConfigError with a did-you-mean for a name no writer plugin has.
[[nodiscard]] std::vector<OutputFormat> makeOutputFormats(const OutputConfig& output, const Registry& registry);

// Every writer's files, in `formats` order. Throws PluginError naming the writer when one fails,
// or returns a name that is not a plain file name, that another file of the run also has, or
// that is in `reserved` (the files the run writes itself), so a run writes all of them or none.
[[nodiscard]] std::vector<OutputFile> writeOutputFiles(const std::vector<OutputFormat>& formats, const WriterInput& run,
                                                       const std::vector<std::string>& reserved);

// What `symseq run` prints: the files marked as the console summary, in order; without one, the
// coverage and the names of the files written into `dir`.
[[nodiscard]] std::string consoleSummary(const std::vector<OutputFile>& files, const RunResult& result,
                                         const std::filesystem::path& dir);

}  // namespace symseq
