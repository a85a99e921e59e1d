// External functions run in a process of their own (core/src/summary/ExternalHost.h): a function
// that crashes, aborts, exits or does not answer is a failed call, named with its inputs, and the
// next call gets a fresh process; load errors and missing symbols are still reported at start; the
// run file's [externals] isolation and call_timeout_s; and isolation changes no result.
// (The whole runs with each fault, and their budgets, are tests/e2e/ExternalFaults.cmake.)
#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include "RunHelpers.h"
#include "symseq/expr/ExprContext.h"
#include "run/ExternalProcess.h"
#include "symseq/summary/ExternalLibrary.h"
#include "symseq/support/Error.h"

using namespace symseq;
using symseq::test::runAndRead;
namespace fs = std::filesystem;

namespace {

const fs::path kFaulty = fs::path(SYMSEQ_TEST_EXTERNALS_DIR) / "libsymseq-test-faulty.so";

struct Faulty {
  ExprContext ctx;
  const FunctionDecl& f = ctx.declareFunction("F", {Sort::integer()}, Sort::integer(), FunctionKind::External);
  const FunctionDecl& good = ctx.declareFunction("G", {Sort::integer()}, Sort::integer(), FunctionKind::External);
};

// The message of the EvalError a call throws, "" when it returns.
std::string failureOf(const ExternalFunction& fn, std::int64_t x) {
  try {
    (void)fn(std::vector{Value::integer(x)});
  } catch (const EvalError& e) {
    return e.message();
  }
  return "";
}

nlohmann::json withoutTimes(nlohmann::json result) {
  result["stats"].erase("solver_time_s");
  result["stats"].erase("total_time_s");
  return result;
}

}  // namespace

TEST_CASE("external isolation: a crash, abort, exit or hang is a failed call, and the next call gets a fresh process") {
  const struct {
    const char* symbol;
    const char* what;
  } faults[] = {{"symseq_test_segv", "F(7) failed: killed by signal 11 (SIGSEGV)"},
                {"symseq_test_abort", "F(7) failed: killed by signal 6 (SIGABRT)"},
                {"symseq_test_exit", "F(7) failed: exited with status 0 during the call"},
                {"symseq_test_loop", "F(7) failed: no answer within the 0.2 s call limit ([externals] call_timeout_s)"},
                {"symseq_test_sleep", "F(7) failed: no answer within the 0.2 s call limit ([externals] call_timeout_s)"}};
  for (const auto& fault : faults) {
    CAPTURE(fault.symbol);
    Faulty m;
    ExternalProcessOptions options;
    options.callTimeout = std::chrono::milliseconds(200);
    const ExternalProcessLibrary library(kFaulty, {{&m.f, fault.symbol}, {&m.good, "symseq_test_good"}}, options);
    const ExternalFunction& f = *library.interpretations().find(m.f);
    const ExternalFunction& g = *library.interpretations().find(m.good);
    CHECK(failureOf(f, 7) == fault.what);
    CHECK((g)(std::vector{Value::integer(21)}) == Value::integer(42));  // restarted
    CHECK(failureOf(f, 7) == fault.what);                               // and again
  }
}

TEST_CASE("external isolation: a call waits no longer than the run's deadline allows") {
  Faulty m;
  ExternalProcessOptions options;  // a call limit of 5 s, but the run is over
  options.deadline = std::chrono::steady_clock::now();
  const ExternalProcessLibrary library(kFaulty, {{&m.f, "symseq_test_loop"}, {&m.good, "symseq_test_good"}}, options);
  // A quick function still answers after the deadline (replay calls the functions then) ...
  CHECK((*library.interpretations().find(m.good))(std::vector{Value::integer(1)}) == Value::integer(2));
  // ... but no call waits for its 5 s.
  CHECK(failureOf(*library.interpretations().find(m.f), 9) == "F(9) failed: no answer before the run's time budget ran out");
}

