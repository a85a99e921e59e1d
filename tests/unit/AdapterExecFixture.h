#pragma once
// Shared by the test_adapter_exec*.cpp files: a `symseq run` of a shipped run file into a fresh
// folder, its result read back and planned as `symseq exec` does, and the tests run through a
// transport (process adapters are the mocks in tests/data/adapters, library adapters the
// test-adapters the build makes from vending_lib.c).
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "exec/AdapterClient.h"
#include "exec/ResultFile.h"
#include "exec/TestRunner.h"
#include "symseq/plugin/Frontend.h"
#include "symseq/plugin/Registry.h"
#include "symseq/run/ExecuteRun.h"
#include "symseq/run/LoadRunConfig.h"
#include "symseq/run/PluginOptions.h"
#include "symseq/verdict/TauReduction.h"

namespace symseq::test {

inline const std::filesystem::path kExecSource = SYMSEQ_SOURCE_DIR;
inline const std::filesystem::path kMockAdapters = kExecSource / "tests/data/adapters";
inline const std::filesystem::path kTestAdapterLibs = std::filesystem::path(SYMSEQ_BINARY_DIR) / "test-adapters";

// "/usr/bin/python3 <mocks>/SCRIPT ARGS" (Debian's interpreter, tests/README.md).
inline std::string mockCommand(const std::string& script, const std::string& args = "") {
  return "/usr/bin/python3 " + (kMockAdapters / script).string() + (args.empty() ? "" : " " + args);
}

inline std::string testAdapterLib(const std::string& variant) {
  return (kTestAdapterLibs / ("symseq-test-adapter-" + variant + ".so")).string();
}

struct ExecFixture {
  Registry registry;
  ExprContext ctx;
  PluginPtr<Frontend> frontend;
  std::optional<TransitionSystem> system;
  std::optional<TauReduced> reduced;
  std::filesystem::path dir;
  exec::ResultFile result;
  std::vector<exec::TestPlan> plans;

  // `runFile` relative to configs/; the result goes to a fresh folder named `name`.
  ExecFixture(const std::string& runFile, const std::string& name) {
    registry.loadDirectory(Registry::defaultPluginDir());
    dir = std::filesystem::temp_directory_path() / ("symseq-test-adapter-exec-" + name);
    std::filesystem::remove_all(dir);
    (void)executeRun(loadRunConfig(kExecSource / "configs" / runFile,
                                   {"output.dir=\"" + dir.string() + "\"", "output.formats=[\"json\"]"}, registry),
                     registry);
    const RunConfig config = loadRunConfig(dir / "effective-run.toml", {}, registry);
    frontend = registry.makeFrontend(config.model.frontend.name, config.model.frontend.options);
    system.emplace(frontend->load(config.model.file, ctx));
    system->validate();
    result = exec::readResultFile(dir / "result.json", *system);
    for (const exec::ResultSequence& s : result.sequences) plans.push_back(exec::planTest(*system, s.sequence, nullptr));
    if (exec::observesOutputs(*system)) reduced.emplace(tauReduce(*system));
  }

  ~ExecFixture() {
    std::error_code ignored;
    std::filesystem::remove_all(dir, ignored);
  }
  ExecFixture(const ExecFixture&) = delete;
  ExecFixture& operator=(const ExecFixture&) = delete;

  // Every test through `transport`, as `symseq exec` runs them.
  std::vector<exec::TestOutcome> runAll(exec::Transport& transport, exec::RunnerSettings settings = {},
                                        std::chrono::milliseconds grace = std::chrono::milliseconds(2000)) {
    PluginPtr<Solver> solver =
        registry.makeSolver("z3", ctx, defaultOptions(registry.info(PluginKind::Solver, "z3")));
    exec::AdapterClient client(transport, grace);
    std::vector<exec::TestOutcome> out;
    for (const exec::TestPlan& plan : plans) {
      exec::TestRunner runner(*system, reduced ? &*reduced : nullptr, client, *solver, settings);
      out.push_back(runner.run(plan));
    }
    client.close();
    return out;
  }

  [[nodiscard]] Expr variable(std::string_view name) const {
    for (const VariableDecl& d : system->variables)
      if (d.var.name() == name) return d.var;
    throw Error("no variable " + std::string(name));
  }
};

inline std::vector<std::string> verdicts(const std::vector<exec::TestOutcome>& outcomes) {
  std::vector<std::string> out;
  for (const exec::TestOutcome& o : outcomes) out.emplace_back(exec::toString(o.verdict));
  return out;
}

}  // namespace symseq::test
