// Programs known by contracts in the `iosts` frontend (docs/models/iosts.md, "Programs and
// contracts"; seed-requirements 1.6.1): the vending machine of iosts-program-contracts.md
// (configs/models/vending.iosts) with Example 1's contract, its lowering into one transition per
// behaviour, the Cartesian product of two calls, the `contracts` option (also from a run file),
// frozen variables and axioms, and the errors the bad-input corpus leaves out. The shipped model
// lowers as the kernel tests' hand-built fixture (VendingModel.h) says, under each contract.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <system_error>

#include "ExprCheck.h"
#include "ScratchDir.h"
#include "VendingModel.h"
#include "symseq/expr/Evaluator.h"
#include "symseq/expr/Parser.h"
#include "symseq/expr/Printer.h"
#include "symseq/plugin/Frontend.h"
#include "symseq/plugin/Registry.h"
#include "symseq/run/LoadRunConfig.h"

using namespace symseq;
namespace fs = std::filesystem;

namespace {

const fs::path kModels = fs::path(SYMSEQ_SOURCE_DIR) / "configs" / "models";
const fs::path kVending = kModels / "vending.iosts";

struct Loaded {
  Registry registry;
  PluginPtr<Frontend> frontend;
  ExprContext ctx;
  TransitionSystem sys;

  explicit Loaded(const fs::path& file, const std::vector<std::string>& contracts = {})
      : frontend(load(registry, contracts)), sys(frontend->load(file, ctx)) {}

  static PluginPtr<Frontend> load(Registry& r, const std::vector<std::string>& contracts) {
    r.loadFile(Registry::defaultPluginDir() / "symseq-frontend-iosts.so");
    Options options;
    options.set("contracts", contracts);
    return r.makeFrontend("iosts", options);
  }
  [[nodiscard]] const Transition& t(const char* name) const {
    const auto id = sys.findTransition(name);
    REQUIRE_MESSAGE(id, name);
    return sys.transitions[*id];
  }
  [[nodiscard]] Expr var(const char* name) const {
    const auto v = ctx.findVar(name);
    REQUIRE_MESSAGE(v, name);
    return *v;
  }
  // A term over the context's variables and functions (`Price.x1 == 0`), to compare with.
  [[nodiscard]] Expr term(const char* text) { return parseExpr(ctx, text); }
  [[nodiscard]] std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (const Transition& tr : sys.transitions) out.push_back(tr.name);
    return out;
  }
};

// A file in a scratch folder of this test process.
fs::path writeFile(const std::string& name, const std::string& text) {
  const fs::path file = test::scratchDir("iosts-contracts") / name;
  fs::create_directories(file.parent_path());
  std::ofstream(file, std::ios::binary) << text;
  return file;
}

// The message a user would see for a model given as text (the scratch folder shown as "<dir>/").
std::string loadError(const std::string& text, const std::vector<std::string>& contracts = {},
                      const std::vector<std::pair<std::string, std::string>>& files = {}) {
  for (const auto& [name, body] : files) (void)writeFile(name, body);
  const fs::path file = writeFile("m.iosts", text);
  std::string what = "<no error>";
  try {
    Loaded m(file, contracts);
  } catch (const Error& e) {
    what = e.what();
    const std::string dir = file.parent_path().string() + "/";
    for (auto at = what.find(dir); at != std::string::npos; at = what.find(dir)) what.replace(at, dir.size(), "<dir>/");
  }
  std::error_code ignored;
  fs::remove_all(file.parent_path(), ignored);
  return what;
}

// The vending machine's declarations without its contract and transitions.
const std::string kHeader =
    "enum Drink { tea, coffee }\nvar m : int\nvar B : Drink\nvar p : int\nprogram Price(Drink) : int\n"
    "input choice(d : Drink)\noutput screen(v : int)\nstate q\ninitial q\n";  // 9 lines

const std::string kContractCr =
    "contract Price(x1) {\n"
    "  behavior tea:    assumes x1 == tea;    ensures 100 <= \\result && \\result <= 200;\n"
    "  behavior coffee: assumes x1 == coffee; ensures 200 <= \\result && \\result <= 300;\n"
    "}\n";

