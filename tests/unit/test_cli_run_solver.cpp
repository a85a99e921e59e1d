// The run's solver as the application makes it (core/cli/run/SolverChain.cpp, ExecuteRun.cpp):
// solver time counts all the back end does, and the run's solver statistics count the
// strategy's queries only, though the guard checks share its back end.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>

#include "RunHelpers.h"
#include "symseq/expr/ExprContext.h"
#include "symseq/run/PluginOptions.h"
#include "symseq/run/SolverChain.h"

using namespace symseq;

namespace {

const std::filesystem::path kConfigs = std::filesystem::path(SYMSEQ_SOURCE_DIR) / "configs";

std::size_t occurrences(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

}  // namespace

TEST_CASE("run solver: making the back end, its push, pop and assertions count as solver time, not only its checks") {
  Registry registry;
  registry.loadDirectory(Registry::defaultPluginDir());
  const RunConfig config = loadRunConfig(kConfigs / "gm.toml", {}, registry);
  for (const char* name : {"z3", "cvc5"}) {
    CAPTURE(name);
    SolverConfig solverConfig = config.solver;
    solverConfig.plugin.name = name;
    solverConfig.plugin.options = defaultOptions(registry.info(PluginKind::Solver, name));
    ExprContext ctx;
    const SolverChain chain(solverConfig, config.budgets, std::chrono::steady_clock::now() + std::chrono::minutes(1),
                            registry, ctx);
    const PluginPtr<Solver> solver = chain.make();
    const SolverStats made = solver->stats();
    CHECK(made.time.count() > 0);  // making the back end (its context) is the solver's time too
    const Expr x = ctx.var("x", Sort::integer());
    solver->push();
    solver->add(ctx.make(Op::Gt, {x, ctx.intVal(1)}));
    solver->pop(1);
    const SolverStats stats = solver->stats();
    CHECK(stats.queries == 0);
    CHECK(stats.time > made.time);  // no check was made: this is push, add and pop
  }
}

TEST_CASE("run solver: the statistics count the strategy's queries, not the guard checks on the same back end") {
  // The SMT-LIB log records every query of the run's solver (the guard checks go below it); the
  // statistics add those of the helper solvers the strategy makes (symtest's completion check).
  for (const char* solver : {"z3", "cvc5"}) {
    CAPTURE(solver);
    const std::filesystem::path dir = test::runInto(kConfigs / "gm.toml",
                                                    {std::string("solver.name=") + solver, "solver.log_smt2=\"q.smt2\""},
                                                    std::string("run-solver-stats-") + solver);
    const nlohmann::json result = test::readJson(dir / "result.json");
    std::ifstream in(dir / "q.smt2");
    std::stringstream log;
    log << in.rdbuf();
    const std::size_t logged = occurrences(log.str(), "(check-sat");
    CHECK(logged > 0);
    const auto& stats = result.at("stats");
    CHECK(stats.at("solver_queries").get<std::size_t>() == logged + stats.at("completion_checks").get<std::size_t>());
    CHECK(stats.at("solver_time_s").get<double>() <= stats.at("total_time_s").get<double>());
  }
}
