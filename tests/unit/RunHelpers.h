#pragma once
// Running a whole generation run from a test, as `symseq run` does, and reading its result.json.
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "ScratchDir.h"
#include "symseq/plugin/Registry.h"
#include "symseq/run/ExecuteRun.h"
#include "symseq/run/LoadRunConfig.h"

namespace symseq::test {

// Runs `runFile` with `overrides` (the --set syntax) into a scratch output folder named `out`,
// with the default plugins and, when given, more plugin folders; returns result.json.
inline nlohmann::json runAndRead(const std::filesystem::path& runFile, std::vector<std::string> overrides,
                                 const std::string& out, const std::vector<std::filesystem::path>& extraDirs = {}) {
  Registry registry;
  registry.loadDirectory(Registry::defaultPluginDir());
  for (const auto& d : extraDirs) registry.loadDirectory(d);
  const std::filesystem::path dir = scratchDir(out);
  overrides.push_back("output.dir=\"" + dir.string() + "\"");
  overrides.push_back("output.formats=[\"json\"]");
  const RunConfig config = loadRunConfig(runFile, overrides, registry, extraDirs);
  (void)executeRun(config, registry);
  std::ifstream in(dir / "result.json");
  return nlohmann::json::parse(in);
}

// The name -> covered map and the reasons of a result.json.
inline bool covered(const nlohmann::json& result, const std::string& target) {
  for (const auto& t : result["targets"])
    if (t["name"] == target) return t["covered"].get<bool>();
  return false;
}
inline std::string reason(const nlohmann::json& result, const std::string& target) {
  for (const auto& t : result["targets"])
    if (t["name"] == target && t.contains("reason")) return t["reason"].get<std::string>();
  return "";
}

}  // namespace symseq::test
