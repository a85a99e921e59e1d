#pragma once
// Running a whole generation run from a test, as `symseq run` does, and reading its result.json.
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "ScratchDir.h"
#include "symseq/plugin/Registry.h"
#include "symseq/run/ExecuteRun.h"
#include "symseq/run/LoadRunConfig.h"

namespace symseq::test {

// Runs `runFile` with `overrides` (the --set syntax) into a scratch output folder named `out`,
// with the default plugins and, when given, more plugin folders, writing `formats` (a TOML
// array); returns the output folder.
inline std::filesystem::path runInto(const std::filesystem::path& runFile, std::vector<std::string> overrides,
                                     const std::string& out, const std::vector<std::filesystem::path>& extraDirs = {},
                                     const std::string& formats = "[\"json\"]") {
  Registry registry;
  registry.loadDirectory(Registry::defaultPluginDir());
  for (const auto& d : extraDirs) registry.loadDirectory(d);
  const std::filesystem::path dir = scratchDir(out);
  overrides.push_back("output.dir=\"" + dir.string() + "\"");
  overrides.push_back("output.formats=" + formats);
  const RunConfig config = loadRunConfig(runFile, overrides, registry, extraDirs);
  (void)executeRun(config, registry);
  return dir;
}

inline nlohmann::json readJson(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error("cannot read " + file.string());
  return nlohmann::json::parse(in);
}

// runInto, returning result.json.
inline nlohmann::json runAndRead(const std::filesystem::path& runFile, std::vector<std::string> overrides,
                                 const std::string& out, const std::vector<std::filesystem::path>& extraDirs = {}) {
  return readJson(runInto(runFile, std::move(overrides), out, extraDirs) / "result.json");
}

// A target of a result.json by name; a name the result does not hold is a mistake in the test,
// never "not covered" (throws, which fails the CHECK around the call).
inline const nlohmann::json& target(const nlohmann::json& result, const std::string& name) {
  for (const auto& t : result.at("targets"))
    if (t.at("name") == name) return t;
  throw std::out_of_range("result.json has no target named '" + name + "'");
}
inline bool covered(const nlohmann::json& result, const std::string& name) {
  return target(result, name).at("covered").get<bool>();
}
// The reason a target is uncovered; "" for a covered one.
inline std::string reason(const nlohmann::json& result, const std::string& name) {
  const auto& t = target(result, name);
  return t.contains("reason") ? t["reason"].get<std::string>() : "";
}

}  // namespace symseq::test
