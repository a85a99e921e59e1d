// Contract inference (iosts-program-contracts.md, Definition 10 and Theorem 1; seed-requirements
// A6, A7, 1.4.6): Rel as a fixpoint, Clean, Example 6 exactly (modulo renaming), the two hand
// cases, typing constraints kept apart, the printers, and the round trip through the system with
// the inferred contracts.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>

#include "InferenceFixture.h"
#include "symseq/contracts/Check.h"
#include "symseq/contracts/Inference.h"
#include "symseq/expr/Printer.h"
#include "symseq/plugin/Registry.h"
#include "symseq/run/PluginOptions.h"

using namespace symseq;
using symseq::test::distinguishByHand;
using symseq::test::VendingForInference;

namespace {

std::set<std::string> names(std::span<const Expr> vars) {
  std::set<std::string> out;
  for (Expr v : vars) out.emplace(v.name());
  return out;
}

std::set<std::string> texts(std::span<const Expr> formulas) {
  std::set<std::string> out;
  for (Expr f : formulas) out.insert(toString(f));
  return out;
}

// The path of Example 6: init coin choose price add coin choose price serve.
struct Example6 : VendingForInference {
  std::vector<DistinguishedPath> paths;
  InferredContracts inferred;
  Example6() {
    paths.push_back(distinguishByHand(
        sys, ids({"init", "coin", "choose", "price", "add", "coin", "choose", "price", "serve"}), 0));
    inferred = inferContracts(sys, paths);
  }
  const InferredContract& contract() const { return inferred.contracts.at(0); }
  const InferredBehavior& behavior(std::size_t i) const { return contract().behaviors.at(i); }
  Expr var(const std::string& name) const { return *ctx.findVar(name); }
};

struct Z3 {
  Registry registry;
  PluginPtr<Solver> solver;
  explicit Z3(ExprContext& ctx) {
    registry.loadDirectory(Registry::defaultPluginDir());
    solver = registry.makeSolver("z3", ctx, defaultOptions(registry.info(PluginKind::Solver, "z3")));
  }
};

}  // namespace

TEST_CASE("inference: Rel is the fixpoint over atoms, Boolean connectives only collect atoms") {
  ExprContext ctx;
  const auto v = [&](const char* n) { return ctx.var(n, Sort::integer()); };
  const Expr a = v("a"), b = v("b"), c = v("c"), d = v("d"), e = v("e");
  // a < b, then b = c + d reaches d only through b: a fixpoint, not one pass over the seeds' atoms.
  const std::vector<Expr> phi{ctx.make(Op::Lt, {a, b}), ctx.mkEq(ctx.make(Op::Add, {c, d}), b),
                              ctx.make(Op::Or, {ctx.mkNot(ctx.mkEq(d, e)), ctx.make(Op::Gt, {v("g"), v("h")})}),
                              ctx.make(Op::Gt, {v("k"), ctx.intVal(0)})};
  CHECK(names(related(phi, std::vector{a})) == std::set<std::string>{"a", "b", "c", "d", "e"});
  CHECK(names(related(phi, std::vector{v("g")})) == std::set<std::string>{"g", "h"});
  CHECK(names(related(phi, std::vector{v("k")})) == std::set<std::string>{"k"});
  // A seed that no atom mentions relates only to itself.
  CHECK(names(related(phi, std::vector{v("z")})) == std::set<std::string>{"z"});
  // Clean keeps the literals with a variable of the set, flattening ∧, and keeps ⊥.
  const std::vector<Expr> conj{ctx.make(Op::And, {phi[0], phi[3]}), phi[1], ctx.boolVal(false)};
  CHECK(texts(clean(conj, std::vector{a})) == std::set<std::string>{"a < b", "false"});
  CHECK(texts(clean(conj, std::vector{d, v("k")})) == std::set<std::string>{"c + d == b", "k > 0", "false"});
}

