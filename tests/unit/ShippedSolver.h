#pragma once
// A shipped solver back end with its default options, for unit tests of kernel code that asks
// a real solver (the plugin's library stays loaded for the life of the process).
#include <string>

#include "symseq/run/PluginOptions.h"
#include "symseq/plugin/Registry.h"
#include "symseq/solver/Solver.h"

namespace symseq::test {

inline PluginPtr<Solver> makeShippedSolver(ExprContext& ctx, const std::string& name = "z3") {
  Registry registry;
  registry.loadDirectory(Registry::defaultPluginDir());
  return registry.makeSolver(name, ctx, defaultOptions(registry.info(PluginKind::Solver, name)));
}

}  // namespace symseq::test
