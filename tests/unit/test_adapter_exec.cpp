// `symseq exec`'s driving of tests through adapters (docs/exec.md, docs/adapters.md): the
// vending machine's generated suite run against mock systems under test, one per verdict kind
// (pass, fail on a wrong output, inconclusive on an allowed but unplanned path, fail on a crash,
// an exit and a hang, error on garbage, a misspelt key and an error answer), through the process
// and the shared-library transports; and the CFG model fig4 judged on observed state variables.
#include <doctest/doctest.h>

#include "AdapterExecFixture.h"

using namespace symseq;
using symseq::test::ExecFixture;
using symseq::test::mockCommand;
using symseq::test::testAdapterLib;
using symseq::test::verdicts;

namespace {

using V = std::vector<std::string>;

}  // namespace

TEST_CASE("exec - the vending result has the three tests the outcomes below are about") {
  ExecFixture f("vending.toml", "plans");
  REQUIRE(f.plans.size() == 3);
  // coin 0, coffee, screen!(Add); coin 149, tea, screen!(Add); coin 150, tea, deliver!(tea). The first
  // test's trace ends at price#coffee, its target: the plan adds the reaction the model fires after.
  CHECK(describe(*f.system, f.plans[2].events.back().event) == "deliver!(tea)");
  CHECK(f.plans[1].events.size() == 3);
  REQUIRE(f.plans[0].events.size() == 3);
  CHECK(describe(*f.system, f.plans[0].events.back().event) == "screen!(Add)");
}

TEST_CASE("exec - a correct system passes every test, through a process and a library") {
  ExecFixture f("vending.toml", "correct");
  const auto process = exec::processTransport(mockCommand("vending.py", "correct"));
  const std::vector<exec::TestOutcome> p = f.runAll(*process);
  CHECK(verdicts(p) == V{"pass", "pass", "pass"});
  CHECK(p[0].adapter == "vending-py-correct");
  // The first test's plan includes the reaction after its last input (screen!(Add)), then quiescence.
  CHECK(p[0].trace == V{"coin?(0)", "choice?(coffee)", "screen!(Add)", "δ"});
  CHECK(p[2].trace == V{"coin?(150)", "choice?(tea)", "deliver!(tea)", "δ"});
  const auto library = exec::libraryTransport(testAdapterLib("ok"));
  const std::vector<exec::TestOutcome> l = f.runAll(*library);
  CHECK(verdicts(l) == V{"pass", "pass", "pass"});
  CHECK(l[2].trace == p[2].trace);
  CHECK(l[0].adapter == "symseq-test-adapter-ok.so");
}

TEST_CASE("exec - a wrong output fails with the step, the expected and the observed output") {
  ExecFixture f("vending.toml", "wrong");
  const auto t = exec::processTransport(mockCommand("vending.py", "wrong"));
  const std::vector<exec::TestOutcome> o = f.runAll(*t);
  CHECK(verdicts(o) == V{"pass", "pass", "fail"});
  CHECK(o[2].event == 3u);
  CHECK(o[2].step == 2u);
  CHECK(o[2].expected == "deliver!(tea)");
  CHECK(o[2].observed == "deliver!(coffee)");
  CHECK(o[2].reason == "unexpected output: the model cannot emit it here");
}

TEST_CASE("exec - an allowed path the test did not plan is inconclusive") {
  ExecFixture f("vending.toml", "unplanned");
  const auto t = exec::processTransport(mockCommand("vending.py", "unplanned"));
  const std::vector<exec::TestOutcome> o = f.runAll(*t);
  // Tea at 160 satisfies C_r: 150 coins give screen!(Add) where the test planned deliver!(tea).
  CHECK(verdicts(o) == V{"pass", "pass", "inconclusive"});
  CHECK(o[2].trace == V{"coin?(150)", "choice?(tea)", "screen!(Add)"});
  CHECK(o[2].reason == "the system took a path the model allows but the test did not plan");
}

