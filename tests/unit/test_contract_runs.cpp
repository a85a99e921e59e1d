// Programs known by contracts end to end, from the shipped files (configs/vending*.toml,
// configs/models/vending.iosts and its contract files, configs/paths/*.paths): the symbolic tree
// of seed-requirements 1.4.5 under C_r, C_w and no contract, with z3 and cvc5 and both encodings
// of determinism; Examples 4 and 5 from a path file; Example 6's contracts inferred, written and
// loaded back; tests solved together into consistent groups; pruned children that only the
// programs' determinism prunes.
#include <doctest/doctest.h>

#include <fstream>

#include "RunHelpers.h"
#include "symseq/contracts/Inference.h"
#include "symseq/feasibility/PathSet.h"
#include "symseq/plugin/Frontend.h"
#include "symseq/run/PluginOptions.h"
#include "symseq/run/PathFile.h"

// Whole generation runs (model, solver, strategy, replay): the `integration` label (tests/README.md).
TEST_SUITE_BEGIN("integration");

using namespace symseq;
using symseq::test::covered;
using symseq::test::readJson;
using symseq::test::reason;
using symseq::test::runInto;

namespace {

const char* const kSolvers[] = {"z3", "cvc5"};

std::filesystem::path source(const std::string& relative) { return std::filesystem::path(SYMSEQ_SOURCE_DIR) / relative; }

// The run's result.json and tree.json, with the times dropped.
struct Outcome {
  nlohmann::json result;
  nlohmann::json tree;
};

Outcome runVending(const std::string& runFile, const std::string& solver, const std::string& determinism,
                   const std::string& out) {
  const auto dir = runInto(source("configs/" + runFile + ".toml"),
                           {"solver.name=\"" + solver + "\"", "strategy.determinism=\"" + determinism + "\""}, out, {},
                           "[\"json\", \"tree\"]");
  Outcome o{readJson(dir / "result.json"), readJson(dir / "tree.json")};
  o.result["stats"].erase("solver_time_s");
  o.result["stats"].erase("total_time_s");
  return o;
}

// A model of the run file, loaded with its frontend options (the contract files), kept with its
// registry and context.
struct Loaded {
  Registry registry;
  ExprContext ctx;
  std::optional<TransitionSystem> system;
  explicit Loaded(const std::string& runFile) {
    registry.loadDirectory(Registry::defaultPluginDir());
    const RunConfig config = loadRunConfig(source("configs/" + runFile + ".toml"), {}, registry);
    system.emplace(registry.makeFrontend(config.model.frontend.name, config.model.frontend.options)
                       ->load(config.model.file, ctx));
  }
  PluginPtr<Solver> solver(const char* name) {
    return registry.makeSolver(name, ctx, defaultOptions(registry.info(PluginKind::Solver, name)));
  }
};

std::vector<std::vector<TransitionId>> transitionsOf(const std::vector<NamedPath>& named) {
  std::vector<std::vector<TransitionId>> out;
  for (const NamedPath& p : named) out.push_back(p.transitions);
  return out;
}

// The value the witness gives Price on a drink (0 tea, 1 coffee).
std::optional<long> priceOf(const PathSetWitness& w, long drink) {
  for (const ProgramResult& row : w.programs)
    if (row.program->name() == "Price" && row.args.at(0).asInt() == drink) return static_cast<long>(row.result.asInt());
  return std::nullopt;
}

void writeFile(const std::filesystem::path& file, const std::string& text) {
  std::filesystem::create_directories(file.parent_path());
  std::ofstream(file) << text;
}

// A run file for the model `m.iosts` beside it: the tree strategy, breadth first, with z3.
void writeRunFile(const std::filesystem::path& dir) {
  writeFile(dir / "run.toml", R"(seed = 0
[model]
file = "m.iosts"
frontend = "iosts"
[solver]
name = "z3"
[strategy]
name = "tree"
[searcher]
name = "bfs"
[output]
dir = "out"
)");
}

}  // namespace