TEST_CASE("inference: Example 6, two calls of Price on one path (G_f, Ax_f, Pre_f, Post_f as in the paper)") {
  Example6 m;
  REQUIRE(m.paths[0].calls.size() == 2);
  REQUIRE(m.inferred.contracts.size() == 1);
  const InferredContract& c = m.contract();
  CHECK(c.program == &m.price);
  REQUIRE(c.params.size() == 1);
  CHECK(c.params[0].name() == "x1");
  CHECK(c.result.name() == "\\result");
  REQUIRE(c.behaviors.size() == 2);
  CHECK(m.behavior(0).name == "call1");
  CHECK(m.behavior(1).name == "call2");
  CHECK(m.behavior(0).call == 0);
  CHECK(m.behavior(1).call == 1);
  // B1, B2: the drinks chosen; v1, v2: the coins; p1, p2: the prices (the calls' results).
  CHECK(names(m.behavior(0).frozen) == std::set<std::string>{"B_1", "p_1", "coin_v_1", "p_2", "coin_v_2"});
  CHECK(names(m.behavior(1).frozen) == std::set<std::string>{"B_2", "p_2", "coin_v_1", "p_1", "coin_v_2"});
  CHECK(names(m.inferred.frozen) == std::set<std::string>{"B_1", "B_2", "p_1", "p_2", "coin_v_1", "coin_v_2"});
  // B1 occurs in no atom of φ once Price(B1) is p1: it is not in G_p2.
  CHECK(std::ranges::find(m.behavior(1).frozen, m.var("B_1")) == m.behavior(1).frozen.end());
  // φ's six atoms (the amount is 0 + v1, then (0 + v1) + v2, as the executor builds it).
  const std::set<std::string> phi{"0 + coin_v_1 < p_1", "p_1 >= 150", "p_1 <= 200",
                                  "(0 + coin_v_1) + coin_v_2 >= p_2", "p_2 >= 150", "p_2 <= 200"};
  CHECK(m.behavior(0).axioms.size() == 6);
  CHECK(texts(m.behavior(0).axioms) == phi);
  CHECK(texts(m.behavior(1).axioms) == phi);
  CHECK(m.inferred.axioms.size() == 6);  // Ax = Ax_p1 ∧ Ax_p2, deduplicated: φ
  CHECK(texts(m.inferred.axioms) == phi);
  CHECK(toString(m.behavior(0).pre) == "x1 == B_1");
  CHECK(toString(m.behavior(0).post) == "\\result == p_1");
  CHECK(toString(m.behavior(1).pre) == "x1 == B_2");
  CHECK(toString(m.behavior(1).post) == "\\result == p_2");
  // The chosen drinks and the parameter hold Drink values.
  CHECK(m.inferred.enumerations.size() == 3);
  CHECK(m.inferred.enumerations.at(m.var("B_1")) == 0);
  CHECK(m.inferred.enumerations.at(m.var("B_2")) == 0);
  CHECK(m.inferred.enumerations.at(c.params[0]) == 0);
}

TEST_CASE("inference: typing constraints of received Drink values stay out of Rel and Clean") {
  Example6 m;
  // The two receptions' ranges 0 <= B < 2, listed apart.
  CHECK(texts(m.inferred.typing) == std::set<std::string>{"0 <= B_1", "B_1 < 2", "0 <= B_2", "B_2 < 2"});
  for (const InferredBehavior& b : m.contract().behaviors)
    for (Expr a : b.axioms) CHECK(toString(a).find("B_") == std::string::npos);

  // A bound that is not the enumeration's range is a path constraint: B1 < 1 joins Ax_p1 only.
  VendingForInference v;
  auto path = distinguishByHand(
      v.sys, v.ids({"init", "coin", "choose", "price", "add", "coin", "choose", "price", "serve"}), 0);
  const Expr b1 = path.calls.at(0).args.at(0);
  path.condition.push_back(v.ctx.make(Op::Lt, {b1, v.num(1)}));
  const InferredContracts inferred = inferContracts(v.sys, std::vector{path});
  const auto& bs = inferred.contracts.at(0).behaviors;
  CHECK(bs.at(0).axioms.size() == 7);
  CHECK(texts(bs.at(0).axioms).contains("B_1 < 1"));
  CHECK(bs.at(1).axioms.size() == 6);
  CHECK(texts(inferred.typing).size() == 4);
}