const std::string kContractCw =
    "# C_w of Example 5, reconstructed\n"
    "contract Price(d) {\n"
    "  behavior tea:    assumes d == tea;    ensures 100 <= \\result && \\result < 150;\n"
    "  behavior coffee: assumes d == coffee; ensures 200 < \\result && \\result <= 300;\n"
    "}\n";

}  // namespace

TEST_CASE("iosts contracts: Example 1's contract C_r is read exactly") {
  Loaded m(kVending);
  REQUIRE(m.sys.contracts.size() == 1);
  const Contract& c = m.sys.contracts[0];
  REQUIRE(c.program != nullptr);
  CHECK(c.program->kind() == FunctionKind::Program);
  CHECK(c.program->signature() == "Price(int) -> int");
  CHECK(m.sys.externals.empty());  // a program has no implementation
  REQUIRE(c.params.size() == 1);
  CHECK_SAME(c.params[0], m.var("Price.x1"));
  CHECK_SAME(c.result, m.var("Price.result"));
  CHECK(c.result.sort() == Sort::integer());
  // The parameter holds a Drink: checks know its domain {tea, coffee}.
  REQUIRE(m.sys.variableEnumerations.count(c.params[0]) == 1);
  CHECK(m.sys.enumerations[m.sys.variableEnumerations.at(c.params[0])].name == "Drink");
  CHECK(m.sys.variableEnumerations.count(c.result) == 0);
  REQUIRE(c.behaviors.size() == 2);
  CHECK(c.behaviors[0].name == "tea");
  CHECK_SAME(c.behaviors[0].pre, m.term("Price.x1 == 0"));
  CHECK_SAME(c.behaviors[0].post, m.term("100 <= Price.result && Price.result <= 200"));
  CHECK(c.behaviors[1].name == "coffee");
  CHECK_SAME(c.behaviors[1].pre, m.term("Price.x1 == 1"));
  CHECK_SAME(c.behaviors[1].post, m.term("200 <= Price.result && Price.result <= 300"));
  CHECK(c.declaredDisjoint);
  CHECK(c.declaredComplete);
  REQUIRE(c.behaviors[1].where);
  const std::string coffeeAt = kVending.string() + ":14:12";
  CHECK(c.behaviors[1].where->toString() == coffeeAt);
  CHECK(m.sys.axioms.empty());
  for (const VariableDecl& v : m.sys.variables) CHECK_FALSE(v.frozen);
}

TEST_CASE("iosts contracts: the vending machine lowers to price#tea and price#coffee") {
  Loaded m(kVending);
  CHECK(m.names() == std::vector<std::string>{"init", "coin", "choose", "price#tea", "price#coffee", "add", "serve"});
  for (const char* name : {"init", "coin", "choose", "add", "serve"}) {
    CHECK(m.t(name).origin.empty());
    CHECK(m.t(name).variant.empty());
  }
  const Transition& tea = m.t("price#tea");
  const Transition& coffee = m.t("price#coffee");
  CHECK(tea.origin == "price");
  CHECK(tea.variant == std::vector<std::string>{"tea"});
  CHECK(coffee.origin == "price");
  CHECK(coffee.variant == std::vector<std::string>{"coffee"});
  CHECK(tea.modelTransition() == "price");
  // The call stays the whole value of its update: p := Price(B).
  REQUIRE(tea.updates.size() == 1);
  CHECK_SAME(tea.updates[0].variable, m.var("p"));
  CHECK_SAME(tea.updates[0].value, m.term("Price(B)"));
  // Each variant's guard is its behaviour's pre- and postcondition over B and Price(B).
  const FunctionDecl& price = *m.ctx.findFunction("Price");
  for (const long result : {99L, 100L, 150L, 200L, 201L, 250L, 300L, 301L}) {
    FunctionInterpretations f;
    f.set(price, [&](std::span<const Value>) { return Value::integer(result); });
    for (const long drink : {0L, 1L}) {
      Valuation store;
      store.set(m.var("B"), Value::integer(drink));
      const bool teaHolds = drink == 0 && result >= 100 && result <= 200;
      const bool coffeeHolds = drink == 1 && result >= 200 && result <= 300;
      CHECK_MESSAGE(evaluate(tea.guard, store, &f) == Value::boolean(teaHolds), drink, " ", result);
      CHECK_MESSAGE(evaluate(coffee.guard, store, &f) == Value::boolean(coffeeHolds), drink, " ", result);
    }
  }
}

