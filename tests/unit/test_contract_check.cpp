// Contract validation at load (seed-requirements A1, 1.4.1): disjointness, completeness relative
// to the parameters' enumeration ranges and the axioms, dead behaviours, witnesses and their text.
#include <doctest/doctest.h>

#include "symseq/contracts/Check.h"
#include "symseq/plugin/Registry.h"
#include "symseq/run/PluginOptions.h"

using namespace symseq;

namespace {

// Example 1: program Price(x1 : Drink) : int with contract C_r (tea: 100..200, coffee: 200..300).
struct PriceContract {
  ExprContext ctx;
  TransitionSystem sys{ctx};
  const FunctionDecl& price = ctx.declareFunction("Price", {Sort::integer()}, Sort::integer(), FunctionKind::Program);
  Expr x1 = ctx.var("x1", Sort::integer());
  Expr result = ctx.var("\\result", Sort::integer());

  explicit PriceContract(bool drinkDomain = true) {
    sys.name = "price";
    sys.addLocation("q");
    sys.enumerations.push_back({"Drink", {"tea", "coffee"}});
    if (drinkDomain) sys.variableEnumerations.emplace(x1, 0);
    Contract c;
    c.program = &price;
    c.params = {x1};
    c.result = result;
    c.behaviors.push_back({"tea", eq(x1, 0), range(100, 200), std::nullopt});
    c.behaviors.push_back({"coffee", eq(x1, 1), range(200, 300), std::nullopt});
    sys.contracts.push_back(std::move(c));
  }
  Expr num(long v) { return ctx.intVal(v); }
  Expr eq(Expr a, long v) { return ctx.mkEq(a, num(v)); }
  Expr range(long lo, long hi) {
    return ctx.make(Op::And, {ctx.make(Op::Le, {num(lo), result}), ctx.make(Op::Le, {result, num(hi)})});
  }
  Contract& contract() { return sys.contracts.at(0); }
};

struct Z3 {
  Registry registry;
  PluginPtr<Solver> solver;
  explicit Z3(ExprContext& ctx) {
    registry.loadDirectory(Registry::defaultPluginDir());
    solver = registry.makeSolver("z3", ctx, defaultOptions(registry.info(PluginKind::Solver, "z3")));
  }
};

// A solver that decides nothing: every query answers Unknown ("incomplete").
class UndecidedSolver final : public Solver {
 public:
  [[nodiscard]] std::string_view name() const override { return "undecided"; }
  [[nodiscard]] std::string version() const override { return "0"; }
  void push() override { ++level_; }
  void pop(unsigned levels) override { level_ -= levels; }
  [[nodiscard]] unsigned level() const override { return level_; }
  void add(Expr) override {}
  CheckResult check(std::span<const Expr>) override { return CheckResult::Unknown; }
  [[nodiscard]] Model model(std::span<const Expr>) override { throw SolverError("no model after Unknown"); }
  [[nodiscard]] std::vector<Expr> unsatAssumptions() override { return {}; }
  [[nodiscard]] std::string reasonUnknown() const override { return "incomplete"; }
  void setQueryTimeLimit(std::chrono::milliseconds) override {}
  [[nodiscard]] SolverStats stats() const override { return {}; }

 private:
  unsigned level_ = 0;
};

std::size_t count(const ContractCheck& c, ContractFindingKind kind) {
  std::size_t n = 0;
  for (const ContractFinding& f : c.findings) n += f.kind == kind ? 1 : 0;
  return n;
}

}  // namespace

TEST_CASE("contract check: C_r of Example 1 is disjoint and complete relative to Drink, no dead behaviour") {
  PriceContract m;
  Z3 z3(m.ctx);
  z3.solver->push();  // the check leaves the solver at the level it found
  const auto checks = checkContracts(m.sys, *z3.solver);
  CHECK(z3.solver->level() == 1);
  REQUIRE(checks.size() == 1);
  CHECK(checks[0].contract == &m.contract());
  CHECK(checks[0].disjoint);
  CHECK(checks[0].complete);
  CHECK(checks[0].findings.empty());
}

TEST_CASE("contract check: C_r without the Drink domain is incomplete, with a witness outside tea and coffee") {
  PriceContract m(false);
  Z3 z3(m.ctx);
  const auto checks = checkContracts(m.sys, *z3.solver);
  REQUIRE(checks.size() == 1);
  CHECK(checks[0].disjoint);
  CHECK_FALSE(checks[0].complete);
  REQUIRE(checks[0].findings.size() == 1);
  const ContractFinding& f = checks[0].findings[0];
  CHECK(f.kind == ContractFindingKind::Incomplete);
  CHECK_FALSE(f.isError());
  REQUIRE(f.witness.find(m.x1) != nullptr);
  const BigInt x = f.witness.find(m.x1)->asInt();
  CHECK((x != 0 && x != 1));
  CHECK(f.describe(m.sys, m.contract()) ==
        "the behaviours of Price are not complete: no precondition holds, e.g. at x1 = " + x.str() +
            " (a call there has no behaviour and cannot happen)");
}

