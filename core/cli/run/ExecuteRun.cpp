#include "symseq/run/ExecuteRun.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <system_error>

#include <fmt/format.h>

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
#include "symseq/solver/SolverLayer.h"
#include "symseq/run/SolverChain.h"
#include "symseq/run/OutputWriters.h"
#include "symseq/run/PluginOptions.h"
#include "symseq/run/Portfolio.h"
#include "symseq/exec/RunResult.h"
#include "symseq/run/Assume.h"
#include "symseq/run/DataCoverage.h"
#include "symseq/run/Targets.h"
#include "symseq/support/AtomicFile.h"
#include "symseq/run/OutputFolder.h"
#include "symseq/plugin/Strategy.h"

namespace symseq {

namespace {

constexpr const char* kInterrupted = "interrupted: the run was stopped (Ctrl-C or SIGTERM)";


// The solvers a strategy makes for its threads, like the run's own (the chain makes them); what
// they did is added to the run's solver statistics when they are done, so that the statistics
// count every query whatever the number of threads.
class HelperSolvers final : public SolverFactory {
 public:
  HelperSolvers(const SolverFactory& chain, const std::atomic<bool>* cancelled, const std::atomic<bool>* stop)
      : chain_(chain), cancelled_(cancelled), stop_(stop) {}

  PluginPtr<Solver> make() const override {
    PluginPtr<Solver> solver = chain_.make();
    if (cancelled_ != nullptr) solver = makePluginPtr<CancellableSolver>(std::move(solver), *cancelled_);
    if (stop_ != nullptr) solver = makePluginPtr<CancellableSolver>(std::move(solver), *stop_, kInterrupted);
    return makePluginPtr<Counted>(std::move(solver), *this);
  }

  // `own` (the run's solver's statistics) and those of every helper solver destroyed so far.
  SolverStats total(SolverStats own) const {
    const std::lock_guard lock(mutex_);
    add(own, done_);
    return own;
  }

 private:
  class Counted final : public SolverLayer {
   public:
    Counted(PluginPtr<Solver> inner, const HelperSolvers& owner) : SolverLayer(std::move(inner)), owner_(owner) {}
    ~Counted() override {
      const std::lock_guard lock(owner_.mutex_);
      HelperSolvers::add(owner_.done_, stats());
    }
    Counted(const Counted&) = delete;
    Counted& operator=(const Counted&) = delete;

   private:
    const HelperSolvers& owner_;
  };

  static void add(SolverStats& to, const SolverStats& from) {
    to.queries += from.queries;
    to.sat += from.sat;
    to.unsat += from.unsat;
    to.unknown += from.unknown;
    to.time += from.time;
    for (const auto& [name, value] : from.layers) {
      auto it = std::find_if(to.layers.begin(), to.layers.end(), [&wanted = name](const auto& l) { return l.first == wanted; });
      if (it == to.layers.end())
        to.layers.emplace_back(name, value);
      else
        it->second += value;
    }
  }

  const SolverFactory& chain_;
  const std::atomic<bool>* cancelled_;  // a portfolio's entrant: raised when it lost
  const std::atomic<bool>* stop_;       // Ctrl-C
  mutable std::mutex mutex_;
  mutable SolverStats done_;
};

// The plugins a run makes, on the calling thread (a portfolio's entrants run on threads of their
// own; the registry is only read there).
struct RunPlugins {
  PluginPtr<Frontend> frontend;
  PluginPtr<Strategy> strategy;
  PluginPtr<Searcher> searcher;
  std::vector<PluginPtr<Heuristic>> heuristics;