TEST_CASE("iosts contracts: a call's contract reads the received and assigned values, the guard the old ones") {
  // choose receives B and calls Price on the received value; the guard reads the old B.
  const fs::path file = writeFile("received.iosts", kHeader + kContractCr +
                                                        "transition choose : q -> q [B == coffee] "
                                                        "{ choice?B; m := m + 1; p := Price(B) }\n");
  Loaded m(file);
  CHECK(m.names() == std::vector<std::string>{"choose#tea", "choose#coffee"});
  const FunctionDecl& price = *m.ctx.findFunction("Price");
  FunctionInterpretations f;
  f.set(price, [](std::span<const Value> args) { return Value::integer(args[0].asInt() == 0 ? 150 : 250); });
  for (const long old : {0L, 1L})
    for (const long received : {0L, 1L}) {
      Valuation store;
      store.set(m.var("B"), Value::integer(old));
      store.set(m.var("m"), Value::integer(0));
      store.set(m.var("choice.d"), Value::integer(received));
      CHECK(evaluate(m.t("choose#tea").guard, store, &f) == Value::boolean(old == 1 && received == 0));
      CHECK(evaluate(m.t("choose#coffee").guard, store, &f) == Value::boolean(old == 1 && received == 1));
    }
}

TEST_CASE("iosts contracts: two calls with 2 and 3 behaviours give 6 variants, in the written order of the calls") {
  const fs::path file = writeFile(
      "product.iosts",
      "var x : int\nvar a : int\nvar b : int\nprogram P(int) : int\nprogram Q(int) : int\n"
      "contract P(u) { behavior neg: assumes u < 0; ensures \\result < 0;\n"
      "                behavior nonneg: assumes u >= 0; ensures \\result >= 0; }\n"
      "contract Q(v) {\n  behavior lo: assumes v < 10; ensures \\result == 1;\n"
      "  behavior mid: assumes v >= 10 && v < 20; ensures \\result == 2;\n"
      "  behavior hi: assumes v >= 20; ensures \\result == 3;\n}\n"
      "input c(i : int)\nstate s\ninitial s\ntransition t : s -> s { c?x; a := P(x); b := Q(x + 1) }\n"
      "transition u : s -> s { tau; a := 0 }\ntargets t\nvar A : int[2]\n"
      "transition w : s -> s { tau; b := Q(x); A[x] := P(x) }\n");
  Loaded m(file);
  CHECK(m.names() == std::vector<std::string>{"t#neg.lo", "t#neg.mid", "t#neg.hi", "t#nonneg.lo", "t#nonneg.mid",
                                              "t#nonneg.hi", "u", "w#lo.neg", "w#lo.nonneg", "w#mid.neg",
                                              "w#mid.nonneg", "w#hi.neg", "w#hi.nonneg"});
  CHECK(m.t("t#nonneg.mid").variant == std::vector<std::string>{"nonneg", "mid"});
  CHECK(m.t("t#nonneg.mid").origin == "t");
  CHECK(m.sys.declaredTargets.size() == 6);  // the declared target covers every variant
  // t#nonneg.mid holds exactly when the received x >= 0, P(x) >= 0, 10 <= x + 1 < 20 and Q(x + 1) == 2.
  FunctionInterpretations f;
  f.set(*m.ctx.findFunction("P"), [](std::span<const Value> args) { return Value::integer(args[0].asInt()); });
  f.set(*m.ctx.findFunction("Q"), [](std::span<const Value> args) {
    const BigInt& v = args[0].asInt();
    return Value::integer(v < 10 ? 1 : v < 20 ? 2 : 3);
  });
  for (const long received : {-5L, 0L, 9L, 12L, 19L, 25L}) {
    Valuation store;
    for (const char* v : {"x", "a", "b"}) store.set(m.var(v), Value::integer(7));
    store.set(m.var("c.i"), Value::integer(received));
    CHECK_MESSAGE(evaluate(m.t("t#nonneg.mid").guard, store, &f) ==
                      Value::boolean(received >= 9 && received < 19),
                  received);
    CHECK_MESSAGE(evaluate(m.t("t#neg.lo").guard, store, &f) == Value::boolean(received < 0), received);
  }
}