TEST_CASE("contract check: overlapping behaviours are an error with the witness printed as a Drink literal") {
  PriceContract m;
  // coffee now assumes x1 <= 1: both apply to tea.
  m.contract().behaviors[1].pre = m.ctx.make(Op::Le, {m.x1, m.num(1)});
  Z3 z3(m.ctx);
  const auto checks = checkContracts(m.sys, *z3.solver);
  REQUIRE(checks.size() == 1);
  CHECK_FALSE(checks[0].disjoint);
  CHECK(checks[0].complete);
  REQUIRE(count(checks[0], ContractFindingKind::Overlap) == 1);
  const ContractFinding& f = checks[0].findings[0];
  CHECK(f.isError());
  CHECK(f.behaviors == std::vector<std::string>{"tea", "coffee"});
  REQUIRE(f.witness.find(m.x1) != nullptr);
  CHECK(*f.witness.find(m.x1) == Value::integer(0));
  CHECK(f.describe(m.sys, m.contract()) == "behaviours tea and coffee of Price overlap, e.g. at x1 = tea");
}

TEST_CASE("contract check: a behaviour whose postcondition contradicts itself is dead (a warning)") {
  PriceContract m;
  m.contract().behaviors[0].post = m.ctx.make(Op::And, {m.range(100, 200), m.ctx.make(Op::Gt, {m.result, m.num(250)})});
  Z3 z3(m.ctx);
  const auto checks = checkContracts(m.sys, *z3.solver);
  REQUIRE(checks.size() == 1);
  CHECK(checks[0].disjoint);
  CHECK(checks[0].complete);
  REQUIRE(checks[0].findings.size() == 1);
  const ContractFinding& f = checks[0].findings[0];
  CHECK(f.kind == ContractFindingKind::DeadBehavior);
  CHECK_FALSE(f.isError());
  CHECK(f.behaviors == std::vector<std::string>{"tea"});
  CHECK(f.describe(m.sys, m.contract()) ==
        "behaviour tea of Price can never apply: its precondition and postcondition contradict each other or the axioms");
}

TEST_CASE("contract check: disjointness and completeness are relative to the axioms over frozen variables") {
  // low: x1 <= w, high: x1 >= 5, with the axiom w < 5: disjoint only thanks to the axiom, and a
  // gap between w and 5 whose witness shows the frozen w.
  PriceContract m(false);
  const Expr w = m.ctx.var("w", Sort::integer());
  VariableDecl frozen{w, VariableRole::State, std::nullopt, std::nullopt};
  frozen.frozen = true;
  m.sys.variables.push_back(frozen);
  m.sys.axioms.push_back(m.ctx.make(Op::Lt, {w, m.num(5)}));
  // A frozen variable only an axiom reads says nothing about which behaviour applies: not shown.
  const Expr z = m.ctx.var("z", Sort::integer());
  VariableDecl other{z, VariableRole::State, std::nullopt, std::nullopt};
  other.frozen = true;
  m.sys.variables.push_back(other);
  m.sys.axioms.push_back(m.ctx.make(Op::Gt, {z, m.num(0)}));
  m.contract().behaviors[0] = {"low", m.ctx.make(Op::Le, {m.x1, w}), m.ctx.boolVal(true), std::nullopt};
  m.contract().behaviors[1] = {"high", m.ctx.make(Op::Ge, {m.x1, m.num(5)}), m.ctx.boolVal(true), std::nullopt};
  Z3 z3(m.ctx);
  const auto checks = checkContracts(m.sys, *z3.solver);
  CHECK(z3.solver->level() == 0);
  REQUIRE(checks.size() == 1);
  CHECK(checks[0].disjoint);
  CHECK_FALSE(checks[0].complete);
  REQUIRE(checks[0].findings.size() == 1);
  const ContractFinding& f = checks[0].findings[0];
  CHECK(f.kind == ContractFindingKind::Incomplete);
  REQUIRE(f.witness.find(m.x1) != nullptr);
  REQUIRE(f.witness.find(w) != nullptr);
  const BigInt x = f.witness.find(m.x1)->asInt(), wv = f.witness.find(w)->asInt();
  CHECK(f.witness.find(z) == nullptr);
  CHECK(wv < x);
  CHECK(x < 5);
  CHECK(f.describe(m.sys, m.contract()).find(", e.g. at x1 = " + x.str() + ", w = " + wv.str()) != std::string::npos);
}

