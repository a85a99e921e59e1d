// `symseq feasibility RUN.toml --paths FILE`: can programs known by their contracts be
// implemented so that every path of a set runs (iosts-program-contracts.md, Definitions 8 and 9)?
// Writes feasibility.json into the run's output directory: per distinguished path its condition and
// verdict, the set's verdict with a witness (inputs per path, a table of program results) or a
// minimal conflicting subset. With --infer, also the contracts inferred from the paths (section
// 6.2) as contracts.json, contracts.acsl and contracts.iosts, and Theorem 1's round trip per path.
#include <iostream>
#include <memory>

#include "Commands.h"
#include "ModelSession.h"
#include "symseq/contracts/Inference.h"
#include "symseq/run/ContractChecks.h"
#include "symseq/run/FeasibilityReport.h"
#include "symseq/run/PathFile.h"

namespace symseq::cli {

namespace {

struct FeasibilityOptions {
  std::filesystem::path runFile;
  std::filesystem::path pathFile;
  std::vector<std::string> overrides;
  std::string determinism = "uf";
  bool infer = false;
  PluginDirOptions dirs;
};

int feasibility(const FeasibilityOptions& o) {
  ModelSession session(o.runFile, o.overrides, o.dirs);
  const TransitionSystem& system = session.system();
  const std::vector<NamedPath> named = readPathFile(o.pathFile, system);
  if (o.infer)
    for (const Contract& c : system.contracts)
      if (!c.behaviors.empty())
        throw Error("contract inference starts from programs without contracts, and '" + c.program->name() +
                        "' has one",
                    c.where, "load the model with a contract file that gives the program no behaviour");
  BudgetLayer solver = session.solver();
  // As in a run: a contract that declares disjoint behaviours and overlaps is an error.
  const std::vector<ModelFinding> findings = checkModelContracts(system, solver);
  for (const ModelFinding& f : findings)
    std::cerr << "symseq: " << (f.where ? f.where->toString() + ": " : std::string()) << "finding: " << f.message << "\n";

  std::vector<std::vector<TransitionId>> paths;
  for (const NamedPath& p : named) paths.push_back(p.transitions);
  const Determinism determinism = o.determinism == "pairwise" ? Determinism::Pairwise : Determinism::UninterpretedFunctions;
  const PathSetResult result = checkPathSet(system, solver, paths, determinism);

  std::optional<InferredContracts> inferred;
  std::vector<bool> roundTrip;
  if (o.infer) {
    if (result.set != CheckResult::Sat)
      throw Error("contracts are inferred from a feasible set of paths, and this one is " +
                      std::string(result.set == CheckResult::Unsat ? "infeasible" : "undecided"),
                  std::nullopt, "run without --infer to see the conflicting paths");
    inferred = inferContracts(system, result.paths);
    roundTrip = checkRoundTrip(system, *inferred, result.paths, solver);
  }

  const FeasibilityInput input{system, named, result, determinism, inferred ? &*inferred : nullptr,
                               inferred ? &roundTrip : nullptr};
  // Everything is computed before the first file is written.
  std::vector<std::pair<std::string, std::string>> files{{"feasibility.json", feasibilityJson(input)}};
  if (inferred) {
    files.emplace_back("contracts.json", inferredContractsJson(*inferred));
    files.emplace_back("contracts.acsl", printAcsl(*inferred));
    files.emplace_back("contracts.iosts", printContractSyntax(*inferred));
  }
  session.write(files);
  std::cout << feasibilitySummary(input);
  for (const auto& [name, contents] : files) std::cout << "wrote " << (session.config().output.dir / name).string() << "\n";
  return 0;
}

}  // namespace

void addFeasibilityCommand(CLI::App& app, Action& action) {
  auto options = std::make_shared<FeasibilityOptions>();
  auto* cmd = app.add_subcommand(
      "feasibility", "Check whether programs known by contracts can make every path of a set run (feasibility.json)");
  cmd->add_option("run-file", options->runFile, "The run file (TOML) naming the model, solver and output")
      ->required()
      ->type_name("RUN.toml");
  cmd->add_option("--paths", options->pathFile,
                  "The paths: one per line, transition names from the initial state (model transitions stand for "
                  "each of their behaviour variants)")
      ->required()
      ->type_name("FILE");
  cmd->add_option("--determinism", options->determinism,
                  "uf: congruence on the programs' symbols; pairwise: the paper's condition (same answers)")
      ->check(CLI::IsMember({"uf", "pairwise"}));
  cmd->add_flag("--infer", options->infer,
                "Also infer contracts from the paths (programs without contracts): contracts.json, .acsl, .iosts");
  cmd->add_option("--set", options->overrides, "Override a run-file key, e.g. --set solver.name=cvc5 (repeatable)")
      ->type_name("KEY=VALUE");
  addPluginDirOptions(*cmd, options->dirs);
  cmd->callback([&action, options] { action = [options] { return feasibility(*options); }; });
}

}  // namespace symseq::cli