TEST_CASE("contracts: the vending machine's tree at height 5, as seed-requirements 1.4.5 counts it, with either encoding") {
  for (const char* solver : kSolvers) {
    CAPTURE(solver);
    const Outcome uf = runVending("vending", solver, "uf", "cr-uf");
    // C_r: 1 + 1 + 1 + 1 + 2 + 4 nodes, no child pruned, every transition and both behaviours.
    CHECK(uf.result["stats"]["states"] == 10);
    CHECK(uf.result["stats"]["pruned_states"] == 0);
    CHECK(uf.result["replayed"] == true);
    CHECK(uf.result["model_coverage"]["transitions"]["covered"] == 6);
    CHECK(uf.result["model_coverage"]["transitions"]["targets"] == 6);
    CHECK(uf.result["model_coverage"]["behaviours"]["covered"] == 2);
    CHECK(covered(uf.result, "price#tea"));
    CHECK(covered(uf.result, "price#coffee"));
    CHECK(uf.result["stats"]["test_groups"] == 1);
    // Every test carries the program results it assumes; coffee costs exactly 200 under C_r.
    for (const auto& s : uf.result["sequences"]) {
      REQUIRE_FALSE(s["programs"].empty());
      for (const auto& row : s["programs"])
        if (row["args"][0] == "coffee") CHECK(row["result"] == 200);
    }

    // C_w: the cycle's last step is infeasible whatever Price does within its contract.
    const Outcome cw = runVending("vending-cw", solver, "uf", "cw-uf");
    CHECK(cw.result["stats"]["states"] == 6);
    CHECK(cw.result["stats"]["pruned_states"] == 4);
    CHECK(reason(cw.result, "add") == "infeasible-within-bound");
    CHECK(reason(cw.result, "serve") == "infeasible-within-bound");
    CHECK(cw.tree["pruned"].size() == 4);
    for (const auto& p : cw.tree["pruned"]) CHECK(p["determinism_needed"] == false);

    // No contract (C⊤): one child for the call, 1 + 1 + 1 + 1 + 1 + 2 nodes.
    const Outcome none = runVending("vending-none", solver, "uf", "none-uf");
    CHECK(none.result["stats"]["states"] == 7);
    CHECK(none.result["stats"]["pruned_states"] == 0);

    // The paper's pairwise condition gives the same results, and the same tree.
    for (const auto& [name, outcome] : {std::pair{std::string("vending"), &uf}, std::pair{std::string("vending-cw"), &cw},
                                        std::pair{std::string("vending-none"), &none}}) {
      CAPTURE(name);
      const Outcome pairwise = runVending(name, solver, "pairwise", name + "-pairwise");
      CHECK(pairwise.result["targets"] == outcome->result["targets"]);  // NOLINT
      CHECK(pairwise.result["stats"]["states"] == outcome->result["stats"]["states"]);
      CHECK(pairwise.result["stats"]["pruned_states"] == outcome->result["stats"]["pruned_states"]);
      CHECK(pairwise.tree["pruned"] == outcome->tree["pruned"]);
    }
  }
}

TEST_CASE("contracts: Examples 4 and 5 from the shipped path file, 4 of 4 feasible under C_r and 0 of 4 under C_w") {
  for (const char* solverName : kSolvers)
    for (const Determinism encoding : {Determinism::UninterpretedFunctions, Determinism::Pairwise}) {
      CAPTURE(solverName);
      CAPTURE(static_cast<int>(encoding));
      Loaded right("vending");
      const std::vector<NamedPath> named = readPathFile(source("configs/paths/vending-cycle.paths"), *right.system);
      REQUIRE(named.size() == 4);  // two lines, each with Price's two behaviours
      auto solver = right.solver(solverName);
      const PathSetResult r = checkPathSet(*right.system, *solver, transitionsOf(named), encoding);
      CHECK(std::count(r.alone.begin(), r.alone.end(), CheckResult::Sat) == 4);
      REQUIRE((r.set == CheckResult::Sat));
      REQUIRE(r.witness);
      CHECK(priceOf(*r.witness, 1).value_or(-1) == 200);
      const std::optional<long> tea = priceOf(*r.witness, 0);
      REQUIRE(tea);
      CHECK(*tea >= 150);
      CHECK(*tea <= 200);

      Loaded wrong("vending-cw");
      auto solverW = wrong.solver(solverName);
      const PathSetResult w = checkPathSet(*wrong.system, *solverW,
                                           transitionsOf(readPathFile(source("configs/paths/vending-cycle.paths"), *wrong.system)),
                                           encoding);
      CHECK(std::count(w.alone.begin(), w.alone.end(), CheckResult::Sat) == 0);
      CHECK((w.set == CheckResult::Unsat));
      CHECK(w.conflict.size() == 1);
      CHECK_FALSE(w.conflictNeedsDeterminism);
    }
}