  RunPlugins(const RunConfig& config, Registry& registry)
      : frontend(registry.makeFrontend(config.model.frontend.name, config.model.frontend.options)),
        strategy(registry.makeStrategy(config.strategy.name, config.strategy.options)) {
    if (config.searcher) searcher = registry.makeSearcher(config.searcher->name, config.searcher->options);
    for (const auto& h : config.heuristics) heuristics.push_back(registry.makeHeuristic(h.name, h.options));
  }
};

// A run generated and replayed, not yet written; it owns its context, which everything in it
// refers to, and its solvers, so that they are released only after the files are written (a
// command line that ends the process once they are written never pays for their teardown).
struct GeneratedRun {
  std::unique_ptr<ExprContext> ctx = std::make_unique<ExprContext>();
  std::unique_ptr<TransitionSystem> system;
  std::unique_ptr<SolverChain> chain;
  PluginPtr<Solver> solver;
  RunExternals externals;
  RunResult result;
  ResultHeader header;
  std::string smtLog;
  bool interrupted = false;  // the monitor's stop was raised during the search
};

// A solver that is another's, borrowed for a while: the run's guard checks ask the run's back end
// through it, below the run's layers.
class BorrowedSolver final : public Solver {
 public:
  explicit BorrowedSolver(Solver& s) : s_(s) {}
  std::string_view name() const override { return s_.name(); }
  std::string version() const override { return s_.version(); }
  void push() override { s_.push(); }
  void pop(unsigned levels) override { s_.pop(levels); }
  unsigned level() const override { return s_.level(); }
  void add(Expr assertion) override { s_.add(assertion); }
  CheckResult check(std::span<const Expr> assumptions) override { return s_.check(assumptions); }
  Model model(std::span<const Expr> variables) override { return s_.model(variables); }
  std::vector<Expr> unsatAssumptions() override { return s_.unsatAssumptions(); }
  std::string reasonUnknown() const override { return s_.reasonUnknown(); }
  void setQueryTimeLimit(std::chrono::milliseconds limit) override { s_.setQueryTimeLimit(limit); }
  SolverStats stats() const override { return s_.stats(); }