TEST_CASE("iosts contracts: a program without contract does not branch, frozen variables and axioms") {
  const fs::path file = writeFile(
      "free.iosts",
      "var x : int\nvar y : int\nvar A : int[2]\nfrozen W : int\nenum E { e0, e1 }\nfrozen F : E\n"
      "axiom W >= 0 && W < 10\naxiom F == e1\nprogram P(int[2], int) : int\nprogram R(int) : int\n"
      "contract R(z) { behavior any: ensures \\result > W; }\n"
      "state s\ninitial s\ntransition t : s -> s [x < W] { tau; x := P(A, y); A[x] := R(y) }\n");
  Loaded m(file);
  // P has no contract: one transition, no variant; R's single behaviour gives one variant.
  CHECK(m.names() == std::vector<std::string>{"t#any"});
  REQUIRE(m.sys.contracts.size() == 2);
  const Contract& p = m.sys.contracts[0];
  CHECK(p.program->signature() == "P(int, int, int) -> int");
  CHECK(p.behaviors.empty());
  REQUIRE(p.params.size() == 3);
  CHECK(toString(p.params[0]) == "P.x1[0]");
  CHECK(toString(p.params[1]) == "P.x1[1]");
  CHECK(toString(p.params[2]) == "P.x2");
  CHECK(toString(p.result) == "P.result");
  const Contract& r = m.sys.contracts[1];
  REQUIRE(r.behaviors.size() == 1);
  CHECK_SAME(r.behaviors[0].pre, m.ctx.boolVal(true));  // no assumes: every input
  CHECK_SAME(r.behaviors[0].post, m.term("R.result > W"));
  CHECK_FALSE(r.declaredDisjoint);
  // Frozen: State, no initial value, enum ones registered; axioms over them, in order.
  const VariableDecl* w = m.sys.findVariable(m.var("W"));
  REQUIRE(w != nullptr);
  CHECK(w->frozen);
  CHECK(w->role == VariableRole::State);
  CHECK_FALSE(w->initial);
  CHECK(m.sys.variableEnumerations.count(m.var("F")) == 1);
  REQUIRE(m.sys.axioms.size() == 2);
  CHECK_SAME(m.sys.axioms[0], m.term("W >= 0 && W < 10"));
  CHECK_SAME(m.sys.axioms[1], m.term("F == 1"));
  // A call assigned to a cell with a non-literal index goes through a Local, so the call stays
  // the whole value of an update: t.call.2 := R(y); A[k] := ite(x == k, t.call.2, A[k]), the
  // index reading x before the group (saved).
  const Transition& t = m.t("t#any");
  std::vector<std::string> updates;
  for (const Update& u : t.updates) updates.push_back(toString(u.variable) + " := " + toString(u.value));
  CHECK(updates == std::vector<std::string>{"t.pre.x := x", "x := P(A[0], A[1], y)", "t.call.2 := R(y)",
                                            "A[0] := t.pre.x == 0 ? t.call.2 : A[0]",
                                            "A[1] := t.pre.x == 1 ? t.call.2 : A[1]"});
  const VariableDecl* local = m.sys.findVariable(m.var("t.call.2"));
  REQUIRE(local != nullptr);
  CHECK(local->role == VariableRole::Local);
}