TEST_CASE("inference: the hand cases of 1.4.6, a < f1 && b == 3 && c < f2 and a chain through u and w") {
  ExprContext ctx;
  TransitionSystem sys(ctx);
  sys.addLocation("q");
  const FunctionDecl& prog = ctx.declareFunction("p", {Sort::integer()}, Sort::integer(), FunctionKind::Program);
  const auto v = [&](const char* n) { return ctx.var(n, Sort::integer()); };
  const Expr a = v("a"), b = v("b"), c = v("c"), u = v("u"), w = v("w");
  const Expr f1 = ctx.apply(prog, {a}), f2 = ctx.apply(prog, {c});
  DistinguishedPath path;
  path.calls = {{&prog, {a}, f1, 0}, {&prog, {c}, f2, 0}};

  SUBCASE("disjoint calls: b in neither") {
    path.condition = {ctx.make(Op::Lt, {a, f1}), ctx.mkEq(b, ctx.intVal(3)), ctx.make(Op::Lt, {c, f2})};
    const InferredContracts inferred = inferContracts(sys, std::vector{path});
    const auto& bs = inferred.contracts.at(0).behaviors;
    CHECK(names(bs.at(0).frozen) == std::set<std::string>{"a_1", "p_1"});
    CHECK(texts(bs.at(0).axioms) == std::set<std::string>{"a_1 < p_1"});
    CHECK(names(bs.at(1).frozen) == std::set<std::string>{"c_1", "p_2"});
    CHECK(texts(bs.at(1).axioms) == std::set<std::string>{"c_1 < p_2"});
    CHECK(names(inferred.frozen) == std::set<std::string>{"a_1", "c_1", "p_1", "p_2"});
    CHECK(inferred.axioms.size() == 2);
  }
  SUBCASE("a chain links both calls") {
    path.condition = {ctx.make(Op::Lt, {f1, u}), ctx.make(Op::Lt, {u, w}), ctx.make(Op::Lt, {w, f2})};
    const InferredContracts inferred = inferContracts(sys, std::vector{path});
    const auto& bs = inferred.contracts.at(0).behaviors;
    CHECK(names(bs.at(0).frozen) == std::set<std::string>{"a_1", "p_1", "u_1", "w_1", "p_2"});
    CHECK(names(bs.at(1).frozen) == std::set<std::string>{"c_1", "p_2", "u_1", "w_1", "p_1"});
    const std::set<std::string> chain{"p_1 < u_1", "u_1 < w_1", "w_1 < p_2"};
    CHECK(texts(bs.at(0).axioms) == chain);
    CHECK(texts(bs.at(1).axioms) == chain);
    CHECK(inferred.axioms.size() == 3);
  }
}

TEST_CASE("inference: printed as symseq's contract syntax and as ACSL") {
  Example6 m;
  CHECK(printContractSyntax(m.inferred) ==
        "# Contracts inferred by symseq from distinguished paths (iosts-program-contracts.md, Definition 10)\n"
        "frozen p_1 : int\n"
        "frozen p_2 : int\n"
        "frozen coin_v_1 : int\n"
        "frozen B_1 : Drink\n"
        "frozen coin_v_2 : int\n"
        "frozen B_2 : Drink\n"
        "axiom 0 + coin_v_1 < p_1\n"
        "axiom p_1 >= 150\n"
        "axiom p_1 <= 200\n"
        "axiom (0 + coin_v_1) + coin_v_2 >= p_2\n"
        "axiom p_2 >= 150\n"
        "axiom p_2 <= 200\n"
        "contract Price(x1) {\n"
        "  behavior call1: assumes x1 == B_1; ensures \\result == p_1;\n"
        "  behavior call2: assumes x1 == B_2; ensures \\result == p_2;\n"
        "}\n");
  CHECK(printAcsl(m.inferred) ==
        "/* Contracts inferred by symseq from distinguished paths (iosts-program-contracts.md,\n"
        "   Definition 10): the frozen variables are logic constants, the axioms hold of them. */\n"
        "/*@ axiomatic Inferred {\n"
        "  @   logic integer p_1;\n"
        "  @   logic integer p_2;\n"
        "  @   logic integer coin_v_1;\n"
        "  @   logic integer B_1;  // Drink\n"
        "  @   logic integer coin_v_2;\n"
        "  @   logic integer B_2;  // Drink\n"
        "  @   axiom inferred_1: 0 + coin_v_1 < p_1;\n"
        "  @   axiom inferred_2: p_1 >= 150;\n"
        "  @   axiom inferred_3: p_1 <= 200;\n"
        "  @   axiom inferred_4: (0 + coin_v_1) + coin_v_2 >= p_2;\n"
        "  @   axiom inferred_5: p_2 >= 150;\n"
        "  @   axiom inferred_6: p_2 <= 200;\n"
        "  @ }\n"
        "  @*/\n"
        "\n"
        "/*@ behavior call1:\n"
        "  @   assumes x1 == B_1;\n"
        "  @   ensures \\result == p_1;\n"
        "  @ behavior call2:\n"
        "  @   assumes x1 == B_2;\n"
        "  @   ensures \\result == p_2;\n"
        "  @*/\n"
        "int Price(int x1);\n");
}

