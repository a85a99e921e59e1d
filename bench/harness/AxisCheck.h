#pragma once
// Axis values checked before any cell runs: each one, applied alone to each run file that loads
// by itself, must give a valid run. A misspelt key or value is then one error at its place in
// the matrix, not a results file full of `error` cells. A run file that does not load by itself
// is left to its cells, which record the error (a bench goes on past a broken run).
#include <filesystem>
#include <vector>

#include "harness/Matrix.h"
#include "symseq/plugin/Registry.h"

namespace symseq::bench {

// Throws ConfigError at the axis value's file:line:col with the run's message.
void checkAxes(const Matrix& matrix, Registry& registry, const std::vector<std::filesystem::path>& pluginDirs);

}  // namespace symseq::bench