TEST_CASE("iosts contracts: the contracts option replaces the model's contracts, relative to the model's folder") {
  const fs::path dir = test::scratchDir("iosts-contracts-option");
  fs::create_directories(dir / "contracts");
  std::ofstream(dir / "contracts" / "price-cw.contract", std::ios::binary) << kContractCw;
  std::ofstream(dir / "none.contract", std::ios::binary) << "contract Price(x1) { }\n";
  std::ofstream(dir / "vending.iosts", std::ios::binary)
      << kHeader << kContractCr << "transition price : q -> q { tau; p := Price(B) }\n";
  {
    Loaded m(dir / "vending.iosts", {"contracts/price-cw.contract"});
    REQUIRE(m.sys.contracts.size() == 1);
    const Contract& c = m.sys.contracts[0];
    REQUIRE(c.params.size() == 1);
    CHECK_SAME(c.params[0], m.var("Price.d"));
    REQUIRE(c.behaviors.size() == 2);
    CHECK_SAME(c.behaviors[0].post, m.term("100 <= Price.result && Price.result < 150"));
    CHECK_SAME(c.behaviors[1].post, m.term("200 < Price.result && Price.result <= 300"));
    REQUIRE(c.where);
    CHECK(c.where->file == (dir / "contracts" / "price-cw.contract").string());
    CHECK(m.names() == std::vector<std::string>{"price#tea", "price#coffee"});
  }
  {  // An empty contract: Price may return anything (C⊤), the transition does not branch.
    Loaded m(dir / "vending.iosts", {(dir / "none.contract").string()});
    CHECK(m.sys.contracts.at(0).behaviors.empty());
    CHECK(m.names() == std::vector<std::string>{"price"});
  }
  std::error_code ignored;
  fs::remove_all(dir, ignored);
}

TEST_CASE("iosts contracts: a run file's [model] contracts key reaches the frontend") {
  const fs::path dir = test::scratchDir("iosts-contracts-run");
  fs::create_directories(dir);
  const fs::path run = dir / "vending-cw.toml";
  std::ofstream(run, std::ios::binary) << "[model]\nfile = \"" << kVending.string()
                                       << "\"\nfrontend = \"iosts\"\ncontracts = [\"price-cw.contract\"]\n"
                                          "[solver]\nname = \"z3\"\n[strategy]\nname = \"tree\"\n";
  Registry registry;
  registry.loadDirectory(Registry::defaultPluginDir());
  const RunConfig config = loadRunConfig(run, {}, registry);
  CHECK(config.model.frontend.options.getStringList("contracts") == std::vector<std::string>{"price-cw.contract"});
  ExprContext ctx;
  const TransitionSystem sys =
      registry.makeFrontend("iosts", config.model.frontend.options)->load(config.model.file, ctx);
  REQUIRE(sys.contracts.size() == 1);
  REQUIRE(sys.contracts[0].behaviors.size() == 2);
  CHECK_SAME(sys.contracts[0].behaviors[0].post, parseExpr(ctx, "100 <= Price.result && Price.result < 150"));
  // A missing file is an error at the option in the run file.
  std::ofstream(run, std::ios::binary) << "[model]\nfile = \"" << kVending.string()
                                       << "\"\nfrontend = \"iosts\"\ncontracts = [\"price-xx.contract\"]\n"
                                          "[solver]\nname = \"z3\"\n[strategy]\nname = \"tree\"\n";
  const RunConfig missing = loadRunConfig(run, {}, registry);
  std::string what;
  try {
    ExprContext other;
    (void)registry.makeFrontend("iosts", missing.model.frontend.options)->load(missing.model.file, other);
  } catch (const ConfigError& e) {
    what = e.what();
  }
  CHECK(what == run.string() + ":4:13: error: option 'contracts': cannot open the contract file " +
                    (kModels / "price-xx.contract").string() +
                    "\n  hint: a relative path in 'contracts' starts at the model file's folder");
  std::error_code ignored;
  fs::remove_all(dir, ignored);
}