 private:
  Solver& s_;
};

// `from` less what `part` of it did (the back end's counts and time; layer counters are not in
// `part`).
SolverStats without(SolverStats from, const SolverStats& part) {
  from.queries -= part.queries;
  from.sat -= part.sat;
  from.unsat -= part.unsat;
  from.unknown -= part.unknown;
  from.time -= part.time;
  return from;
}

// Thrown by a cancelled portfolio entrant once its strategy returns: its results are not wanted.
struct RunCancelled {};

// The model as the run searches it: loaded by its frontend, with the run file's assumptions and
// data coverage applied, within the run's time budget (ExprContext::setDeadline: the frontends'
// reading and lowering build expressions all along).
TransitionSystem prepareModel(const RunConfig& config, RunPlugins& plugins, ExprContext& ctx,
                              std::chrono::steady_clock::time_point deadline, std::vector<Expr>& assumptions) {
  struct DeadlineScope {
    ExprContext& ctx;
    ~DeadlineScope() { ctx.setDeadline(std::nullopt); }
  } scope{ctx};
  ctx.setDeadline(deadline);
  try {
    TransitionSystem loaded = plugins.frontend->load(config.model.file, ctx);
    assumptions = applyAssumptions(config.assume, loaded);
    applyDataCoverage(config.targets, loaded);
    return loaded;
  } catch (const DeadlinePassed&) {
    const double seconds = static_cast<double>(config.budgets.time.count()) / 1000.0;
    throw Error(fmt::format("model '{}' was not loaded within the time budget ([budgets] time_s = {}): reading and "
                            "lowering it took longer, and nothing was searched",
                            config.model.file.string(), seconds),
                config.model.fileWhere ? config.model.fileWhere : std::optional(SourceLocation{config.model.file.string()}),
                "raise [budgets] time_s (or --set budgets.time_s=SECONDS)");
  }
}

// Everything up to writing. `beforeGeneration` runs once the model and its checks have passed
// (the single run prepares its output directory there, before searching). With `cancelled`,
// every solver of the run stops answering once it is raised (a portfolio's loser). With `monitor`,
// the search reports its progress there and its stop flag ends the search early (what was found
// is still replayed).
GeneratedRun generateRun(const RunConfig& config, Registry& registry, RunPlugins& plugins,
                         std::chrono::steady_clock::time_point started, const std::function<void()>& beforeGeneration,
                         const std::atomic<bool>* cancelled, RunMonitor* monitor) {
  GeneratedRun run;
  ExprContext& ctx = *run.ctx;
  auto cancellable = [&](PluginPtr<Solver> s) -> PluginPtr<Solver> {
    if (cancelled == nullptr) return s;
    return makePluginPtr<CancellableSolver>(std::move(s), *cancelled);
  };
  const auto deadline = started + std::chrono::duration_cast<std::chrono::steady_clock::duration>(config.budgets.time);
  std::vector<Expr> assumptions;
  run.system = std::make_unique<TransitionSystem>(prepareModel(config, plugins, ctx, deadline, assumptions));
  const TransitionSystem& system = *run.system;
  system.validate();
  requireAcceptance(*plugins.strategy, config.strategy, system, registry);
  const std::vector<TransitionId> targets = resolveTargets(config.targets, system);
  run.externals = loadExternals(config.externals, system, config.pluginDirs, deadline);

  // A portfolio's entrants count their own queries (each has the whole budget): only a single
  // run's count is the one the monitor shows.
  const bool single = cancelled == nullptr;
  run.chain = std::make_unique<SolverChain>(config.solver, config.budgets, deadline, registry, ctx,
                                            monitor != nullptr && single ? monitor->queries : QueryCount{});
  const SolverChain& chain = *run.chain;
  SolverChain::RunSolver made = chain.makeRunSolver();
  run.solver = cancellable(std::move(made.solver));
  const std::atomic<bool>* stop = monitor != nullptr ? monitor->stop : nullptr;
  // Outermost: no layer (a cache) answers once the run is stopped.
  if (stop != nullptr) run.solver = makePluginPtr<CancellableSolver>(std::move(run.solver), *stop, kInterrupted);
  Solver& solver = *run.solver;
  // Contracts are checked before anything is written: an overlap is an error in the model.
  const std::vector<ModelFinding> findings = checkModelContracts(system, solver);
  // So are the guards (a synchronous machine's overlap is an error), on the run's back end with a
  // budget of their own, below the run's layers (no cache sees them); what they asked is taken
  // out of the run's solver statistics, which count the strategy's queries only. One back end,
  // not two: a second z3 context is most of a small run's set-up and teardown.
  std::vector<ModelFinding> checks;
  std::vector<DeadTransition> dead;
  SolverStats guardStats;
  {
    const SolverStats before = made.backend->stats();
    PluginPtr<Solver> guardSolver = cancellable(makePluginPtr<BudgetLayer>(
        makePluginPtr<BorrowedSolver>(*made.backend), config.budgets.solverQueries, deadline, config.solver.queryTimeout));
    GuardReport report = analyzeModelGuards(system, *guardSolver);
    checks = guardFindings(system, report);
    dead = std::move(report.dead);
    guardStats = without(made.backend->stats(), before);
  }
  // A design's lowering makes every combination of a basic program's `if` branches (it has no
  // solver); those whose guard can never hold are not searched for, and say why.
  const std::map<TransitionId, std::string> deadTargets = deadComposedTargets(system, targets, dead);
  std::vector<TransitionId> searched;
  for (TransitionId t : targets)
    if (!deadTargets.contains(t)) searched.push_back(t);

  beforeGeneration();

  std::vector<HeuristicRef> heuristicViews;
  for (std::size_t i = 0; i < plugins.heuristics.size(); ++i)
    heuristicViews.push_back({config.heuristics[i].name, plugins.heuristics[i].get()});
  GenerationJob job{system, solver, heuristicViews, searched, config.budgets, config.seed, deadline};
  job.searcher = plugins.searcher.get();
  job.assumptions = assumptions;
  // Each helper made on the exploring thread; a portfolio's loser cancels them too.
  const HelperSolvers helperSolvers(chain, cancelled, stop);
  job.solvers = &helperSolvers;
  job.stop = stop;
  if (monitor != nullptr) {
    job.progress = &monitor->progress;
    monitor->targets.store(searched.size(), std::memory_order_relaxed);
  }
  if (!system.externals.empty()) {
    job.tables = &run.externals.tables;
    job.functions = run.externals.functions();
  }
  GenerationResult proposed = plugins.strategy->generate(job);
  if (cancelled != nullptr && cancelled->load()) throw RunCancelled{};
  run.interrupted = job.stopRequested();
  for (TestSequence& s : proposed.sequences)
    if (s.foundBy.empty()) s.foundBy = config.strategy.name;

  // The truth: only what replays on the model (with the real external functions) is reported.
  RunResult& result = run.result;
  result = checkByReplay(system, targets, proposed, run.externals.functions());
  for (TargetOutcome& o : result.targets)
    if (auto it = deadTargets.find(o.transition); it != deadTargets.end() && !o.covered) {
      o.reason = UncoveredReason::InfeasibleWithinBound;
      o.detail = it->second;
    }
  // Stopped: what the strategy left for want of budget, it left because it was stopped. A proof
  // (infeasible, excluded) made before the stop stands.
  if (run.interrupted)
    for (TargetOutcome& o : result.targets)
      if (!o.covered && (!o.reason || *o.reason == UncoveredReason::BudgetExhausted)) o.reason = UncoveredReason::Interrupted;
  // The bound behind a proof of infeasibility, so that result.txt and result.json say what a
  // larger bound might change; a dead transition's or a deadlock's detail already says more.
  const PluginChoice& strategy = config.strategy;
  const std::string bound =
      "depth bound: " + std::to_string(config.budgets.depth) + " steps" +
      (strategy.options.contains("height") && strategy.options.getInt("height") > 0
           ? ", height " + std::to_string(strategy.options.getInt("height")) + " transitions"
           : "");
  for (TargetOutcome& o : result.targets)
    if (o.reason == UncoveredReason::InfeasibleWithinBound && o.detail.empty()) o.detail = bound;
  explainExternalFailures(result);  // after the proofs' details: a proof needs no other reason
  result.findings.insert(result.findings.begin(), findings.begin(), findings.end());
  result.checks = std::move(checks);
  // Programs with an implementation: a result outside the contract is the implementation's fault.
  if (const FunctionInterpretations* implementations = run.externals.functions())
    for (const ContractViolation& v : checkImplementations(system, result.sequences, *implementations))
      result.findings.push_back({"implementation-violates-contract", v.message, v.contract->where});
  // Deadlocks of the tree (designs), with a solver of their own like the guard checks, within
  // what is left of the run's time.
  // Not once stopped: its solver would answer nothing, and the user asked for the results now.
  if (!system.environment.empty() && result.tree && !run.interrupted) {
    PluginPtr<Solver> deadlockSolver = cancellable(makePluginPtr<BudgetLayer>(
        registry.makeSolver(config.solver.plugin.name, ctx, config.solver.plugin.options), config.budgets.solverQueries,
        deadline, config.solver.queryTimeout));
    DeadlockLimits limits;
    limits.deadline = deadline;
    reportDeadlocks(system, result, *deadlockSolver, limits);
  }
  result.solver = helperSolvers.total(without(solver.stats(), guardStats));
  result.totalSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  run.header = ResultHeader{config.model.file.filename().string(), config.model.frontend.name,
                            std::string(solver.name()) + " " + solver.version(), config.strategy.name, config.seed};
  if (!config.solver.logSmt2.empty()) run.smtLog = chain.smtLog();
  return run;
}

// The files of a generated run, into `dir` (the staging folder), then the folder into place.
RunSummary writeRun(const RunConfig& config, const std::vector<OutputFormat>& formats, const GeneratedRun& run,
                    OutputFolder& folder) {
  const std::filesystem::path& dir = folder.staging();
  const RunResult& result = run.result;
  // Every writer first, then their files: a failing writer leaves none of them behind.
  std::vector<std::string> reserved{kEffectiveConfigName, "tables"};
  if (!config.solver.logSmt2.empty()) reserved.push_back(config.solver.logSmt2);
  const std::vector<OutputFile> files = writeOutputFiles(formats, WriterInput{result, *run.system, run.header}, reserved);
  for (const OutputFile& file : files) writeFileAtomically(dir / file.name, file.contents);
  // The enriched tables, for the next run to start from.
  if (!run.system->externals.empty()) {
    std::filesystem::create_directories(dir / "tables");
    for (const auto& [id, table] : run.externals.tables.all())
      writeFileAtomically(dir / "tables" / (table.function().name() + ".csv"), tableCsv(table));
  }
  // The SMT-LIB2 log is written only when the run ends well, so a failed run leaves none behind.
  if (!config.solver.logSmt2.empty()) writeFileAtomically(dir / config.solver.logSmt2, run.smtLog);
  folder.replaceTarget();
  const bool allCovered =
      std::all_of(result.targets.begin(), result.targets.end(), [](const TargetOutcome& o) { return o.covered; });
  return RunSummary{consoleSummary(files, result, config.output.dir), result.replayed, allCovered, run.interrupted};
}

// A portfolio's entrants: the run as configured, once per listed solver. The run's solver keeps
// the run file's options, the others their defaults.
std::vector<RunConfig> entrantConfigs(const RunConfig& config, const Registry& registry) {
  std::vector<RunConfig> configs;
  for (const std::string& name : config.solver.portfolio) {
    RunConfig c = config;
    if (name != config.solver.plugin.name) {
      c.solver.plugin.name = name;
      c.solver.plugin.options = defaultOptions(registry.info(PluginKind::Solver, name));
    }
    c.solver.portfolio.clear();
    configs.push_back(std::move(c));
  }
  return configs;
}

// A solver option the run file sets that the solver's factory rejects fails here (a solver made
// and dropped). Defaults are not tried: a solver costs a context and its library's loading.
void checkSetSolverOptions(const RunConfig& config, Registry& registry) {
  const auto& options = config.solver.plugin.options.entries();
  if (std::none_of(options.begin(), options.end(), [](const auto& o) { return o.second.where.has_value(); })) return;
  ExprContext probe;
  (void)registry.makeSolver(config.solver.plugin.name, probe, config.solver.plugin.options);
}

// [solver] portfolio: every listed solver runs the whole run (its own context, model, plugins
// and solvers; the libraries are loaded once, by the registry); the first to finish gives the
// results, which name it in the header's solver, and they are written at once, while a loser may
// still end its query.
RunSummary executePortfolio(const RunConfig& config, Registry& registry, std::chrono::steady_clock::time_point started,
                            const RunWritten& written, RunMonitor* monitor) {
  std::vector<RunConfig> configs = entrantConfigs(config, registry);
  std::vector<std::unique_ptr<RunPlugins>> plugins;
  for (const RunConfig& c : configs) {
    // Made here, on this thread: a factory that rejects an option fails the run before it starts.
    plugins.push_back(std::make_unique<RunPlugins>(c, registry));
    checkSetSolverOptions(c, registry);
  }
  const std::vector<OutputFormat> formats = makeOutputFormats(config.output, registry);
  std::vector<std::optional<GeneratedRun>> runs(configs.size());
  std::vector<PortfolioEntrant> entrants;
  for (std::size_t i = 0; i < configs.size(); ++i)
    entrants.emplace_back([&, i](const std::atomic<bool>& cancelled) {
      runs[i] = generateRun(configs[i], registry, *plugins[i], started, [] {}, &cancelled, monitor);
    });
  // Declared after everything the entrants use: destroyed (every thread joined) before it.
  // The first-named solver's head start (docs/parallel.md): runs shorter than this never start
  // the second entrant.
  constexpr std::chrono::milliseconds kHeadStart{25};
  PortfolioRace race(std::move(entrants), kHeadStart);
  GeneratedRun& run = *runs[race.winner()];
  // The effective configuration is the run file's (the portfolio as written); the results say
  // which solver won.
  OutputFolder folder(config.output.dir, config.output.dirWhere);
  writeEffectiveConfig(config, registry, folder.staging());
  run.result.totalSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  const RunSummary summary = writeRun(config, formats, run, folder);
  if (written) written(summary);
  return summary;
}

}  // namespace

RunSummary executeRun(const RunConfig& config, Registry& registry, std::chrono::steady_clock::time_point started,
                      const RunWritten& written, RunMonitor* monitor) {
  if (!config.solver.portfolio.empty()) return executePortfolio(config, registry, started, written, monitor);
  // Plugins first: a factory that rejects an option fails the run before anything is written.
  RunPlugins plugins(config, registry);
  const std::vector<OutputFormat> formats = makeOutputFormats(config.output, registry);
  // A bad model, too: the output folder is checked and staged once the model's checks have passed.
  std::optional<OutputFolder> folder;
  const GeneratedRun run = generateRun(config, registry, plugins, started, [&] {
    folder.emplace(config.output.dir, config.output.dirWhere);
    writeEffectiveConfig(config, registry, folder->staging());
  }, nullptr, monitor);
  const RunSummary summary = writeRun(config, formats, run, *folder);
  if (written) written(summary);
  return summary;
}

RunSummary executeRun(const RunConfig& config, Registry& registry) {
  return executeRun(config, registry, std::chrono::steady_clock::now(), {});
}

void checkRunPlugins(const RunConfig& config, Registry& registry) {
  (void)makeOutputFormats(config.output, registry);
  if (config.solver.portfolio.empty()) {
    const RunPlugins plugins(config, registry);
    checkSetSolverOptions(config, registry);
    return;
  }
  for (const RunConfig& c : entrantConfigs(config, registry)) {
    const RunPlugins plugins(c, registry);
    checkSetSolverOptions(c, registry);
  }
}

}  // namespace symseq
