#include "symseq/run/SolverChain.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <sstream>

#include "symseq/run/PluginOptions.h"
#include "symseq/solver/BudgetLayer.h"
#include "symseq/solver/CounterexampleCache.h"
#include "symseq/solver/IndependenceLayer.h"
#include "symseq/solver/QueryCache.h"
#include "symseq/solver/SmtLibLog.h"
#include "symseq/solver/SolverLayer.h"
#include "symseq/solver/ValidatingLayer.h"
#include "symseq/support/Error.h"

namespace symseq {

// The chain, strategy first: the [solver] layers in the order written, then the budget layer,
// then the back end. The budget sits directly on the back end so that the query budget counts
// the queries the SMT solver answers (an answer from a cache is free) while the deadline still
// bounds every real query. The log sits where "log" is written; with log_smt2 set and "log" not
// listed it is innermost, above the budget layer, recording what the back end is asked.
struct SolverChain::Impl {
  const SolverConfig& config;
  Budgets budgets;
  std::chrono::steady_clock::time_point deadline;
  const Registry& registry;
  ExprContext& ctx;
  std::string validateWith;  // the second solver of "validate", when listed
  QueryCount asked;  // shared by the budget layers of every solver made
  std::ostringstream log;
  mutable std::mutex mutex;
  mutable bool logged = false;  // only the first solver made (the run's own) writes the log
};

namespace {

bool lists(const SolverConfig& config, std::string_view layer) {
  return std::find(config.layers.begin(), config.layers.end(), layer) != config.layers.end();
}

// validate_with, or else the first other solver plugin installed (by name).
std::string secondSolver(const SolverConfig& config, const Registry& registry) {
  if (!config.validateWith.empty()) return config.validateWith;
  for (const std::string& name : registry.names(PluginKind::Solver))
    if (name != config.plugin.name) return name;
  throw ConfigError("the solver layer \"validate\" needs a second solver plugin, and only \"" + config.plugin.name +
                    "\" is installed");
}

// Directly on the back end: adds the time of everything else it does to the time of its checks
// (the back end times check() only): making it (its library opened on first use, its context),
// push, pop, an assertion's translation, models and cores are the solver's work, so "framework
// time" (total minus solver) leaves them out.
class BackendTime final : public SolverLayer {
 public:
  BackendTime(PluginPtr<Solver> inner, std::chrono::duration<double> making)
      : SolverLayer(std::move(inner)), other_(making) {}
  void push() override {
    timed([&] { inner().push(); });
  }
  void pop(unsigned levels) override {
    timed([&] { inner().pop(levels); });
  }
  void add(Expr assertion) override {
    timed([&] { inner().add(assertion); });
  }
  Model model(std::span<const Expr> variables) override {
    Model m;
    timed([&] { m = inner().model(variables); });
    return m;
  }
  std::vector<Expr> unsatAssumptions() override {
    std::vector<Expr> core;
    timed([&] { core = inner().unsatAssumptions(); });
    return core;
  }
  SolverStats stats() const override {
    SolverStats s = inner().stats();
    s.time += other_;
    return s;
  }

 private:
  template <class F>
  void timed(F&& f) {
    const auto start = std::chrono::steady_clock::now();
    try {
      f();
    } catch (...) {
      other_ += std::chrono::steady_clock::now() - start;
      throw;
    }
    other_ += std::chrono::steady_clock::now() - start;
  }

  std::chrono::duration<double> other_;
};

}  // namespace

SolverChain::SolverChain(const SolverConfig& config, const Budgets& budgets,
                         std::chrono::steady_clock::time_point deadline, const Registry& registry, ExprContext& ctx,
                         QueryCount asked)
    : impl_(new Impl{config, budgets, deadline, registry, ctx, {},
                     asked ? std::move(asked) : std::make_shared<std::atomic<std::uint64_t>>(0), {}, {}, false}) {
  if (lists(config, "validate")) impl_->validateWith = secondSolver(config, registry);
}

SolverChain::~SolverChain() = default;

PluginPtr<Solver> SolverChain::make() const { return makeRunSolver().solver; }

SolverChain::RunSolver SolverChain::makeRunSolver() const {
  const std::lock_guard lock(impl_->mutex);
  const SolverConfig& config = impl_->config;
  const auto making = std::chrono::steady_clock::now();
  PluginPtr<Solver> made = impl_->registry.makeSolver(config.plugin.name, impl_->ctx, config.plugin.options);
  PluginPtr<Solver> backend = makePluginPtr<BackendTime>(std::move(made), std::chrono::steady_clock::now() - making);
  Solver* const backendView = backend.get();
  PluginPtr<Solver> solver = makePluginPtr<BudgetLayer>(std::move(backend), impl_->asked, impl_->budgets.solverQueries,
                                                        impl_->deadline, config.queryTimeout);
  const bool logHere = !config.logSmt2.empty() && !impl_->logged;
  if (logHere) impl_->logged = true;
  if (logHere && !lists(config, "log")) solver = makePluginPtr<SmtLibLog>(std::move(solver), impl_->log);
  // Innermost first: wrap in the reverse of the order written.
  for (auto it = config.layers.rbegin(); it != config.layers.rend(); ++it) {
    const std::string& layer = *it;
    if (layer == "query-cache") solver = makePluginPtr<QueryCache>(std::move(solver), impl_->ctx);
    else if (layer == "cex-cache") solver = makePluginPtr<CounterexampleCache>(std::move(solver), impl_->ctx);
    else if (layer == "independence") solver = makePluginPtr<IndependenceLayer>(std::move(solver), impl_->ctx);
    else if (layer == "validate") {
      const std::string& second = impl_->validateWith;
      solver = makePluginPtr<ValidatingLayer>(
          std::move(solver),
          impl_->registry.makeSolver(second, impl_->ctx, defaultOptions(impl_->registry.info(PluginKind::Solver, second))));
    } else if (layer == "log") {
      if (logHere) solver = makePluginPtr<SmtLibLog>(std::move(solver), impl_->log);
    } else {
      throw ConfigError("unknown solver layer \"" + layer + "\"");  // LoadRunConfig refuses it first
    }
  }
  return RunSolver{std::move(solver), backendView};
}

std::string SolverChain::smtLog() const { return impl_->log.str(); }

}  // namespace symseq