TEST_CASE("iosts contracts: program calls only as the whole right-hand side of an assignment") {
  const std::string hint = "\n  hint: assign the call to an attribute first: a program call is only allowed as the "
                           "whole right-hand side of an assignment, as in 'x := Price(...)'";
  const std::string model = kHeader + kContractCr;  // 13 lines
  CHECK(loadError(model + "transition t : q -> q [Price(B) > 0] { tau }") ==
        "<dir>/m.iosts:14:24: error: program 'Price' is called in a guard" + hint);
  CHECK(loadError(model + "transition t : q -> q { screen!Price(B) }") ==
        "<dir>/m.iosts:14:32: error: program 'Price' is called in an emitted term" + hint);
  CHECK(loadError(model + "transition t : q -> q { tau; p := Price(B) + 1 }") ==
        "<dir>/m.iosts:14:35: error: program 'Price' is called inside a larger term" + hint);
  CHECK(loadError(model + "transition t : q -> q { tau; p := Price(Price(B)) }") ==
        "<dir>/m.iosts:14:41: error: program 'Price' is called in the arguments of another program call" + hint);
  CHECK(loadError(model + "transition t : q -> q { tau; p := B == tea ? Price(B) : 0 }") ==
        "<dir>/m.iosts:14:46: error: program 'Price' is called inside a larger term" + hint);
  CHECK(loadError("var A : int[2]\n" + model + "transition t : q -> q { tau; A[Price(B)] := 0 }") ==
        "<dir>/m.iosts:15:32: error: program 'Price' is called in an array index" + hint);
  CHECK(loadError("var z : int = Price(0)\n" + model) ==
        "<dir>/m.iosts:1:15: error: program 'Price' is called in an initial value" + hint);
  // The whole value, possibly in parentheses or over several lines, is accepted.
  CHECK(loadError(model + "transition t : q -> q { tau; p := (Price(B)) }") == "<no error>");
  CHECK(loadError(model + "transition t : q -> q { tau;\n  p := Price(\n B) }") == "<no error>");
}

TEST_CASE("iosts contracts: errors in contracts, frozen variables and axioms, located") {
  const std::string decls = kHeader;  // 9 lines
  CHECK(loadError(decls + "contract Price(x1) {\n  behavior tea: assumes x2 == tea;\n}\n") ==
        "<dir>/m.iosts:11:25: error: behaviour 'tea' of program 'Price' reads 'x2', which is neither a parameter of "
        "the contract nor a frozen variable; did you mean 'x1'?\n"
        "  hint: name a parameter, \\result (in ensures) or a frozen variable; declare it with 'frozen x2 : SORT' "
        "to share it between contracts and axioms");
  CHECK(loadError(decls + "contract Price(x1) { behavior b: ensures \\result > m; }\n") ==
        "<dir>/m.iosts:10:52: error: behaviour 'b' of program 'Price' reads 'm', which is neither a parameter of "
        "the contract nor a frozen variable\n"
        "  hint: a contract does not read the model's attributes: pass the value as an argument of the call");
  CHECK(loadError(decls + "contract Price(x1) { behavior b: assumes \\result > 0; }\n") ==
        "<dir>/m.iosts:10:42: error: \\result in an assumes clause\n"
        "  hint: an assumes clause reads the parameters and frozen variables; the result is known in ensures "
        "clauses only");
  CHECK(loadError(decls + "contract Price(x1) { behavior b: ensures \\old(x1) > 0; }\n") ==
        "<dir>/m.iosts:10:42: error: unknown ACSL construct '\\old'\n"
        "  hint: a contract's conditions use symseq's expression syntax, with \\result for the result");
  CHECK(loadError(decls +
                  "contract Price(x1) {\n  behavior b: ensures \\result > 0;\n  behavior b: ensures true;\n}\n") ==
        "<dir>/m.iosts:12:12: error: behaviour 'b' is declared twice (first at <dir>/m.iosts:11:12)\n"
        "  hint: give each behaviour its own name");
  CHECK(loadError(decls + "contract Prise(x1) { }\n") ==
        "<dir>/m.iosts:10:10: error: contract for undeclared program 'Prise'; did you mean 'Price'?\n"
        "  hint: declare the program with 'program Prise(SORT, ...) : SORT'");
  CHECK(loadError(decls + "contract Price(x1, x2) { }\n") ==
        "<dir>/m.iosts:10:10: error: the contract of 'Price' names 2 parameters, program 'Price' takes 1\n"
        "  hint: name one parameter per sort of 'program Price(Drink) : int'");
  CHECK(loadError(decls + "contract Price(x1) { behavior b: ensures \\result; }\n") ==
        "<dir>/m.iosts:10:42: error: the ensures clause of behaviour 'b' of program 'Price' has sort int, "
        "expected bool\n  hint: write a condition, e.g. \\result > 0");
  CHECK(loadError(decls + "contract Price(x1) { behavior b: assumes x1 == tea ==> true; }\n") ==
        "<dir>/m.iosts:10:52: error: '==>' is ACSL's implication; symseq writes it '=>'\n"
        "  hint: a => b binds loosest, as in ACSL");
  CHECK(loadError(decls + "contract Price(x1) { requires x1 == 0; }\n") ==
        "<dir>/m.iosts:10:22: error: 'requires' outside a behaviour\n"
        "  hint: name a behaviour for it: 'behavior B: assumes ...; ensures ...;' (a behaviour without assumes "
        "applies to every input)");
  CHECK(loadError(decls + "frozen W : int\ntransition t : q -> q { tau; W := 1 }\n") ==
        "<dir>/m.iosts:11:30: error: frozen variable 'W' cannot be written\n"
        "  hint: a frozen variable keeps one value on every path; constrain it with axioms");
  CHECK(loadError(decls + "frozen W : int = 3\n") ==
        "<dir>/m.iosts:10:16: error: a frozen variable has no initial value\n"
        "  hint: constrain it with an axiom, e.g. 'axiom W >= 0'");
  CHECK(loadError(decls + "axiom m > 0\n") ==
        "<dir>/m.iosts:10:7: error: an axiom reads 'm', which is neither a frozen variable nor an enum literal\n"
        "  hint: an axiom constrains frozen variables, whose value is one for every path; an attribute changes "
        "along a path");
  CHECK(loadError(decls + "contract Price(x1) { behavior b: ensures \\result == f(x1); }\nfunction f(int) : int\n") ==
        "<dir>/m.iosts:10:53: error: behaviour 'b' of program 'Price' calls 'f'\n"
        "  hint: a contract's conditions and the axioms call builtins only (to_real, ...), neither external "
        "functions nor programs");
  CHECK(loadError(decls + "contract Price(tea) { }\n") ==
        "<dir>/m.iosts:10:16: error: parameter 'tea' of the contract of 'Price' has the name of an enum literal\n"
        "  hint: choose another name: the conditions would not tell them apart");
  CHECK(loadError(decls + "input Price(v : int)\n") ==
        "<dir>/m.iosts:5:9: error: 'Price' names both a program and a channel (at <dir>/m.iosts:10:7)\n"
        "  hint: rename one: the program's parameters and the channel's would share variable names");
}

