// External functions summarised by tables (iosts-function-summaries.md, sections 3 and 4): the χ
// transformation, Sum/Sums, NoCorres and Dep as the paper's Examples 2 to 5 state them, SolveTab
// with and without enrichment, CSV tables and the C calling convention of a user's library.
#include <doctest/doctest.h>

#include <fstream>

#include "ScratchDir.h"
#include "symseq/expr/Evaluator.h"
#include "symseq/plugin/Registry.h"
#include "symseq/run/PluginOptions.h"
#include "symseq/summary/ExternalLibrary.h"
#include "symseq/tree/SolveTab.h"
#include "symseq/tree/Summaries.h"
#include "symseq/summary/TableCsv.h"

using namespace symseq;

namespace {

// The paper's running example: INTGR([m1, m2]) = I and RISE(I) = r, with the rows of Table 1.
struct Microgrid {
  ExprContext ctx;
  const FunctionDecl& intgr = ctx.declareFunction("INTGR", {Sort::integer(), Sort::integer()}, Sort::integer(), FunctionKind::External);
  const FunctionDecl& rise = ctx.declareFunction("RISE", {Sort::integer()}, Sort::real(), FunctionKind::External);
  Expr m1 = ctx.var("m1", Sort::integer());
  Expr m2 = ctx.var("m2", Sort::integer());
  FunctionTables tables;

  Microgrid() {
    tables.table(intgr).add({{Value::integer(123), Value::integer(96)}, Value::integer(228)});
    tables.table(intgr).add({{Value::integer(148), Value::integer(141)}, Value::integer(300)});
    tables.table(rise).add({{Value::integer(202)}, Value::real(Rational(7, 10))});
    tables.table(rise).add({{Value::integer(300)}, Value::real(Rational(242, 100))});
  }
  Expr num(int v) { return ctx.intVal(v); }
  Expr real(int n, int d) { return ctx.realVal(Rational(n, d)); }
  // RISE(INTGR(m1, m2)) > 1, rewritten by χ.
  std::pair<Expr, std::vector<CallRecord>> risePathCondition() {
    CallExtractor chi(ctx, 4);
    const Expr guard = chi.rewrite(ctx.make(Op::Gt, {ctx.apply(rise, {ctx.apply(intgr, {m1, m2})}), real(1, 1)}));
    return {guard, chi.calls()};
  }
};

Value evalWith(Expr e, std::initializer_list<std::pair<Expr, Value>> values) {
  Valuation v;
  for (const auto& [var, value] : values) v.set(var, value);
  return evaluate(e, v);
}

// The real functions of the example library (configs/externals/microgrid.c), in C++.
FunctionInterpretations realFunctions(const Microgrid& g) {
  FunctionInterpretations f;
  f.set(g.intgr, [](std::span<const Value> a) {
    return Value::integer((43 * a[0].asInt() + 40 * a[1].asInt()) / 40);
  });
  f.set(g.rise, [](std::span<const Value> a) {
    return Value::real(a[0].asInt() <= 230 ? Rational(97, 100) : Rational(242, 100));
  });
  return f;
}

}  // namespace

TEST_CASE("χ: nested calls are replaced innermost first, equal calls share one result (Example 3)") {
  Microgrid g;
  CallExtractor chi(g.ctx, 4);
  const Expr inner = g.ctx.apply(g.intgr, {g.ctx.make(Op::Add, {g.m1, g.num(1)}), g.num(0)});
  const Expr phi = g.ctx.make(Op::Gt, {g.ctx.apply(g.rise, {inner}), g.real(1, 1)});
  const Expr rewritten = chi.rewrite(phi);
  REQUIRE(chi.calls().size() == 2);
  CHECK(chi.calls()[0].function == &g.intgr);
  CHECK(chi.calls()[1].function == &g.rise);
  CHECK(chi.calls()[1].args[0] == chi.calls()[0].result);  // RISE reads INTGR's fresh result
  CHECK(rewritten == g.ctx.make(Op::Gt, {chi.calls()[1].result, g.real(1, 1)}));
  CHECK_FALSE(callsExternal(rewritten));
  CHECK(std::string(chi.calls()[0].result.name()) == "INTGR@4.0");
  // The same call again in the same step is the same value.
  CHECK(chi.rewrite(g.ctx.make(Op::Lt, {inner, g.num(5)})) == g.ctx.make(Op::Lt, {chi.calls()[0].result, g.num(5)}));
  CHECK(chi.calls().size() == 2);
}