TEST_CASE("inference: the system with the inferred contracts, checked (the behaviours overlap, as the paper warns)") {
  Example6 m;
  const TransitionSystem g = withInferredContracts(m.sys, m.inferred);
  CHECK_NOTHROW(g.validate());
  CHECK(g.variables.size() == m.sys.variables.size() + 6);
  for (Expr v : m.inferred.frozen) {
    REQUIRE(g.findVariable(v) != nullptr);
    CHECK(g.findVariable(v)->frozen);
  }
  CHECK(g.axioms.size() == 6);
  REQUIRE(g.findContract(m.price) != nullptr);
  const Contract& c = *g.findContract(m.price);
  REQUIRE(c.behaviors.size() == 2);
  CHECK(c.behaviors[1].name == "call2");
  CHECK((c.behaviors[1].pre == m.behavior(1).pre));
  // call1 and call2 both apply when B1 = B2, which the axioms allow: not disjoint.
  Z3 z3(m.ctx);
  const auto checks = checkContracts(g, *z3.solver);
  REQUIRE(checks.size() == 1);
  CHECK_FALSE(checks[0].disjoint);
  CHECK_FALSE(checks[0].complete);
}

TEST_CASE("inference: round trip (Theorem 1), each path feasible with the behaviour inferred from each call") {
  VendingForInference m;
  std::vector<DistinguishedPath> paths;
  paths.push_back(distinguishByHand(m.sys, m.ids({"init", "coin", "choose", "price", "add", "coin", "choose", "price", "serve"}), 0));
  paths.push_back(distinguishByHand(m.sys, m.ids({"init", "coin", "choose", "price", "serve"}), 1));
  InferredContracts inferred = inferContracts(m.sys, paths);
  REQUIRE(inferred.contracts.at(0).behaviors.size() == 3);
  CHECK(inferred.contracts.at(0).behaviors[2].path == 1);
  Z3 z3(m.ctx);
  CHECK(checkRoundTrip(m.sys, inferred, paths, *z3.solver) == std::vector<bool>{true, true});
  CHECK(z3.solver->level() == 0);
  // A postcondition that contradicts the first path's guards (a price above 200) makes it
  // infeasible, and only it: the second path's call has its own behaviour.
  InferredBehavior& first = inferred.contracts.at(0).behaviors.at(0);
  first.post = m.ctx.mkEq(inferred.contracts.at(0).result, m.ctx.make(Op::Add, {*m.ctx.findVar("p_1"), m.num(100)}));
  CHECK(checkRoundTrip(m.sys, inferred, paths, *z3.solver) == std::vector<bool>{false, true});
}

