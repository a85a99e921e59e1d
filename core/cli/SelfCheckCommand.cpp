// `symseq selfcheck`: does each solver back end work on this machine?
#include <iostream>
#include <memory>

#include "Commands.h"
#include "symseq/expr/ExprContext.h"
#include "symseq/run/PluginOptions.h"
#include "symseq/solver/SelfCheck.h"

namespace symseq::cli {

namespace {

struct SelfCheckOptions {
  PluginDirOptions dirs;
  std::vector<std::string> solvers;
};

bool checkOne(const Registry& registry, const std::string& name) {
  ExprContext ctx;  // outlives the solver bound to it
  auto solver = registry.makeSolver(name, ctx, defaultOptions(registry.info(PluginKind::Solver, name)));
  const SelfCheckReport report = runSelfCheck(*solver, ctx);
  const auto total = report.passed + report.failures.size();
  std::cout << report.solver << ": " << report.passed << "/" << total << " checks passed\n";
  for (const auto& f : report.failures) std::cout << "  FAILED " << f << "\n";
  return report.ok();
}

int selfCheck(const SelfCheckOptions& o) {
  Registry registry;
  loadPlugins(registry, o.dirs);
  auto names = o.solvers.empty() ? registry.names(PluginKind::Solver) : o.solvers;
  if (names.empty())
    throw ConfigError("no solver plugin is installed", std::nullopt,
                      "build the z3 or cvc5 plugin, or give a plugin directory with --plugin-dir");
  for (const auto& n : names) (void)registry.info(PluginKind::Solver, n);  // unknown names fail before any check
  bool ok = true;
  for (const auto& n : names) ok = checkOne(registry, n) && ok;
  return ok ? 0 : 1;
}

}  // namespace

void addSelfCheckCommand(CLI::App& app, Action& action) {
  auto options = std::make_shared<SelfCheckOptions>();
  auto* cmd = app.add_subcommand("selfcheck", "Check that each solver plugin answers known formulas correctly");
  cmd->add_option("--solver", options->solvers, "Check only this solver (repeatable)")->type_name("NAME");
  addPluginDirOptions(*cmd, options->dirs);
  cmd->callback([&action, options] { action = [options] { return selfCheck(*options); }; });
}

}  // namespace symseq::cli
