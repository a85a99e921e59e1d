// The baseline strategies end to end through the kernel: `bounded-exhaustive` (plugins/bounded-
// exhaustive), which proves the fewest steps within a bound, and `random` (plugins/random), which
// proves nothing but is deterministic for a seed. Coverage is what the kernel's replay saw.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>

#include "RunHelpers.h"
#include "symseq/run/PluginOptions.h"
#include "symseq/exec/RunResult.h"

// Whole generation runs (model, solver, strategy, replay): the `integration` label (tests/README.md).
TEST_SUITE_BEGIN("integration");

using namespace symseq;
using symseq::test::covered;
using symseq::test::reason;
using symseq::test::runAndRead;

namespace {

const char* const kSolvers[] = {"z3", "cvc5"};

// A run file for `model` (a path relative to the source tree) with `strategy`, depth 6.
std::filesystem::path runFile(const std::string& model, const std::string& strategy) {
  const std::filesystem::path dir = test::scratchDir("baseline-runs");
  std::filesystem::create_directories(dir);
  const std::filesystem::path file =
      dir / (std::filesystem::path(model).stem().string() + "-" + strategy + ".toml");
  std::ofstream(file) << "seed = 3\n[model]\nfile = \"" << SYMSEQ_SOURCE_DIR << "/" << model
                      << "\"\nfrontend = \"cfg\"\n[solver]\nname = \"z3\"\n[strategy]\nname = \"" << strategy
                      << "\"\n[budgets]\ntime_s = 30.0\ndepth = 6\n";
  return file;
}

std::string solverSet(const char* solver) { return std::string("solver.name=") + solver; }

// The values of input `name` in the steps of sequence `s`.
std::vector<nlohmann::json> inputs(const nlohmann::json& result, std::size_t s, const std::string& name) {
  std::vector<nlohmann::json> values;
  for (const auto& step : result["sequences"][s]["steps"]) values.push_back(step[name]);
  return values;
}

// result.json without the fields that measure time.
nlohmann::json untimed(nlohmann::json result) {
  result["stats"].erase("solver_time_s");
  result["stats"].erase("total_time_s");
  return result;
}

// A vending machine in the IR, outside the acyclic core: inputs are read at two locations
// (`coin` at idle, `choose` at paid), an output transition pays out, and `bonus` has no initial
// value, so each sequence chooses it.
struct Vending {
  ExprContext ctx;
  TransitionSystem sys{ctx};
  Expr credit = ctx.var("credit", Sort::integer());
  Expr bonus = ctx.var("bonus", Sort::integer());
  Expr c = ctx.var("c", Sort::integer());
  Expr b = ctx.var("b", Sort::boolean());

  Vending() {
    sys.name = "vending";
    sys.variables.push_back({credit, VariableRole::State, ctx.intVal(0), std::nullopt});
    sys.variables.push_back({bonus, VariableRole::State, std::nullopt, std::nullopt});
    sys.variables.push_back({c, VariableRole::Input, std::nullopt, std::nullopt});
    sys.variables.push_back({b, VariableRole::Input, std::nullopt, std::nullopt});
    const LocationId idle = sys.addLocation("idle");
    const LocationId paid = sys.addLocation("paid");
    const LocationId paying = sys.addLocation("paying");
    sys.initial = idle;
    sys.channels.push_back({"coin", ChannelDirection::Input, {Sort::integer()}});
    sys.channels.push_back({"choose", ChannelDirection::Input, {Sort::boolean()}});
    sys.channels.push_back({"dispense", ChannelDirection::Output, {Sort::integer()}});
    const Expr zero = ctx.intVal(0);
    sys.transitions.push_back({"coin", idle, paid, ctx.make(Op::Gt, {c, zero}), {ActionKind::Input, 0, {c}},
                               {{credit, ctx.make(Op::Add, {credit, c})}}, std::nullopt});
    const Expr enough = ctx.make(Op::Ge, {ctx.make(Op::Add, {credit, bonus}), ctx.intVal(50)});
    sys.transitions.push_back(
        {"vend", paid, paying, ctx.make(Op::And, {b, enough}), {ActionKind::Input, 1, {b}}, {}, std::nullopt});
    sys.transitions.push_back({"refund", paid, idle, ctx.boolVal(true), {ActionKind::Input, 1, {b}},
                               {{credit, zero}}, std::nullopt});
    sys.transitions.push_back(
        {"pay", paying, idle, ctx.boolVal(true), {ActionKind::Output, 2, {credit}}, {{credit, zero}}, std::nullopt});
    sys.validate();
  }
};

// Runs strategy `name` with its default options (and `set`) on `system`, all transitions as
// targets, then replays what it proposed, as a run does.
RunResult generate(const TransitionSystem& system, const std::string& name,
                   const std::map<std::string, OptionValue>& set = {}) {
  Registry registry;
  registry.loadDirectory(Registry::defaultPluginDir());
  Options options = defaultOptions(registry.info(PluginKind::Strategy, name));
  for (const auto& [key, value] : set) options.set(key, value);
  auto strategy = registry.makeStrategy(name, options);
  auto solver = registry.makeSolver("z3", system.context(), defaultOptions(registry.info(PluginKind::Solver, "z3")));
  std::vector<TransitionId> targets(system.transitions.size());
  for (TransitionId t = 0; t < targets.size(); ++t) targets[t] = t;
  Budgets budgets;
  budgets.depth = 6;
  const GenerationJob job{system,  *solver, {}, targets, budgets, 3,
                          std::chrono::steady_clock::now() + std::chrono::seconds(30)};
  return checkByReplay(system, targets, strategy->generate(job));
}

// The error a strategy's factory raises for `set` (the registry adds who raised it), or "" when
// it accepts the options.
std::string rejection(const std::string& name, const std::map<std::string, OptionValue>& set) {
  Registry registry;
  registry.loadDirectory(Registry::defaultPluginDir());
  Options options = defaultOptions(registry.info(PluginKind::Strategy, name));
  for (const auto& [key, value] : set) options.set(key, value, SourceLocation{"run.toml", 9, 1});
  try {
    (void)registry.makeStrategy(name, options);
  } catch (const Error& e) {
    return e.message();
  }
  return "";
}

}  // namespace