TEST_CASE("Sums, NoCorres and Dep say what Examples 2, 4 and 5 say") {
  Microgrid g;
  const auto [guard, calls] = g.risePathCondition();
  const Expr I = calls[0].result;
  const Expr r = calls[1].result;
  const Expr sums = summaries(g.ctx, calls, g.tables);
  CHECK(evalWith(sums, {{g.m1, Value::integer(148)}, {g.m2, Value::integer(141)}, {I, Value::integer(300)},
                        {r, Value::real(Rational(242, 100))}}).asBool());
  CHECK_FALSE(evalWith(sums, {{g.m1, Value::integer(148)}, {g.m2, Value::integer(141)}, {I, Value::integer(228)},
                              {r, Value::real(Rational(242, 100))}}).asBool());
  // NoCorres1(cl1): (m1 != 123 || m2 != 96) && (m1 != 148 || m2 != 141).
  const Expr noCorres = noCorrespondence(g.ctx, calls[0], g.tables.find(g.intgr));
  CHECK(evalWith(noCorres, {{g.m1, Value::integer(123)}, {g.m2, Value::integer(97)}}).asBool());
  CHECK_FALSE(evalWith(noCorres, {{g.m1, Value::integer(148)}, {g.m2, Value::integer(141)}}).asBool());
  // Dep: RISE depends on INTGR, whose table yields 228 or 300.
  REQUIRE(dependencies(calls[1], calls).size() == 1);
  CHECK(dependencies(calls[0], calls).empty());
  const Expr dep = resultInTable(g.ctx, calls[0], g.tables.find(g.intgr));
  CHECK(evalWith(dep, {{I, Value::integer(228)}}).asBool());
  CHECK_FALSE(evalWith(dep, {{I, Value::integer(202)}}).asBool());
  // An empty table summarises nothing: Sum(cl, ∅) is false.
  CHECK(callSummary(g.ctx, calls[0], nullptr) == g.ctx.boolVal(false));
}

TEST_CASE("SolveTab: static tables miss a path that one enrichment step finds, with z3 and cvc5") {
  Registry registry;
  registry.loadDirectory(Registry::defaultPluginDir());
  for (const char* solverName : {"z3", "cvc5"}) {
    CAPTURE(solverName);
    Microgrid g;
    const FunctionInterpretations real = realFunctions(g);
    auto solver = registry.makeSolver(solverName, g.ctx, defaultOptions(registry.info(PluginKind::Solver, solverName)));
    // The "ok" path of the example: I > 200 and r = RISE(I) <= 1, which no row of Table 1 allows.
    CallExtractor chi(g.ctx, 5);
    const Expr I = chi.rewrite(g.ctx.apply(g.intgr, {g.m1, g.m2}));
    const std::vector<Expr> psi{g.ctx.make(Op::Gt, {I, g.num(200)}),
                                g.ctx.make(Op::Le, {chi.rewrite(g.ctx.apply(g.rise, {I})), g.real(1, 1)})};
    const auto calls = chi.calls();
    const SolveTabResult stat = solveTab(SolveTabJob{g.ctx, *solver, psi, calls, g.tables, &real, {}, 0});
    CHECK((stat.answer == CheckResult::Unsat));
    CHECK(g.tables.totalRows() == 4);

    // Dep (RISE's argument from INTGR's results) then NoCorres, as Algorithm 1 orders them.
    struct Dep final : TableHeuristic {
      Expr constrain(const TableSituation& s) const override {
        std::vector<Expr> parts;
        for (const CallRecord& c : s.calls)
          for (const CallRecord* on : dependencies(c, s.calls)) parts.push_back(resultInTable(s.ctx, *on, s.tables.find(*on->function)));
        return s.ctx.mkAnd(parts);
      }
    } dep;
    struct NoCorres final : TableHeuristic {
      Expr constrain(const TableSituation& s) const override {
        std::vector<Expr> parts;
        for (const CallRecord& c : s.calls) parts.push_back(noCorrespondence(s.ctx, c, s.tables.find(*c.function)));
        return s.ctx.mkOr(parts);
      }
    } noCorres;
    const TableHeuristic* heuristics[] = {&noCorres, &dep};
    const SolveTabResult enriched = solveTab(SolveTabJob{g.ctx, *solver, psi, calls, g.tables, &real, heuristics, 5});
    CHECK((enriched.answer == CheckResult::Sat));
    CHECK(enriched.rowsAdded >= 1);
    CHECK(g.tables.find(g.rise)->lookup(std::vector{Value::integer(228)}) != nullptr);  // Dep chose I = 228
    CHECK(solver->level() == 0);  // SolveTab leaves the solver's scopes as it found them
  }
}