TEST_CASE("iosts contracts: errors in contract files are located in the file") {
  const std::string model = kHeader + "transition t : q -> q { tau; p := Price(B) }\n";
  CHECK(loadError(model, {"c.contract"}, {{"c.contract", "# C\ncontract Prize(x1) { }\n"}}) ==
        "<dir>/c.contract:2:10: error: contract for undeclared program 'Prize'; did you mean 'Price'?\n"
        "  hint: declare the program with 'program Prize(SORT, ...) : SORT'");
  CHECK(loadError(model, {"c.contract"}, {{"c.contract", "var y : int\n"}}) ==
        "<dir>/c.contract:1:1: error: 'var' declarations belong in the model, not in a contract file\n"
        "  hint: a contract file holds contract, frozen, axiom declarations");
  CHECK(loadError(model, {"c.contract"}, {{"c.contract", "frozen m : int\n"}}) ==
        "<dir>/c.contract:1:8: error: 'm' is declared twice (first at <dir>/m.iosts:2:5)\n"
        "  hint: attributes, enum literals, functions, programs and frozen variables need distinct names");
  CHECK(loadError(model, {"c.contract", "d.contract"},
                  {{"c.contract", "contract Price(x1) { }\n"}, {"d.contract", "contract Price(y) { }\n"}}) ==
        "<dir>/d.contract:1:10: error: the contract of 'Price' is given by two contract files (first at "
        "<dir>/c.contract:1:10)\n  hint: keep one contract file per program in the 'contracts' option");
  // A contract file's frozen variables and axioms join the model's.
  CHECK(loadError(model, {"c.contract"},
                  {{"c.contract", "frozen W : int\naxiom W > 0\ncontract Price(x1) { behavior b: ensures \\result "
                                  "== W; }\n"}}) == "<no error>");
}

