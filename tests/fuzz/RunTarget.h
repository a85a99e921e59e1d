#pragma once
// Shared by the `run` and `set` targets: reads a run file's text and `--set` overrides the way
// loadRunConfig does, against every plugin of this build (loaded once per process), except
// that the run file's plugin_dirs are only read, not loaded (fuzzed paths must not load .so files).
#include <string>
#include <string_view>
#include <vector>

#include "FuzzCheck.h"
#include "symseq/plugin/Registry.h"
#include "symseq/run/LoadRunConfig.h"
#include "symseq/run/RunDocument.h"

namespace symseq::fuzz {

inline const Registry& buildPlugins() {
  static const Registry* registry = [] {
    auto* r = new Registry;  // lives as long as the process: plugins stay loaded
    r->loadDirectory(Registry::defaultPluginDir());
    return r;
  }();
  return *registry;
}

inline void readRun(std::string_view text, const std::vector<std::string>& overrides) {
  const Registry& registry = buildPlugins();
  expectLocated([&] {
    RunDocument document = RunDocument::parseText(text, "fuzz/run.toml");
    document.applyOverrides(overrides);
    (void)document.pluginDirs();
    (void)resolveRunConfig(document, registry);
  });
}

}  // namespace symseq::fuzz