TEST_CASE("external isolation: load errors and missing symbols are found by the child at start, as in-process") {
  Faulty m;
  const std::string missing =
      "the library '" + kFaulty.string() + "' has no symbol 'symseq_test_missing' for the external function F(int) -> int";
  CHECK_THROWS_WITH_AS(ExternalProcessLibrary(kFaulty, {{&m.good, "symseq_test_good"}, {&m.f, "symseq_test_missing"}}),
                       doctest::Contains(missing.c_str()), ConfigError);
  CHECK_THROWS_WITH_AS(ExternalLibrary(kFaulty, {{&m.good, "symseq_test_good"}, {&m.f, "symseq_test_missing"}}),
                       doctest::Contains(missing.c_str()), ConfigError);
  const fs::path notALibrary = fs::path(SYMSEQ_SOURCE_DIR) / "tests/data/faulty-external.iosts";
  const std::string load = "cannot load the external-function library '" + notALibrary.string() + "': ";
  CHECK_THROWS_WITH_AS(ExternalProcessLibrary(notALibrary, {{&m.f, "F"}}), doctest::Contains(load.c_str()), ConfigError);
  CHECK_THROWS_WITH_AS(ExternalLibrary(notALibrary, {{&m.f, "F"}}), doctest::Contains(load.c_str()), ConfigError);
  ExternalProcessOptions missingHost;
  missingHost.host = "/nonexistent/symseq-external-host";
  CHECK_THROWS_WITH_AS(ExternalProcessLibrary(kFaulty, {{&m.f, "symseq_test_good"}}, missingHost),
                       doctest::Contains("in a process of its own: cannot start '/nonexistent/symseq-external-host'"),
                       ConfigError);
}

TEST_CASE("external isolation: the run file's isolation and call_timeout_s, checked with a did-you-mean") {
  Registry registry;
  registry.loadDirectory(Registry::defaultPluginDir());
  const fs::path file = fs::path(SYMSEQ_SOURCE_DIR) / "tests/data/faulty-external.toml";
  const std::string library = "externals.library=\"" + kFaulty.string() + "\"";
  const RunConfig c = loadRunConfig(file, {library}, registry);
  CHECK(c.externals.isolated);
  CHECK(c.externals.callTimeout == std::chrono::milliseconds(1000));
  const RunConfig none = loadRunConfig(file, {library, "externals.isolation=\"none\"", "externals.call_timeout_s=0.25"}, registry);
  CHECK_FALSE(none.externals.isolated);
  CHECK(none.externals.callTimeout == std::chrono::milliseconds(250));
  CHECK_THROWS_WITH_AS(loadRunConfig(file, {library, "externals.isolation=\"proces\""}, registry),
                       doctest::Contains("must be \"process\" or \"none\"; did you mean 'process'?"), ConfigError);
  CHECK_THROWS_WITH_AS(loadRunConfig(file, {library, "externals.isolaton=\"none\""}, registry),
                       doctest::Contains("unknown key 'isolaton' in [externals]; did you mean 'isolation'?"), ConfigError);
  CHECK_THROWS_WITH_AS(loadRunConfig(file, {library, "externals.call_timeout_s=0"}, registry),
                       doctest::Contains("call_timeout_s"), ConfigError);
}

TEST_CASE("external isolation: the Microgrid gives the same result.json in a child process as in-process" *
          doctest::test_suite("integration")) {
  const fs::path microgrid = fs::path(SYMSEQ_SOURCE_DIR) / "configs/microgrid.toml";
  const auto isolated = runAndRead(microgrid, {"externals.isolation=\"process\""}, "microgrid-isolated");
  const auto inProcess = runAndRead(microgrid, {"externals.isolation=\"none\""}, "microgrid-in-process");
  CHECK(isolated["covered"] == 8);
  CHECK(withoutTimes(isolated).dump() == withoutTimes(inProcess).dump());
  for (const char* table : {"INTGR.csv", "RISE.csv"}) {
    std::ifstream a(symseq::test::scratchDir("microgrid-isolated") / "tables" / table);
    std::ifstream b(symseq::test::scratchDir("microgrid-in-process") / "tables" / table);
    const std::string x((std::istreambuf_iterator<char>(a)), {}), y((std::istreambuf_iterator<char>(b)), {});
    CHECK_FALSE(x.empty());
    CHECK(x == y);
  }
}
