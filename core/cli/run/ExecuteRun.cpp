#include "symseq/run/ExecuteRun.h"

#include <chrono>
#include <optional>
#include <system_error>

#include "symseq/expr/ExprContext.h"
#include "symseq/plugin/Frontend.h"
#include "symseq/plugin/Heuristic.h"
#include "symseq/plugin/Searcher.h"
#include "symseq/contracts/Implementation.h"
#include "symseq/run/ContractChecks.h"
#include "symseq/run/DeadlockChecks.h"
#include "symseq/run/EffectiveConfig.h"
#include "symseq/run/Externals.h"
#include "symseq/run/GuardChecks.h"
#include "symseq/run/ModelAcceptance.h"
#include "symseq/summary/TableCsv.h"
#include "symseq/solver/BudgetLayer.h"
#include "symseq/run/SolverChain.h"
#include "symseq/run/OutputWriters.h"
#include "symseq/exec/RunResult.h"
#include "symseq/run/Assume.h"
#include "symseq/run/Targets.h"
#include "symseq/support/AtomicFile.h"
#include "symseq/plugin/Strategy.h"

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

RunSummary executeRun(const RunConfig& config, Registry& registry) {
  const auto started = std::chrono::steady_clock::now();
  // Declared first so that it outlives the solver and everything else bound to it.
  ExprContext ctx;

  // Plugins and the model first: a factory that rejects an option, or a bad model, fails the run
  // before anything is written.
  auto frontend = registry.makeFrontend(config.model.frontend.name, config.model.frontend.options);
  auto strategy = registry.makeStrategy(config.strategy.name, config.strategy.options);
  PluginPtr<Searcher> searcher;
  if (config.searcher) searcher = registry.makeSearcher(config.searcher->name, config.searcher->options);
  std::vector<PluginPtr<Heuristic>> heuristics;
  for (const auto& h : config.heuristics) heuristics.push_back(registry.makeHeuristic(h.name, h.options));
  const std::vector<OutputFormat> formats = makeOutputFormats(config.output, registry);
  TransitionSystem loaded = frontend->load(config.model.file, ctx);
  const std::vector<Expr> assumptions = applyAssumptions(config.assume, loaded);
  const TransitionSystem system = std::move(loaded);
  system.validate();
  requireAcceptance(*strategy, config.strategy, system, registry);
  const std::vector<TransitionId> targets = resolveTargets(config.targets, system);
  RunExternals externals = loadExternals(config.externals, system, config.pluginDirs);

  const auto deadline = started + std::chrono::duration_cast<std::chrono::steady_clock::duration>(config.budgets.time);
  const SolverChain chain(config.solver, config.budgets, deadline, registry, ctx);
  PluginPtr<Solver> solver = chain.make();
  // Contracts are checked before anything is written: an overlap is an error in the model.
  const std::vector<ModelFinding> findings = checkModelContracts(system, *solver);
  // So are the guards (a synchronous machine's overlap is an error), with a solver of their own:
  // the run's solver statistics count the strategy's queries only.
  std::vector<ModelFinding> checks;
  std::vector<DeadTransition> dead;
  {
    BudgetLayer guardSolver(registry.makeSolver(config.solver.plugin.name, ctx, config.solver.plugin.options),
                            config.budgets.solverQueries, deadline, config.solver.queryTimeout);
    GuardReport report = analyzeModelGuards(system, guardSolver);
    checks = guardFindings(system, report);
    dead = std::move(report.dead);
  }
  // A design's lowering makes every combination of a basic program's `if` branches (it has no
  // solver); those whose guard can never hold are not searched for, and say why.
  const std::map<TransitionId, std::string> deadTargets = deadComposedTargets(system, targets, dead);
  std::vector<TransitionId> searched;
  for (TransitionId t : targets)
    if (!deadTargets.contains(t)) searched.push_back(t);

  prepareOutputDir(config.output.dir);
  writeEffectiveConfig(config, registry);


  std::vector<HeuristicRef> heuristicViews;
  for (std::size_t i = 0; i < heuristics.size(); ++i)
    heuristicViews.push_back({config.heuristics[i].name, heuristics[i].get()});
  GenerationJob job{system, *solver, heuristicViews, searched, config.budgets, config.seed, deadline};
  job.searcher = searcher.get();
  job.assumptions = assumptions;
  job.solvers = &chain;
  if (!system.externals.empty()) {
    job.tables = &externals.tables;
    job.functions = externals.functions();
  }
  GenerationResult proposed = strategy->generate(job);
  for (TestSequence& s : proposed.sequences)
    if (s.foundBy.empty()) s.foundBy = config.strategy.name;

  // The truth: only what replays on the model (with the real external functions) is reported.
  RunResult result = checkByReplay(system, targets, proposed, externals.functions());
  for (TargetOutcome& o : result.targets)
    if (auto it = deadTargets.find(o.transition); it != deadTargets.end() && !o.covered) {
      o.reason = UncoveredReason::InfeasibleWithinBound;
      o.detail = it->second;
    }
  result.findings.insert(result.findings.begin(), findings.begin(), findings.end());
  result.checks = std::move(checks);
  // Programs with an implementation: a result outside the contract is the implementation's fault.
  if (const FunctionInterpretations* implementations = externals.functions())
    for (const ContractViolation& v : checkImplementations(system, result.sequences, *implementations))
      result.findings.push_back({"implementation-violates-contract", v.message, v.contract->where});
  // Deadlocks of the tree (designs), with a solver of their own like the guard checks, within
  // what is left of the run's time.
  if (!system.environment.empty() && result.tree) {
    BudgetLayer deadlockSolver(registry.makeSolver(config.solver.plugin.name, ctx, config.solver.plugin.options),
                               config.budgets.solverQueries, deadline, config.solver.queryTimeout);
    DeadlockLimits limits;
    limits.deadline = deadline;
    reportDeadlocks(system, result, deadlockSolver, limits);
  }
  result.solver = solver->stats();
  result.totalSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

  const ResultHeader header{config.model.file.filename().string(), config.model.frontend.name,
                            std::string(solver->name()) + " " + solver->version(), config.strategy.name, config.seed};
  // Every writer first, then their files: a failing writer leaves none of them behind.
  std::vector<std::string> reserved{kEffectiveConfigName, "tables"};
  if (!config.solver.logSmt2.empty()) reserved.push_back(config.solver.logSmt2);
  const std::vector<OutputFile> files = writeOutputFiles(formats, WriterInput{result, system, header}, reserved);
  for (const OutputFile& file : files) writeFileAtomically(config.output.dir / file.name, file.contents);
  // The enriched tables, for the next run to start from.
  if (!system.externals.empty()) {
    std::filesystem::create_directories(config.output.dir / "tables");
    for (const auto& [id, table] : externals.tables.all())
      writeFileAtomically(config.output.dir / "tables" / (table.function().name() + ".csv"), tableCsv(table));
  }
  // The SMT-LIB2 log is written only when the run ends well, so a failed run leaves none behind.
  if (!config.solver.logSmt2.empty()) writeFileAtomically(config.output.dir / config.solver.logSmt2, chain.smtLog());
  return RunSummary{consoleSummary(files, result, config.output.dir), result.replayed};
}

}  // namespace symseq