TEST_CASE("inference: from the paths distinguish builds (feasibility/PathSet.h), as from the hand-built ones") {
  const std::vector<std::string> names{"init", "coin", "choose", "price", "add", "coin", "choose", "price", "serve"};
  VendingForInference byHand, real;
  const std::vector<DistinguishedPath> handPaths{distinguishByHand(byHand.sys, byHand.ids(names), 0)};
  const std::vector<DistinguishedPath> realPaths{distinguish(real.sys, real.ids(names), 0)};
  const InferredContracts fromHand = inferContracts(byHand.sys, handPaths);
  const InferredContracts fromReal = inferContracts(real.sys, realPaths);
  // The paths distinguish builds are folded (`v1`, not `0 + v1`, as the paper prints φ); the
  // hand-built ones are not, so compare the real one with the paper's Example 6 as text.
  CHECK(printContractSyntax(fromReal) ==
        "# Contracts inferred by symseq from distinguished paths (iosts-program-contracts.md, Definition 10)\n"
        "frozen p_1 : int\nfrozen p_2 : int\nfrozen coin_v_1 : int\nfrozen B_1 : Drink\nfrozen coin_v_2 : int\n"
        "frozen B_2 : Drink\naxiom coin_v_1 < p_1\naxiom p_1 >= 150\naxiom p_1 <= 200\n"
        "axiom coin_v_1 + coin_v_2 >= p_2\naxiom p_2 >= 150\naxiom p_2 <= 200\n"
        "contract Price(x1) {\n  behavior call1: assumes x1 == B_1; ensures \\result == p_1;\n"
        "  behavior call2: assumes x1 == B_2; ensures \\result == p_2;\n}\n");
  CHECK(fromReal.contracts.size() == fromHand.contracts.size());
  CHECK(texts(fromReal.typing) == texts(fromHand.typing));
  Z3 z3(real.ctx);
  CHECK(checkRoundTrip(real.sys, fromReal, realPaths, *z3.solver) == std::vector<bool>{true});
}

TEST_CASE("inference: a disjunction kept by Clean brings its variables into G_f, and names the model uses are skipped") {
  ExprContext ctx;
  TransitionSystem sys(ctx);
  sys.addLocation("q");
  const FunctionDecl& prog = ctx.declareFunction("p", {Sort::integer()}, Sort::integer(), FunctionKind::Program);
  const auto v = [&](const char* n) { return ctx.var(n, Sort::integer()); };
  const Expr a = v("a"), b = v("b"), c = v("c");
  // The model has an attribute x1 and another `\result` of sort real: the contract takes other names.
  sys.variables.push_back({v("x1"), VariableRole::State, std::nullopt, std::nullopt});
  (void)ctx.var("\\result", Sort::real());
  (void)v("a_1");  // a name the paths use is skipped too
  const Expr f1 = ctx.apply(prog, {a});
  DistinguishedPath path;
  path.calls = {{&prog, {a}, f1, 0}};
  path.condition = {ctx.make(Op::Or, {ctx.make(Op::Lt, {a, f1}), ctx.mkEq(b, ctx.intVal(3))}),
                    ctx.make(Op::Implies, {ctx.make(Op::Gt, {c, ctx.intVal(0)}), ctx.make(Op::Gt, {f1, v("a_1")})}),
                    ctx.make(Op::Gt, {v("d"), ctx.intVal(0)})};
  const InferredContracts inferred = inferContracts(sys, std::vector{path});
  const InferredBehavior& call1 = inferred.contracts.at(0).behaviors.at(0);
  // Rel reaches a, p(a) and a_1 through atoms; b and c join because their disjunction and
  // implication are kept whole; d stays out.
  CHECK(names(call1.frozen) == std::set<std::string>{"a_2", "p_1", "a_1_1", "b_1", "c_1"});
  CHECK(texts(call1.axioms) == std::set<std::string>{"a_2 < p_1 || b_1 == 3", "c_1 > 0 => p_1 > a_1_1"});
  CHECK(inferred.contracts.at(0).params.at(0).name() == "x1_1");
  CHECK(inferred.contracts.at(0).result.name() == "\\result_1");
  const std::string syntax = printContractSyntax(inferred);
  CHECK(syntax.find("contract p(x1_1) {\n  behavior call1: assumes x1_1 == a_2; ensures \\result == p_1;\n}\n") !=
        std::string::npos);
  const std::string acsl = printAcsl(inferred);
  CHECK(acsl.find("axiom inferred_2: c_1 > 0 ==> p_1 > a_1_1;") != std::string::npos);
  CHECK(acsl.find("ensures \\result == p_1;") != std::string::npos);
  CHECK(acsl.find("int p(int x1_1);") != std::string::npos);
}
