// `symseq exec RESULT_DIR (--adapter CMD | --adapter-lib LIB.so)`: runs the test sequences of a
// `symseq run` result through an adapter (docs/adapters.md) and gives a verdict per test
// (docs/exec.md): pass, fail (with the step, the expected and the observed values), error (the
// adapter's fault) or inconclusive. Writes exec.json and exec.txt into RESULT_DIR (or -o DIR),
// and a JUnit XML report with --junit. Exit 0 when no test failed or errored, 1 otherwise, 2 for
// bad input (nothing written), 3 for an internal error.
#include <filesystem>
#include <iostream>
#include <memory>

#include "Commands.h"
#include "ModelSession.h"
#include "exec/AdapterClient.h"
#include "exec/ExecReport.h"
#include "exec/JUnitReport.h"
#include "exec/ResultFile.h"
#include "exec/TestRunner.h"
#include "symseq/run/Externals.h"
#include "symseq/run/OutputFolder.h"
#include "symseq/support/AtomicFile.h"
#include "symseq/support/DidYouMean.h"

namespace symseq::cli {

namespace {

struct ExecOptions {
  std::filesystem::path resultDir;
  std::string adapter;
  std::string adapterLib;
  std::vector<std::string> observe;
  std::int32_t timeoutMs = 500;
  std::int32_t adapterTimeoutMs = 2000;
  std::filesystem::path junit;
  std::filesystem::path outDir;
  PluginDirOptions dirs;
};

std::vector<Expr> observedVariables(const TransitionSystem& system, const std::vector<std::string>& names) {
  std::vector<Expr> out;
  if (names.empty()) return out;
  if (exec::observesOutputs(system))
    throw Error("--observe is for models without output channels (CFG models); '" + system.name +
                    "' is judged on its outputs",
                std::nullopt, "drop --observe");
  std::vector<std::string> known;
  for (const VariableDecl& d : system.variables)
    if (d.role == VariableRole::State) known.emplace_back(d.var.name());
  for (const std::string& name : names) {
    const auto it = std::find_if(system.variables.begin(), system.variables.end(), [&](const VariableDecl& d) {
      return d.role == VariableRole::State && d.var.name() == name;
    });
    if (it == system.variables.end()) {
      std::string list;
      for (const std::string& k : known) list += (list.empty() ? "" : ", ") + k;
      throw Error("--observe: '" + name + "' is not a state variable of '" + system.name + "'" + didYouMean(name, known),
                  std::nullopt, "its state variables: " + list);
    }
    out.push_back(it->var);
  }
  return out;
}

int exec(const ExecOptions& o) {
  const std::filesystem::path runFile = o.resultDir / "effective-run.toml";
  std::error_code ec;
  if (!std::filesystem::is_regular_file(runFile, ec))
    throw Error("'" + o.resultDir.string() + "' holds no effective-run.toml" + (ec ? " (" + ec.message() + ")" : std::string()),
                std::nullopt,
                "give the output folder of `symseq run` (its [output] dir)");
  if (o.timeoutMs < 0 || o.adapterTimeoutMs < 0)
    throw Error("--timeout-ms and --adapter-timeout-ms take milliseconds, zero or more");
  ModelSession session(runFile, {}, o.dirs);
  const TransitionSystem& system = session.system();
  const std::filesystem::path resultFile = o.resultDir / "result.json";
  const exec::ResultFile result = exec::readResultFile(resultFile, system);
  exec::RunnerSettings settings{o.timeoutMs, observedVariables(system, o.observe)};
  const RunExternals externals = system.externals.empty()
                                     ? RunExternals{}
                                     : loadExternals(session.config().externals, system, o.dirs.dirs);
  // Every plan before any test: a result that does not replay is bad input, found before the SUT runs.
  std::vector<exec::TestPlan> plans;
  for (const exec::ResultSequence& s : result.sequences) {
    try {
      plans.push_back(exec::planTest(system, s.sequence, externals.functions()));
    } catch (const Error& e) {
      throw Error("sequence " + std::to_string(plans.size() + 1) + ": " + e.message(), s.where, e.hint());
    }
  }
  const std::filesystem::path outDir = o.outDir.empty() ? o.resultDir : o.outDir;
  if (!o.junit.empty() && !o.junit.parent_path().empty() && !std::filesystem::is_directory(o.junit.parent_path()))
    throw Error("--junit: no directory '" + o.junit.parent_path().string() + "'", std::nullopt,
                "create it, or name a file in an existing directory");
  std::optional<TauReduced> reduced;
  if (exec::observesOutputs(system)) reduced.emplace(tauReduce(system));

  const std::unique_ptr<exec::Transport> transport =
      o.adapterLib.empty() ? exec::processTransport(o.adapter) : exec::libraryTransport(o.adapterLib);
  exec::AdapterClient client(*transport, std::chrono::milliseconds(o.adapterTimeoutMs));
  // Started once before the tests, so that a library that can never run (refused) is bad input,
  // reported before anything is written; other start failures are the first test's verdict.
  (void)client.open(system.name);

  exec::ExecRun run{system.name, resultFile.string(), transport->describe(), o.observe, o.timeoutMs,
                    o.adapterTimeoutMs, {}};
  run.planned = plans.size();
  std::filesystem::create_directories(outDir, ec);
  if (ec || !std::filesystem::is_directory(outDir, ec))
    throw Error("cannot create output directory '" + outDir.string() + "'" + (ec ? ": " + ec.message() : std::string()),
                std::nullopt, "give -o a writable directory");
  // After every test, whole files, both or neither (run/OutputFolder.h): the verdicts so far
  // survive a stopped run, and exec.json and exec.txt always tell of the same tests.
  const auto save = [&](bool complete) {
    run.complete = complete;
    writeFilesTogether(outDir, {{"exec.json", exec::execJson(run)}, {"exec.txt", exec::execText(run)}});
  };
  for (std::size_t k = 0; k < plans.size(); ++k) {
    // Budgets count from each test's start: adapters' waits do not eat the solver's time.
    BudgetLayer solver = session.solverFrom(std::chrono::steady_clock::now());
    exec::TestRunner runner(system, reduced ? &*reduced : nullptr, client, solver, settings);
    try {
      run.tests.push_back(runner.run(plans[k]));
    } catch (const Error& e) {
      // A verdict the solver could not decide: this test's error; the others still run.
      exec::TestOutcome t;
      t.verdict = exec::ExecVerdict::Error;
      t.reason = std::string("judging the observed trace: ") + e.what();
      t.adapter = client.name();
      run.tests.push_back(std::move(t));
    }
    if (k + 1 < plans.size()) save(false);
  }
  client.close();
  save(true);
  if (!o.junit.empty()) writeFileAtomically(o.junit, exec::junitXml(run));
  std::cout << exec::execSummary(run) << "wrote " << (outDir / "exec.json").string() << "\n";
  if (!o.junit.empty()) std::cout << "wrote " << o.junit.string() << "\n";
  return run.exitCode();
}

}  // namespace

void addExecCommand(CLI::App& app, Action& action) {
  auto options = std::make_shared<ExecOptions>();
  auto* cmd = app.add_subcommand(
      "exec",
      "Run a result's test sequences through an adapter to the system under test and give a verdict per test "
      "(exec.json, exec.txt, JUnit XML); exit 1 when a test fails or errors (docs/exec.md)");
  cmd->add_option("result-dir", options->resultDir, "The output folder of `symseq run` (effective-run.toml, result.json)")
      ->required()
      ->type_name("RESULT_DIR");
  auto* adapter = cmd->add_option("--adapter", options->adapter,
                                  "The adapter process to start, e.g. 'python3 adapter.py' (docs/adapters.md)")
                      ->type_name("'CMD ARGS'");
  auto* lib = cmd->add_option("--adapter-lib", options->adapterLib,
                              "A shared-library adapter (adapters/include/symseq_adapter.h), run in a child process")
                  ->type_name("LIB.so");
  adapter->excludes(lib);
  lib->excludes(adapter);
  cmd->add_option("--observe", options->observe,
                  "CFG models: the state variables the adapter's `state` output carries, in order")
      ->delimiter(',')
      ->type_name("VAR,...");
  cmd->add_option("--timeout-ms", options->timeoutMs, "How long observe waits before quiescence (default 500)")
      ->type_name("N");
  cmd->add_option("--adapter-timeout-ms", options->adapterTimeoutMs,
                  "Grace on top of a request's own time before the adapter counts as hung (default 2000)")
      ->type_name("N");
  cmd->add_option("--junit", options->junit, "Also write a JUnit XML report there")->type_name("FILE");
  cmd->add_option("-o,--output", options->outDir, "Write exec.json and exec.txt there instead of RESULT_DIR")
      ->type_name("DIR");
  addPluginDirOptions(*cmd, options->dirs);
  cmd->callback([&action, options, adapter, lib] {
    if (adapter->count() == 0 && lib->count() == 0)
      throw CLI::RequiredError("--adapter or --adapter-lib");
    action = [options] { return exec(*options); };
  });
}

}  // namespace symseq::cli