TEST_CASE("SolveTab: a failing implementation leaves its table unchanged and is reported with its inputs") {
  Registry registry;
  registry.loadDirectory(Registry::defaultPluginDir());
  Microgrid g;
  FunctionInterpretations failing;
  failing.set(g.intgr, [](std::span<const Value>) -> Value { throw EvalError("INTGR failed with error code 3"); });
  auto solver = registry.makeSolver("z3", g.ctx, defaultOptions(registry.info(PluginKind::Solver, "z3")));
  CallExtractor chi(g.ctx, 1);
  const std::vector<Expr> psi{g.ctx.make(Op::Lt, {chi.rewrite(g.ctx.apply(g.intgr, {g.m1, g.m2})), g.num(100)})};
  const auto calls = chi.calls();
  const SolveTabResult r = solveTab(SolveTabJob{g.ctx, *solver, psi, calls, g.tables, &failing, {}, 3});
  CHECK((r.answer == CheckResult::Unsat));
  CHECK(g.tables.find(g.intgr)->size() == 2);
  REQUIRE_FALSE(r.failures.empty());
  CHECK(r.failures[0].function == "INTGR");
  CHECK(r.failures[0].args.size() == 2);
  CHECK(r.failures[0].message.find("error code 3") != std::string::npos);
}

TEST_CASE("CSV tables: rows read and written back, and a row of the wrong arity is an error at its line") {
  Microgrid g;
  const auto dir = test::scratchDir("tables");
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "RISE.csv") << "# RISE\n202, 0.7\n\n228,\"real(97, 100)\"\n300,2.42\n";
  FunctionTable rise(g.rise);
  readTableCsv(dir / "RISE.csv", rise);
  REQUIRE(rise.size() == 3);
  CHECK(*rise.lookup(std::vector{Value::integer(228)}) == Value::real(Rational(97, 100)));
  rise.add({{Value::integer(7)}, Value::real(Rational(1, 3))});
  std::ofstream(dir / "again.csv") << tableCsv(rise);
  FunctionTable again(g.rise);
  readTableCsv(dir / "again.csv", again);
  CHECK(again.rows().size() == 4);
  CHECK(*again.lookup(std::vector{Value::integer(7)}) == Value::real(Rational(1, 3)));

  std::ofstream(dir / "bad.csv") << "123,96,228\n148,141\n";
  FunctionTable intgr(g.intgr);
  CHECK_THROWS_WITH_AS(readTableCsv(dir / "bad.csv", intgr),
                       doctest::Contains("bad.csv:2:1: error: this row has 2 values, INTGR(int, int) -> int needs 3"),
                       ParseError);
  std::ofstream(dir / "sort.csv") << "123,true,228\n";
  CHECK_THROWS_WITH_AS(readTableCsv(dir / "sort.csv", intgr), doctest::Contains("sort.csv:1:5: error: this value is bool"),
                       ParseError);
}

TEST_CASE("a user's library in the C convention: values converted exactly, error codes and missing symbols reported") {
  Microgrid g;
  const std::filesystem::path lib = std::filesystem::path(SYMSEQ_BINARY_DIR) / "lib/symseq/externals/libsymseq-microgrid.so";
  const ExternalLibrary library(lib, {{&g.intgr, "INTGR"}, {&g.rise, "RISE"}});
  const auto& f = library.interpretations();
  const std::vector<Value> measurements{Value::integer(123), Value::integer(96)};
  CHECK((*f.find(g.intgr))(measurements) == Value::integer(228));
  // 0.97 as the shortest decimal of the double, not its binary expansion.
  CHECK((*f.find(g.rise))(std::vector{Value::integer(228)}) == Value::real(Rational(97, 100)));
  CHECK((*f.find(g.rise))(std::vector{Value::integer(300)}) == Value::real(Rational(242, 100)));
  CHECK_THROWS_WITH_AS((*f.find(g.intgr))(std::vector{Value::integer(-1), Value::integer(0)}),
                       doctest::Contains("INTGR(-1, 0) failed with error code 1"), EvalError);
  CHECK_THROWS_WITH_AS(ExternalLibrary(lib, {{&g.intgr, "INTEGRATE"}}),
                       doctest::Contains("has no symbol 'INTEGRATE' for the external function INTGR(int, int) -> int"),
                       ConfigError);
}