TEST_CASE("contract check: contracts without behaviours are not checked") {
  PriceContract m;
  m.contract().behaviors.clear();
  Z3 z3(m.ctx);
  CHECK(checkContracts(m.sys, *z3.solver).empty());
}

TEST_CASE("contract check: undecided queries are Unknown findings, and nothing is claimed disjoint or complete") {
  PriceContract m;
  UndecidedSolver solver;
  const auto checks = checkContracts(m.sys, solver);
  CHECK(solver.level() == 0);
  REQUIRE(checks.size() == 1);
  CHECK_FALSE(checks[0].disjoint);
  CHECK_FALSE(checks[0].complete);
  // k(k-1)/2 + k + 1 = 4 queries, each undecided.
  REQUIRE(checks[0].findings.size() == 4);
  for (const ContractFinding& f : checks[0].findings) {
    CHECK(f.kind == ContractFindingKind::Unknown);
    CHECK_FALSE(f.isError());
    CHECK(f.reason == "incomplete");
  }
  CHECK(checks[0].findings[0].describe(m.sys, m.contract()) ==
        "the solver could not decide whether behaviours tea and coffee of Price overlap (incomplete)");
  CHECK(checks[0].findings[1].describe(m.sys, m.contract()) ==
        "the solver could not decide the completeness of the behaviours of Price (incomplete)");
  CHECK(checks[0].findings[3].describe(m.sys, m.contract()) ==
        "the solver could not decide whether behaviour coffee of Price can apply (incomplete)");
}

TEST_CASE("contract check: a witness shows the parameters first, by the name the contract gives them") {
  // As the iosts frontend builds it: the frozen variable declared first, the parameter named
  // `Price.x1`. One behaviour, x1 < w: incomplete.
  ExprContext ctx;
  TransitionSystem sys(ctx);
  sys.addLocation("q");
  const Expr w = ctx.var("w", Sort::integer());
  VariableDecl frozen{w, VariableRole::State, std::nullopt, std::nullopt};
  frozen.frozen = true;
  sys.variables.push_back(frozen);
  const FunctionDecl& price = ctx.declareFunction("Price", {Sort::integer()}, Sort::integer(), FunctionKind::Program);
  const Expr x1 = ctx.var("Price.x1", Sort::integer());
  sys.contracts.push_back({&price, {x1}, ctx.var("Price.result", Sort::integer()),
                           {{"low", ctx.make(Op::Lt, {x1, w}), ctx.boolVal(true), std::nullopt}}, false, false, std::nullopt});
  Z3 z3(ctx);
  const auto checks = checkContracts(sys, *z3.solver);
  REQUIRE(checks.size() == 1);
  REQUIRE(checks[0].findings.size() == 1);
  const ContractFinding& f = checks[0].findings[0];
  REQUIRE(f.witness.size() == 2);
  const std::string x = f.witness.find(x1)->asInt().str(), wv = f.witness.find(w)->asInt().str();
  CHECK(f.describe(sys, sys.contracts[0]) == "the behaviours of Price are not complete: no precondition holds, e.g. at x1 = " +
                                                 x + ", w = " + wv + " (a call there has no behaviour and cannot happen)");
}

TEST_CASE("contract check: an enum-valued frozen variable only a postcondition reads ranges over its enumeration") {
  // tea ensures \result == d && d > 1 with d : Drink (0 or 1): dead, by d's domain alone.
  PriceContract m;
  const Expr d = m.ctx.var("d", Sort::integer());
  VariableDecl frozen{d, VariableRole::State, std::nullopt, std::nullopt};
  frozen.frozen = true;
  m.sys.variables.push_back(frozen);
  m.sys.variableEnumerations.emplace(d, 0);
  m.contract().behaviors[0].post = m.ctx.make(Op::And, {m.ctx.mkEq(m.result, d), m.ctx.make(Op::Gt, {d, m.num(1)})});
  Z3 z3(m.ctx);
  const auto checks = checkContracts(m.sys, *z3.solver);
  REQUIRE(checks.size() == 1);
  REQUIRE(checks[0].findings.size() == 1);
  CHECK(checks[0].findings[0].kind == ContractFindingKind::DeadBehavior);
  CHECK(checks[0].findings[0].behaviors == std::vector<std::string>{"tea"});
}