TEST_CASE("contracts: Example 6's contracts inferred from the shipped path, written, and loaded back (Theorem 1)") {
  Loaded free("vending-none");
  const std::vector<NamedPath> named = readPathFile(source("configs/paths/vending-two-drinks.paths"), *free.system);
  REQUIRE(named.size() == 1);
  auto solver = free.solver("z3");
  const PathSetResult r = checkPathSet(*free.system, *solver, transitionsOf(named));
  REQUIRE((r.set == CheckResult::Sat));
  const InferredContracts inferred = inferContracts(*free.system, r.paths);
  REQUIRE(inferred.contracts.size() == 1);
  CHECK(inferred.contracts[0].behaviors.size() == 2);  // one behaviour per call of Price
  CHECK(checkRoundTrip(*free.system, inferred, r.paths, *solver) == std::vector<bool>{true});
  // Loaded back as a contract file, the model covers every behaviour variant (price#call1 and
  // price#call2) and every test replays: the inferred contracts keep the path feasible.
  const auto file = test::scratchDir("inferred") / "contracts.iosts";
  writeFile(file, printContractSyntax(inferred));
  const auto dir = runInto(source("configs/vending.toml"),
                           {"model.contracts=[\"" + file.string() + "\"]", "strategy.height=9"}, "inferred-run");
  const nlohmann::json result = readJson(dir / "result.json");
  CHECK(result["replayed"] == true);
  CHECK(covered(result, "price#call1"));
  CHECK(covered(result, "price#call2"));
  CHECK(covered(result, "serve"));
  // Inferred behaviours overlap (the two calls may take the same drink): a finding, not an error.
  bool overlap = false;
  for (const auto& f : result["findings"]) overlap = overlap || f["kind"] == "contract-overlap";
  CHECK(overlap);
}

TEST_CASE("contracts: tests that assume conflicting program results go into separate groups, each replayed") {
  const auto dir = test::scratchDir("groups");
  writeFile(dir / "m.iosts", R"(model groups
var r : int
program F(int) : int
state q0, q1, low, high
initial q0
transition call : q0 -> q1 { tau; r := F(1) }
transition lo   : q1 -> low  [r < 10] { tau }
transition hi   : q1 -> high [r > 20] { tau }
)");
  writeRunFile(dir);
  for (const char* solver : kSolvers) {
    CAPTURE(solver);
    const nlohmann::json result =
        readJson(runInto(dir / "run.toml", {"solver.name=\"" + std::string(solver) + "\""}, "groups-out") / "result.json");
    CHECK(result["replayed"] == true);
    CHECK(covered(result, "lo"));
    CHECK(covered(result, "hi"));
    CHECK(result["stats"]["test_groups"] == 2);
    std::set<int> groups;
    for (const auto& s : result["sequences"]) groups.insert(s["group"].get<int>());
    CHECK(groups == std::set<int>{1, 2});
  }
}

TEST_CASE("contracts: a child that only the programs' determinism prunes says so in tree.json") {
  const auto dir = test::scratchDir("determinism");
  writeFile(dir / "m.iosts", R"(model twice
var a : int
var b : int
var r : int
var s : int
program F(int) : int
input in(v : int)
state q0, q1, q2, q3, q4, q5
initial q0
transition first  : q0 -> q1 { in?a }
transition callA  : q1 -> q2 { tau; r := F(a) }
transition second : q2 -> q3 { in?b }
transition callB  : q3 -> q4 { tau; s := F(b) }
transition differ : q4 -> q5 [a == b && r != s] { tau }
)");
  writeRunFile(dir);
  for (const char* solver : kSolvers)
    for (const char* determinism : {"uf", "pairwise"}) {
      CAPTURE(solver);
      CAPTURE(determinism);
      const auto out = runInto(dir / "run.toml",
                               {"solver.name=\"" + std::string(solver) + "\"",
                                "strategy.determinism=\"" + std::string(determinism) + "\""},
                               "determinism-out", {}, "[\"json\", \"tree\"]");
      const nlohmann::json result = readJson(out / "result.json");
      const nlohmann::json tree = readJson(out / "tree.json");
      CHECK(reason(result, "differ") == "infeasible-within-bound");
      CHECK(result["stats"]["pruned_by_determinism"] == 1);
      REQUIRE(tree["pruned"].size() == 1);
      CHECK(tree["pruned"][0]["transition"] == "differ");
      CHECK(tree["pruned"][0]["determinism_needed"] == true);
    }
}

TEST_CASE("contracts: a real implementation of a program is checked against its contract on the calls the tests assume") {
  // configs/externals/vending-price.c charges 350 for a coffee; C_r's behaviour coffee ensures at
  // most 300. The tests keep the results they assume (and replay); the violation is a finding.
  const nlohmann::json result = readJson(runInto(source("configs/vending-impl.toml"), {}, "impl") / "result.json");
  CHECK(result["replayed"] == true);
  CHECK(result["model_coverage"]["transitions"]["covered"] == 6);
  std::vector<std::string> violations;
  for (const auto& f : result["findings"])
    if (f["kind"] == "implementation-violates-contract") violations.push_back(f["message"]);
  REQUIRE(violations.size() == 1);  // tea's 150 is within its behaviour
  CHECK(violations[0] == "Price(coffee) returned 350, but behaviour coffee ensures 200 <= \\result && \\result <= 300");
}

TEST_SUITE_END();