TEST_CASE("exec - a crash, an exit and a hang fail each test, and the adapter is restarted") {
  ExecFixture f("vending.toml", "crash");
  const auto crash = exec::processTransport(mockCommand("vending.py", "crash"));
  const std::vector<exec::TestOutcome> c = f.runAll(*crash);
  CHECK(verdicts(c) == V{"fail", "fail", "fail"});
  CHECK(c[1].reason == "killed by signal 11 (SIGSEGV)");
  CHECK(c[1].event == 2u);
  CHECK(c[1].step == 2u);
  CHECK(c[1].request == "{\"op\":\"input\",\"channel\":\"choice\",\"values\":[\"tea\"]}");
  CHECK(c[2].adapter == "vending-py-crash");  // started again after each crash

  const auto exit = exec::processTransport(mockCommand("vending.py", "exit"));
  const std::vector<exec::TestOutcome> e = f.runAll(*exit);
  CHECK(verdicts(e) == V{"fail", "fail", "fail"});
  CHECK(e[0].reason == "exited with status 3");

  const auto hang = exec::processTransport(mockCommand("vending.py", "hang"));
  const std::vector<exec::TestOutcome> h = f.runAll(*hang, {}, std::chrono::milliseconds(200));
  CHECK(verdicts(h) == V{"fail", "fail", "fail"});
  CHECK(h[2].reason == "timeout");
  CHECK(h[2].step == 2u);

  const auto lib = exec::libraryTransport(testAdapterLib("crash"));
  const std::vector<exec::TestOutcome> l = f.runAll(*lib);
  CHECK(verdicts(l) == V{"fail", "fail", "fail"});
  CHECK(l[0].reason == "killed by signal 11 (SIGSEGV)");
}

TEST_CASE("exec - garbage, a misspelt key and an error answer are errors of the adapter") {
  ExecFixture f("vending.toml", "garbage");
  const auto garbage = exec::processTransport(mockCommand("vending.py", "garbage"));
  const std::vector<exec::TestOutcome> g = f.runAll(*garbage);
  CHECK(verdicts(g) == V{"error", "error", "error"});
  CHECK(g[1].reason == "protocol: the answer is not a JSON object: 'this is not JSON'");
  CHECK(g[1].event == 3u);

  const auto badkey = exec::processTransport(mockCommand("vending.py", "badkey"));
  const std::vector<exec::TestOutcome> b = f.runAll(*badkey);
  CHECK(verdicts(b) == V{"error", "error", "error"});
  CHECK(b[0].reason == "protocol: in the answer to observe: unknown key \"outptu\"; did you mean 'output'?");

  const auto refuse = exec::processTransport(mockCommand("vending.py", "refuse"));
  const std::vector<exec::TestOutcome> r = f.runAll(*refuse);
  CHECK(verdicts(r) == V{"error", "error", "error"});
  CHECK(r[0].reason == "coin slot jammed");
  CHECK(r[0].event == 1u);
}

TEST_CASE("exec - a library without the entry point or with another ABI is refused") {
  ExecFixture f("vending.toml", "refused");
  const auto noEntry = exec::libraryTransport(testAdapterLib("noentry"));
  exec::AdapterClient a(*noEntry, std::chrono::milliseconds(2000));
  std::string message;
  try {
    (void)a.open("vending");
  } catch (const Error& e) {
    message = e.message();
  }
  CHECK(message == "'" + testAdapterLib("noentry") + "' is not a symseq adapter: it has no symbol symseq_adapter_v1");
  const auto badAbi = exec::libraryTransport(testAdapterLib("badabi"));
  exec::AdapterClient b(*badAbi, std::chrono::milliseconds(2000));
  message.clear();
  try {
    (void)b.open("vending");
  } catch (const Error& e) {
    message = e.message();
  }
  CHECK(message == "'" + testAdapterLib("badabi") + "' has adapter ABI version 99, symseq needs 1");
}

TEST_CASE("exec - a CFG model is judged on the observed variables after each step") {
  ExecFixture f("fig4.toml", "fig4");
  REQUIRE(!f.plans.empty());
  exec::RunnerSettings settings;
  settings.observe = {f.variable("x"), f.variable("y")};
  const auto correct = exec::processTransport(mockCommand("fig4.py", "x,y"));
  const std::vector<exec::TestOutcome> c = f.runAll(*correct, settings);
  for (const exec::TestOutcome& o : c) CHECK(std::string(exec::toString(o.verdict)) == "pass");
  const auto bug = exec::processTransport(mockCommand("fig4.py", "x,y --bug"));
  const std::vector<exec::TestOutcome> b = f.runAll(*bug, settings);
  REQUIRE(!b.empty());
  CHECK(std::string(exec::toString(b[0].verdict)) == "fail");
  CHECK(b[0].step == 2u);  // step 1 reads a = 0 and leaves x and y at 0; step 2 runs the body
  CHECK(b[0].expected == "state!(x=6, y=9)");
  CHECK(b[0].observed == "state!(x=6, y=10)");
  // Without observed variables a CFG test only checks that the adapter takes the inputs.
  const auto blind = exec::processTransport(mockCommand("fig4.py", "--bug"));
  const std::vector<exec::TestOutcome> n = f.runAll(*blind);
  CHECK(std::string(exec::toString(n[0].verdict)) == "pass");
  CHECK(n[0].reason == "the adapter accepted every input (no variable observed)");
}
