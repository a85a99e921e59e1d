#include "symseq/run/ExecuteRun.h"

#include <system_error>

#include "symseq/expr/ExprContext.h"
#include "symseq/plugin/Frontend.h"
#include "symseq/plugin/Heuristic.h"
#include "symseq/run/EffectiveConfig.h"

namespace symseq {

namespace {

void prepareOutputDir(const std::filesystem::path& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec || !std::filesystem::is_directory(dir))
    throw Error("cannot create output directory '" + dir.string() + "': " +
                    (ec ? ec.message() : std::string("a file of that name exists")),
                std::nullopt, "set [output] dir to a writable directory");
}

}  // namespace

void executeRun(const RunConfig& config, Registry& registry) {
  // Declared first so that it outlives the solver and everything else bound to it.
  ExprContext ctx;

  // Plugins first: a factory that rejects an option fails the run before anything is written.
  auto frontend = registry.makeFrontend(config.model.frontend.name, config.model.frontend.options);
  auto strategy = registry.makeStrategy(config.strategy.name, config.strategy.options);
  std::vector<PluginPtr<Heuristic>> heuristics;
  for (const auto& h : config.heuristics) heuristics.push_back(registry.makeHeuristic(h.name, h.options));
  PluginPtr<Solver> solver = registry.makeSolver(config.solver.plugin.name, ctx, config.solver.plugin.options);
  solver->setQueryTimeLimit(config.solver.queryTimeout);
  if (!config.solver.logSmt2.empty()) {
    // TODO(lead): wrap `solver` in the SMT-LIB2 logging layer of symseq/solver/SmtLibLog.h once it
    // lands, writing to config.output.dir / config.solver.logSmt2 (after prepareOutputDir).
    throw ConfigError("solver.log_smt2 is not supported by this build yet", std::nullopt,
                      "leave log_smt2 empty");
  }

  prepareOutputDir(config.output.dir);
  writeEffectiveConfig(config, registry);

  // TODO(next steps): load the model (frontend->load(config.model.file, ctx)), map target names
  // to transitions, strategy->generate(job), replay every sequence on the model, write results
  // in config.output.formats.
  throw Error("test generation is not implemented yet; the configuration is valid and was written to '" +
              (config.output.dir / kEffectiveConfigName).string() + "'");
}

}  // namespace symseq