TEST_CASE("iosts contracts: the shipped vending machine lowers as the kernel's fixture, under C_r, C_w and none") {
  const std::pair<test::PriceContract, std::vector<std::string>> cases[] = {
      {test::PriceContract::Cr, {}}, {test::PriceContract::Cw, {"price-cw.contract"}},
      {test::PriceContract::None, {"price-none.contract"}}};
  for (const auto& [contract, files] : cases) {
    Loaded m(kVending, files);
    const test::VendingModel fixture(contract);
    const TransitionSystem expected = fixture.split();
    REQUIRE(m.names().size() == expected.transitions.size());
    const auto variables = [](const TransitionSystem& sys) {
      std::vector<std::string> out;
      for (const VariableDecl& v : sys.variables)
        out.push_back(toString(v.var) + (v.role == VariableRole::Input ? " input" : " state") +
                      (v.initial ? " = " + toString(*v.initial) : ""));
      return out;
    };
    CHECK(variables(m.sys) == variables(expected));
    const auto contractText = [](const TransitionSystem& sys) {
      std::vector<std::string> out;
      for (const Contract& c : sys.contracts) {
        out.push_back(c.program->signature() + " " + toString(c.params.at(0)) + " " + toString(c.result));
        for (const Behavior& b : c.behaviors) out.push_back(b.name + ": " + toString(b.pre) + " / " + toString(b.post));
      }
      return out;
    };
    CHECK(contractText(m.sys) == contractText(expected));
    // Every variable by name in both systems, for valuations; Price by a table in both.
    const auto valuation = [](const ExprContext& ctx, const std::map<std::string, long>& values) {
      Valuation v;
      for (const auto& [name, value] : values)
        if (const auto var = ctx.findVar(name)) v.set(*var, Value::integer(value));
      return v;
    };
    for (std::size_t i = 0; i < expected.transitions.size(); ++i) {
      const Transition& want = expected.transitions[i];
      const Transition& got = m.sys.transitions[i];
      CAPTURE(want.name);
      CHECK(got.name == want.name);
      CHECK(got.origin == want.origin);
      CHECK(got.variant == want.variant);
      CHECK(m.sys.locations[got.source].name == expected.locations[want.source].name);
      CHECK(m.sys.locations[got.target].name == expected.locations[want.target].name);
      CHECK(got.action.kind == want.action.kind);
      std::vector<std::string> gotText, wantText;
      for (Expr a : got.action.args) gotText.push_back(toString(a));
      for (const Update& u : got.updates) gotText.push_back(toString(u.variable) + " := " + toString(u.value));
      for (Expr a : want.action.args) wantText.push_back(toString(a));
      for (const Update& u : want.updates) wantText.push_back(toString(u.variable) + " := " + toString(u.value));
      CHECK(gotText == wantText);
      // The guards agree on a grid of stores and implementations of Price.
      for (const long price0 : {99L, 150L, 200L})
        for (const long price1 : {150L, 200L, 250L})
          for (const long mv : {0L, 150L, 200L})
            for (const long pv : {100L, 150L, 200L, 201L})
              for (const long d : {0L, 1L, 2L}) {
                const std::map<std::string, long> values{{"m", mv},       {"x", 5},      {"B", d % 2}, {"p", pv},
                                                         {"coin.v", 50}, {"choice.d", d}};
                const auto table = [&](std::span<const Value> args) {
                  return Value::integer(args[0].asInt() == 0 ? price0 : price1);
                };
                FunctionInterpretations gotPrice, wantPrice;
                gotPrice.set(*m.ctx.findFunction("Price"), table);
                wantPrice.set(fixture.price, table);
                CHECK(evaluate(got.guard, valuation(m.ctx, values), &gotPrice) ==
                      evaluate(want.guard, valuation(fixture.ctx, values), &wantPrice));
              }
    }
  }
}