// ---- bounded-exhaustive ------------------------------------------------------------------------

TEST_CASE("bounded-exhaustive: Figure 4, every edge, in the proved optimum of 4 steps with z3 and cvc5") {
  for (const char* solver : kSolvers) {
    CAPTURE(solver);
    const auto result = runAndRead(runFile("configs/models/fig4.cfg", "bounded-exhaustive"), {solverSet(solver)}, "be-fig4");
    CHECK(result["replayed"] == true);
    CHECK(result["covered"] == 10);
    CHECK(result["length"] == 4);
    REQUIRE(result["sequences"].size() == 1);
    // e6 needs a <= 0 before `a` is read; e7 needs two more iterations after the one that reads it.
    CHECK(inputs(result, 0, "a")[0].get<int>() <= 0);
    CHECK(inputs(result, 0, "a")[1].get<int>() >= 3);
    CHECK(result["stats"]["iterations"] == 4);  // body copies encoded: the search stopped at the optimum
    CHECK(result["stats"]["solver_unknown"] == 0);
  }
}

TEST_CASE("bounded-exhaustive: below the optimum, a suite of shortest sequences, and below a target's shortest, a proof") {
  for (const char* solver : kSolvers) {
    CAPTURE(solver);
    const auto file = runFile("configs/models/fig4.cfg", "bounded-exhaustive");
    // Within 3 iterations every edge is coverable, but not all in one sequence.
    const auto three = runAndRead(file, {solverSet(solver), "strategy.max_iterations=3"}, "be-fig4-3");
    CHECK(three["replayed"] == true);
    CHECK(three["covered"] == 10);
    CHECK(three["sequences"].size() > 1);
    for (const auto& s : three["sequences"]) CHECK(s["steps"].size() <= 3);
    // e7 needs 3 iterations: within 2 it is proved infeasible, the rest still covered.
    const auto two = runAndRead(file, {solverSet(solver), "strategy.max_iterations=2"}, "be-fig4-2");
    CHECK(two["replayed"] == true);
    CHECK(two["covered"] == 9);
    CHECK(reason(two, "e7") == "infeasible-within-bound");
  }
}

TEST_CASE("bounded-exhaustive: the unreachable edge is infeasible within the bound, the rest covered in 1 step") {
  for (const char* solver : kSolvers) {
    CAPTURE(solver);
    const auto result =
        runAndRead(runFile("configs/models/unreachable.cfg", "bounded-exhaustive"), {solverSet(solver)}, "be-unreachable");
    CHECK(result["replayed"] == true);
    CHECK_FALSE(covered(result, "never"));
    CHECK(reason(result, "never") == "infeasible-within-bound");
    CHECK(covered(result, "sometimes"));
    CHECK(result["length"] == 1);
    CHECK(result["stats"]["iterations"] == 6);  // every k up to the depth bound was refuted for `never`
  }
}

TEST_CASE("bounded-exhaustive: the depth budget caps max_iterations, and two runs give the same result") {
  const auto file = runFile("configs/models/unreachable.cfg", "bounded-exhaustive");
  const auto a = runAndRead(file, {"strategy.max_iterations=100"}, "be-cap-a");
  const auto b = runAndRead(file, {"strategy.max_iterations=100"}, "be-cap-b");
  CHECK(a["stats"]["iterations"] == 6);
  CHECK(reason(a, "never") == "infeasible-within-bound");
  CHECK(untimed(a) == untimed(b));
}

