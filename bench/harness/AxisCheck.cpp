#include "harness/AxisCheck.h"

#include "symseq/run/LoadRunConfig.h"

namespace symseq::bench {

namespace {

bool loads(const MatrixRun& run, const std::vector<std::string>& overrides, Registry& registry,
           const std::vector<std::filesystem::path>& pluginDirs) {
  try {
    (void)loadRunConfig(run.file, overrides, registry, pluginDirs);
    return true;
  } catch (const Error&) {
    return false;
  }
}

}  // namespace

void checkAxes(const Matrix& matrix, Registry& registry, const std::vector<std::filesystem::path>& pluginDirs) {
  for (const MatrixRun& run : matrix.runs) {
    if (!loads(run, run.overrides, registry, pluginDirs)) continue;
    for (const Axis& axis : matrix.axes)
      for (const AxisValue& value : axis.values) {
        std::vector<std::string> overrides = run.overrides;
        overrides.push_back(axis.key + "=" + value.toml);
        try {
          (void)loadRunConfig(run.file, overrides, registry, pluginDirs);
        } catch (const Error& e) {
          throw ConfigError("axis '" + axis.key + "' = " + value.toml + " does not fit run '" + run.name +
                                "': " + e.message(),
                            value.where, e.hint());
        }
      }
  }
}

}  // namespace symseq::bench
