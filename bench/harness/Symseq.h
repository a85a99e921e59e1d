#pragma once
// The symseq binary the bench drives, and the questions it asks it, each a process of its own:
// `symseq version --json` and `symseq plugins --json` for the provenance, `symseq run --check`
// for the axis check. The harness links no part of symseq; this is its whole interface to it,
// with the cells' `symseq run` (CellRunner).
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "harness/Error.h"

namespace symseq::bench {

struct SymseqCommand {
  std::filesystem::path executable;
  std::vector<std::string> pluginArguments;  // --no-default-plugin-dir, --plugin-dir DIR (absolute)
};

// `symseq` in this program's folder (/proc/self/exe's): symseq-bench is built and installed
// next to it.
[[nodiscard]] std::filesystem::path symseqNextToThisProgram();

// symseq's error message ("symseq: [file:line:col: ]error: message[\n  hint: hint]", its
// main.cpp's format) read back into an Error with the same location, message and hint; anything
// else whole as the message.
[[nodiscard]] Error parseSymseqError(const std::string& standardError);

// `symseq version --json`: version, commit, build_id, compiler, plugin_abi_id.
[[nodiscard]] nlohmann::ordered_json symseqVersion(const SymseqCommand& symseq);
// `symseq plugins --json` with the plugin arguments: the plugins the cells get.
[[nodiscard]] nlohmann::ordered_json symseqPlugins(const SymseqCommand& symseq);
// `symseq run RUN --set OVERRIDE... --check` with the plugin arguments: nothing when the run
// loads, else symseq's error (bad input). Throws Error when symseq fails otherwise (a crash).
[[nodiscard]] std::optional<Error> checkRun(const SymseqCommand& symseq, const std::filesystem::path& runFile,
                                            const std::vector<std::string>& overrides);

}  // namespace symseq::bench