TEST_CASE("bounded-exhaustive: state carried across iterations makes the optimum 2 steps") {
  for (const char* solver : kSolvers) {
    CAPTURE(solver);
    const auto result =
        runAndRead(runFile("tests/data/baseline-carry.cfg", "bounded-exhaustive"), {solverSet(solver)}, "be-carry");
    CHECK(result["replayed"] == true);
    CHECK(covered(result, "fire"));
    REQUIRE(result["sequences"].size() == 1);
    CHECK(inputs(result, 0, "a") == std::vector<nlohmann::json>{3, 7});
  }
}

TEST_CASE("bounded-exhaustive: Bool, Int, Real and bit-vector inputs and state") {
  for (const char* solver : kSolvers) {
    CAPTURE(solver);
    const auto file = runFile("tests/data/baseline-sorts.cfg", "bounded-exhaustive");
    const auto both = runAndRead(file, {solverSet(solver)}, "be-sorts");
    CHECK(both["replayed"] == true);
    CHECK(both["covered"] == 5);
    CHECK(both["length"] == 2);  // `hit` and `miss` are two branches of one decision
    const auto hit = runAndRead(file, {solverSet(solver), "targets.names=[\"hit\"]"}, "be-sorts-hit");
    CHECK(hit["replayed"] == true);
    CHECK(covered(hit, "hit"));
    CHECK(hit["length"] == 1);
  }
}

TEST_CASE("bounded-exhaustive: a division by zero, at which replay stops, leads to no target") {
  for (const char* solver : kSolvers) {
    CAPTURE(solver);
    const auto result =
        runAndRead(runFile("tests/data/baseline-divzero.cfg", "bounded-exhaustive"), {solverSet(solver)}, "be-divzero");
    CHECK(result["replayed"] == true);
    CHECK(result["replay_failures"].empty());
    CHECK(covered(result, "other"));
    CHECK(reason(result, "hit") == "infeasible-within-bound");
  }
}

TEST_CASE("bounded-exhaustive: a query budget ends the search, and proves nothing it did not finish") {
  // Queries: k = 0 (sat: `init`), k = 1 (sat: all but `never`; unsat), k = 2 (unsat), then refused.
  const auto result = runAndRead(runFile("configs/models/unreachable.cfg", "bounded-exhaustive"),
                                 {"budgets.solver_queries=4"}, "be-budget");
  CHECK(result["replayed"] == true);
  CHECK(result["stats"]["solver_queries"] == 4);
  CHECK(covered(result, "sometimes"));
  CHECK(reason(result, "never") == "budget-exhausted");
}

TEST_CASE("bounded-exhaustive: a model outside the acyclic core is refused, naming the strategy") {
  Vending m;
  try {
    (void)generate(m.sys, "bounded-exhaustive");
    FAIL("the strategy accepted a model with two loop heads");
  } catch (const Error& e) {
    CHECK(std::string(e.message()).starts_with("strategy 'bounded-exhaustive' needs an acyclic-core model"));
  }
}

TEST_CASE("bounded-exhaustive: a negative max_iterations is refused at the option") {
  CHECK(rejection("bounded-exhaustive", {{"max_iterations", std::int64_t{-1}}}) ==
        "strategy plugin 'bounded-exhaustive': option 'max_iterations': must be between 0 and 4294967295");
  CHECK(rejection("bounded-exhaustive", {{"max_iterations", std::int64_t{5}}}).empty());
}

// ---- random ------------------------------------------------------------------------------------

TEST_CASE("random: a seed gives the same sequences on every run (and every machine)") {
  const auto file = runFile("configs/models/fig4.cfg", "random");
  const auto a = runAndRead(file, {}, "random-det-a");
  const auto b = runAndRead(file, {}, "random-det-b");
  CHECK(untimed(a) == untimed(b));
  CHECK(a["replayed"] == true);
  CHECK(a["covered"] == 10);
  // The values are fixed by std::mt19937_64 and the plugin's own mapping, not by the standard
  // library's distributions, so they are pinned here.
  REQUIRE(a["sequences"].size() == 2);
  CHECK(inputs(a, 0, "a") == std::vector<nlohmann::json>{88, -18, 87});
  CHECK(inputs(a, 1, "a") == std::vector<nlohmann::json>{-29});
  // Another seed, another walk.
  const auto other = runAndRead(file, {"seed=4"}, "random-det-c");
  CHECK(other["sequences"] != a["sequences"]);
}

