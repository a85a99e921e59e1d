// `symseq check-model FILE --frontend NAME`: loads a model with its frontend, validates the IR
// and prints a one-line summary. Every model error comes out at file:line:col, as in a run. A
// model with programs known by contracts has its contracts checked with a solver (--solver):
// an overlap in a contract declared disjoint is an error, the rest are printed as findings.
// `--semantic` also checks the guards (analysis/GuardAnalysis.h): overlapping guards, gaps and
// dead transitions, each with a witness or a core; an overlap in a synchronous machine is an error.
#include <iostream>

#include "Commands.h"
#include "symseq/expr/ExprContext.h"
#include "symseq/plugin/Frontend.h"
#include "symseq/run/ContractChecks.h"
#include "symseq/run/GuardChecks.h"
#include "symseq/run/PluginOptions.h"

namespace symseq::cli {

namespace {

struct CheckModelOptions {
  std::filesystem::path file;
  std::string frontend;
  std::string solver = "z3";
  bool semantic = false;
  PluginDirOptions dirs;
};

int checkModel(const CheckModelOptions& o) {
  Registry registry;  // destroyed last
  loadPlugins(registry, o.dirs);
  std::error_code ec;  // a name too long or a link loop is the user's path, not an internal error
  if (!std::filesystem::is_regular_file(o.file, ec))
    throw Error("cannot read model file '" + o.file.string() + "'" + (ec ? ": " + ec.message() : std::string()),
                std::nullopt, "check the path");
  ExprContext ctx;
  const auto frontend = registry.makeFrontend(o.frontend, defaultOptions(registry.info(PluginKind::Frontend, o.frontend)));
  const TransitionSystem system = frontend->load(o.file, ctx);
  system.validate();
  std::size_t inputs = 0;
  for (const VariableDecl& v : system.variables) inputs += v.role == VariableRole::Input ? 1 : 0;
  std::cout << "model " << system.name << ": " << system.locations.size() << " locations, "
            << system.transitions.size() << " transitions, " << system.variables.size() << " variables ("
            << inputs << " inputs)\n";
  if (!system.contracts.empty()) {
    const auto solver =
        registry.makeSolver(o.solver, ctx, defaultOptions(registry.info(PluginKind::Solver, o.solver)));
    std::size_t variants = 0;
    for (const Transition& t : system.transitions) variants += t.variant.empty() ? 0 : 1;
    std::cout << system.contracts.size() << " programs known by contracts, " << variants
              << " transitions split by behaviours\n";
    for (const ModelFinding& f : checkModelContracts(system, *solver))
      std::cout << "finding: " << (f.where ? f.where->toString() + ": " : std::string()) << f.message << "\n";
  }
  if (o.semantic) {
    const auto solver = registry.makeSolver(o.solver, ctx, defaultOptions(registry.info(PluginKind::Solver, o.solver)));
    const std::vector<ModelFinding> checks = checkModelGuards(system, *solver);
    std::cout << "guard checks: " << (checks.empty() ? "no overlaps, gaps or dead transitions" : std::to_string(checks.size()) + (checks.size() == 1 ? " finding" : " findings"))
              << (system.synchronous ? " (a synchronous machine: overlaps are errors)\n" : "\n");
    for (const ModelFinding& f : checks) {
      std::cout << f.kind << ": " << (f.where ? f.where->toString() + ": " : std::string()) << f.message << "\n";
      if (!f.witness.empty()) std::cout << "  witness: " << f.witness << "\n";
      if (!f.core.empty()) {
        std::cout << "  core:";
        for (const std::string& c : f.core) std::cout << " " << c << (&c == &f.core.back() ? "" : ",");
        std::cout << "\n";
      }
    }
  }
  return 0;
}

}  // namespace

void addCheckModelCommand(CLI::App& app, Action& action) {
  auto options = std::make_shared<CheckModelOptions>();
  auto* cmd = app.add_subcommand("check-model", "Load and validate a model file with a frontend");
  cmd->add_option("FILE", options->file, "the model file")->required();
  cmd->add_option("--frontend", options->frontend, "the frontend plugin, e.g. cfg")->required();
  cmd->add_option("--solver", options->solver, "the solver that checks contracts and, with --semantic, guards (default z3)");
  cmd->add_flag("--semantic", options->semantic,
                "also check the guards: overlaps (nondeterminism), gaps (incompleteness) and dead transitions");
  addPluginDirOptions(*cmd, options->dirs);
  cmd->callback([&action, options] { action = [options] { return checkModel(*options); }; });
}

}  // namespace symseq::cli