TEST_CASE("random: the easy edges of unreachable.cfg are covered, `never` is budget-exhausted, after max_steps") {
  for (const char* solver : kSolvers) {
    CAPTURE(solver);
    const auto result = runAndRead(runFile("configs/models/unreachable.cfg", "random"),
                                   {solverSet(solver), "strategy.max_steps=500"}, "random-unreachable");
    CHECK(result["replayed"] == true);
    CHECK(covered(result, "read"));
    CHECK(covered(result, "e1"));
    CHECK(covered(result, "sometimes"));
    CHECK(reason(result, "never") == "budget-exhausted");
    CHECK(result["stats"]["iterations"] == 500);
    CHECK(result["stats"]["solver_queries"] == 0);
    // Only sequences that added coverage, cut after the step that did: here the first step.
    CHECK(result["length"] == 1);
  }
}

TEST_CASE("random: int_min and int_max bound the values drawn") {
  const auto result = runAndRead(runFile("configs/models/fig4.cfg", "random"),
                                 {"strategy.int_min=5", "strategy.int_max=9", "strategy.max_steps=300"}, "random-range");
  CHECK(result["replayed"] == true);
  for (std::size_t s = 0; s < result["sequences"].size(); ++s)
    for (const auto& a : inputs(result, s, "a")) CHECK((a.get<int>() >= 5 && a.get<int>() <= 9));
  CHECK(reason(result, "e6") == "budget-exhausted");  // needs a <= 0
  CHECK(covered(result, "e7"));
}

TEST_CASE("random: inputs of every sort") {
  const auto result = runAndRead(runFile("tests/data/baseline-sorts.cfg", "random"), {"strategy.max_steps=200"}, "random-sorts");
  CHECK(result["replayed"] == true);
  CHECK(covered(result, "miss"));
  REQUIRE(!result["sequences"].empty());
  const auto& step = result["sequences"][0]["steps"][0];
  CHECK(step["f"].is_boolean());
  CHECK(step["n"].is_number_integer());
  CHECK(step["b"].get<std::string>().ends_with("bv8"));
}

TEST_CASE("random: any transition system with inputs, outputs and unconstrained state, not only acyclic cores") {
  Vending m;
  const RunResult a = generate(m.sys, "random", {{"max_steps", std::int64_t{2000}}});
  CHECK(a.replayed);
  CHECK(a.coveredTargets() == m.sys.transitions.size());
  CHECK(a.strategy.get(stat::kIterations) <= 2000);
  // Each sequence gives the unconstrained `bonus`; the walk is the same on a second run.
  for (const TestSequence& s : a.sequences) CHECK(s.initial.contains(m.bonus));
  const RunResult b = generate(m.sys, "random", {{"max_steps", std::int64_t{2000}}});
  REQUIRE(a.sequences.size() == b.sequences.size());
  for (std::size_t i = 0; i < a.sequences.size(); ++i) {
    REQUIRE(a.sequences[i].steps.size() == b.sequences[i].steps.size());
    for (std::size_t k = 0; k < a.sequences[i].steps.size(); ++k)
      CHECK(std::equal(a.sequences[i].steps[k].inputs.begin(), a.sequences[i].steps[k].inputs.end(),
                       b.sequences[i].steps[k].inputs.begin(), b.sequences[i].steps[k].inputs.end()));
  }
}

TEST_CASE("random: int_min above int_max, and a max_steps below 1, are refused at the option") {
  CHECK(rejection("random", {{"int_min", std::int64_t{10}}, {"int_max", std::int64_t{-10}}}) ==
        "strategy plugin 'random': option 'int_max': -10 is below int_min (10)");
  CHECK(rejection("random", {{"max_steps", std::int64_t{0}}}) ==
        "strategy plugin 'random': option 'max_steps': must be at least 1");
  CHECK(rejection("random", {{"int_min", std::int64_t{7}}, {"int_max", std::int64_t{7}}}).empty());
}

// ---- both ----------------------------------------------------------------------------------------

TEST_CASE("baselines: a configured heuristic, which they would not consult, is refused while the run file is read") {
  for (const char* strategy : {"random", "bounded-exhaustive"}) {
    CAPTURE(strategy);
    Registry registry;
    registry.loadDirectory(Registry::defaultPluginDir());
    const auto out = test::scratchDir("refused");
    std::filesystem::remove_all(out);
    try {
      (void)loadRunConfig(runFile("configs/models/fig4.cfg", strategy),
                          {"heuristics.0.name=permute-edges", "output.dir=\"" + out.string() + "\""}, registry);
      FAIL("the run file was accepted with a heuristic the strategy does not consult");
    } catch (const ConfigError& e) {
      CHECK(e.message() == "heuristic 'permute-edges' is of family 'path', which strategy '" + std::string(strategy) +
                               "' does not consult (it consults no heuristic family)");
      CHECK(e.hint() == "remove this [[heuristics]] entry, or use a strategy that consults 'path' (symtest)");
      CHECK(e.location() == SourceLocation{"<command line>", 1, 19});
    }
    CHECK_FALSE(std::filesystem::exists(out));
  }
}

TEST_SUITE_END();
