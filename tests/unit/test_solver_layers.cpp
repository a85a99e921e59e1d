// Kernel solver layers: the SMT-LIB2 log (exact text) and the budget layer over a scripted inner
// solver; the query cache, counterexample cache, independence and validating layers over the real
// back ends, against the bare back end on seeded random scripts.
#include <doctest/doctest.h>

#include <sstream>

#include "symseq/expr/ExprContext.h"
#include "symseq/solver/BudgetLayer.h"
#include "symseq/solver/SmtLibLog.h"
#include "symseq/support/Error.h"

using namespace symseq;

namespace {

// Answers from a script; records nothing else. Enough to see what the layer forwards and writes.
class ScriptedSolver final : public Solver {
 public:
  explicit ScriptedSolver(std::vector<CheckResult> answers) : answers_(std::move(answers)) {}
  std::string_view name() const override { return "scripted"; }
  std::string version() const override { return "1"; }
  void push() override { ++level_; }
  void pop(unsigned levels) override {
    if (levels > level_) throw SolverError("pop below the base level");
    level_ -= levels;
  }
  unsigned level() const override { return level_; }
  void add(Expr e) override {
    if (!e.sort().isBool()) throw SortError("not bool");
  }
  CheckResult check(std::span<const Expr>) override { return answers_.at(next_++); }
  Model model(std::span<const Expr>) override { return {}; }
  std::vector<Expr> unsatAssumptions() override { return {}; }
  std::string reasonUnknown() const override { return "timeout"; }
  void setQueryTimeLimit(std::chrono::milliseconds) override {}
  SolverStats stats() const override { return {}; }

 private:
  std::vector<CheckResult> answers_;
  std::size_t next_ = 0;
  unsigned level_ = 0;
};

}  // namespace

TEST_CASE("the SMT-LIB2 log writes each command once, declarations first, and the answers") {
  ExprContext ctx;
  const Expr x = ctx.var("x", Sort::integer());
  const Expr b = ctx.var("b", Sort::boolean());
  std::ostringstream out;
  SmtLibLog log(makePluginPtr<ScriptedSolver>(std::vector{CheckResult::Sat, CheckResult::Unknown}), out);
  log.add(ctx.make(Op::Gt, {x, ctx.intVal(1)}));
  log.push();
  log.add(ctx.make(Op::Lt, {x, ctx.intVal(3)}));
  CHECK((log.check(std::vector{b}) == CheckResult::Sat));  // parenthesised: doctest cannot print CheckResult
  log.pop(1);
  CHECK((log.check({}) == CheckResult::Unknown));
  CHECK_THROWS_AS(log.pop(1), SolverError);       // refused by the inner solver: not logged
  CHECK_THROWS_AS(log.add(x), SortError);         // likewise
  CHECK(out.str() ==
        "; symseq solver log: scripted 1\n"
        "(set-option :global-declarations true)\n(set-option :produce-models true)\n"
        "(set-option :produce-unsat-assumptions true)\n(set-logic ALL)\n"
        "(declare-fun x () Int)\n"
        "(assert (> x 1))\n"
        "(push 1)\n"
        "(assert (< x 3))\n"
        "(declare-fun b () Bool)\n"
        "(check-sat-assuming (b))\n"
        "; sat\n"
        "(pop 1)\n"
        "(check-sat)\n"
        "; unknown (timeout)\n");
}

TEST_CASE("the budget layer refuses queries past the query budget or the deadline") {
  using namespace std::chrono;
  ExprContext ctx;
  const auto far = steady_clock::now() + hours(1);
  BudgetLayer byCount(makePluginPtr<ScriptedSolver>(std::vector{CheckResult::Sat, CheckResult::Unsat}), 2, far,
                      milliseconds(0));
  CHECK((byCount.check({}) == CheckResult::Sat));
  CHECK((byCount.check({}) == CheckResult::Unsat));
  CHECK_FALSE(byCount.exhausted());
  CHECK((byCount.check({}) == CheckResult::Unknown));  // the scripted solver would throw: not asked
  CHECK(byCount.reasonUnknown() == "query budget exhausted");
  CHECK(byCount.exhausted());

  BudgetLayer byTime(makePluginPtr<ScriptedSolver>(std::vector{CheckResult::Sat}), 100, steady_clock::now() - seconds(1),
                     milliseconds(0));
  CHECK((byTime.check({}) == CheckResult::Unknown));
  CHECK(byTime.reasonUnknown() == "time budget exhausted");
}

// ---- The layers of the solver chain (query cache, counterexample cache, independence,
// validation) over real back ends: each must answer every query as the bare back end does.

#include <array>
#include <random>

#include "ShippedSolver.h"
#include "symseq/expr/Evaluator.h"
#include "symseq/solver/CounterexampleCache.h"
#include "symseq/solver/IndependenceLayer.h"
#include "symseq/solver/QueryCache.h"
#include "symseq/solver/ValidatingLayer.h"

namespace {

PluginPtr<Solver> withLayers(PluginPtr<Solver> s, ExprContext& ctx, const std::vector<std::string>& layers) {
  for (auto it = layers.rbegin(); it != layers.rend(); ++it) {
    if (*it == "query-cache") s = makePluginPtr<QueryCache>(std::move(s), ctx);
    else if (*it == "cex-cache") s = makePluginPtr<CounterexampleCache>(std::move(s), ctx);
    else if (*it == "independence") s = makePluginPtr<IndependenceLayer>(std::move(s), ctx);
  }
  return s;
}

// A seeded random script of push, pop, add and check-with-assumptions over a few Int variables
// in small independent groups (so slicing has something to drop), with many repeated atoms (so
// the caches hit). Every answer of the layered solver is compared with the bare one's; a sat
// answer's model must satisfy the query, an unsat one's core must be the query's assumptions in
// order and unsat with the assertions on the bare solver.
void differential(const std::string& backend, const std::vector<std::string>& layers, unsigned seed, int steps,
                  std::uint64_t& answered) {
  ExprContext ctx;
  std::mt19937 rng(seed);
  std::vector<Expr> vars;
  for (int i = 0; i < 6; ++i) vars.push_back(ctx.var("v" + std::to_string(i), Sort::integer()));
  std::vector<Expr> atoms;
  for (int i = 0; i < 24; ++i) {
    const Expr a = vars[rng() % 6];
    const Expr b = vars[(a == vars[0] || a == vars[1]) ? rng() % 2 : 2 + rng() % 4];  // groups {v0,v1}, {v2..v5}
    const Expr k = ctx.intVal(static_cast<int>(rng() % 7) - 3);
    const Op op = std::array{Op::Lt, Op::Le, Op::Gt, Op::Eq}[rng() % 4];
    atoms.push_back(ctx.make(op, {ctx.make(Op::Add, {a, k}), b}));
    if (rng() % 3 == 0) atoms.push_back(ctx.make(op, {a, k}));
  }
  auto bare = test::makeShippedSolver(ctx, backend);
  auto layered = withLayers(test::makeShippedSolver(ctx, backend), ctx, layers);
  std::vector<std::vector<Expr>> stack{{}};
  for (int step = 0; step < steps; ++step) {
    const unsigned what = rng() % 10;
    if (what < 2) {
      bare->push();
      layered->push();
      stack.emplace_back();
    } else if (what < 3 && stack.size() > 1) {
      const unsigned n = 1 + rng() % static_cast<unsigned>(stack.size() - 1);
      bare->pop(n);
      layered->pop(n);
      stack.resize(stack.size() - n);
    } else if (what < 5) {
      const Expr a = atoms[rng() % atoms.size()];
      bare->add(a);
      layered->add(a);
      stack.back().push_back(a);
    } else {
      std::vector<Expr> assumptions;
      for (unsigned i = rng() % 4; i > 0; --i) assumptions.push_back(atoms[rng() % atoms.size()]);
      CAPTURE(seed);
      CAPTURE(step);
      const CheckResult expected = bare->check(assumptions);
      const CheckResult got = layered->check(assumptions);
      REQUIRE((got == expected));
      CHECK(layered->level() == bare->level());
      ++answered;
      if (got == CheckResult::Sat) {
        const Valuation m = layered->model(vars).toValuation();
        for (const auto& scope : stack)
          for (Expr e : scope) CHECK(evaluate(e, m).asBool());
        for (Expr e : assumptions) CHECK(evaluate(e, m).asBool());
      } else if (got == CheckResult::Unsat) {
        const std::vector<Expr> core = layered->unsatAssumptions();
        std::size_t at = 0;  // a subsequence of the assumptions: in their order
        for (Expr c : core) {
          while (at < assumptions.size() && !(assumptions[at] == c)) ++at;
          REQUIRE(at < assumptions.size());
        }
        CHECK((bare->check(core) == CheckResult::Unsat));
      }
    }
  }
}

std::uint64_t layerCounter(const Solver& s, const std::string& name) {
  for (const auto& [n, v] : s.stats().layers)
    if (n == name) return v;
  FAIL("no counter " << name);
  return 0;
}

}  // namespace

TEST_CASE("solver layers answer every query as the bare back end: answers, models, cores, push and pop") {
  const std::vector<std::vector<std::string>> configs{{"query-cache"},
                                                      {"cex-cache"},
                                                      {"independence"},
                                                      {"query-cache", "cex-cache", "independence"},
                                                      {"independence", "query-cache", "cex-cache"}};
  for (const auto& layers : configs) {
    std::uint64_t answered = 0;
    for (unsigned seed = 0; seed < 12; ++seed) differential("z3", layers, seed, 120, answered);
    CHECK(answered > 300);
  }
  std::uint64_t answered = 0;
  differential("cvc5", {"independence", "query-cache", "cex-cache"}, 99, 120, answered);
  CHECK(answered > 30);
}

TEST_CASE("query cache: an identical query (assertions and assumptions as sets) is answered from the store") {
  ExprContext ctx;
  const Expr x = ctx.var("x", Sort::integer());
  const Expr gt = ctx.make(Op::Gt, {x, ctx.intVal(2)});
  const Expr lt = ctx.make(Op::Lt, {x, ctx.intVal(1)});
  const Expr eq = ctx.make(Op::Eq, {x, ctx.intVal(5)});
  QueryCache cache(test::makeShippedSolver(ctx), ctx);
  cache.push();
  cache.add(gt);
  CHECK((cache.check(std::vector{eq}) == CheckResult::Sat));
  cache.pop(1);
  cache.push();
  cache.add(gt);
  cache.add(gt);  // a repeat: the same set
  CHECK((cache.check(std::vector{eq}) == CheckResult::Sat));
  CHECK(layerCounter(cache, "query-cache.hits") == 1);
  CHECK(cache.stats().queries == 1);  // the back end was asked once
  CHECK(cache.model(std::vector{x}).find(x)->asInt() == 5);  // asked again for the model
  CHECK(layerCounter(cache, "query-cache.model_rechecks") == 1);
  CHECK((cache.check(std::vector{lt, eq}) == CheckResult::Unsat));
  const std::vector<Expr> core = cache.unsatAssumptions();
  CHECK((cache.check(std::vector{eq, lt}) == CheckResult::Unsat));  // the same set, other order
  CHECK(layerCounter(cache, "query-cache.hits") == 2);
  // The stored core, in this query's order.
  std::vector<Expr> expected;
  for (Expr e : std::vector{eq, lt})
    if (std::find(core.begin(), core.end(), e) != core.end()) expected.push_back(e);
  CHECK((cache.unsatAssumptions() == expected));
}

TEST_CASE("counterexample cache: a stored model that satisfies a query answers it, and an unsat subset answers unsat") {
  ExprContext ctx;
  const Expr x = ctx.var("x", Sort::integer());
  const Expr y = ctx.var("y", Sort::integer());
  const Expr fresh = ctx.var("z", Sort::integer());
  CounterexampleCache cex(test::makeShippedSolver(ctx), ctx);
  // 6 < x < 8: no completion of the empty model (x = 0) satisfies it, so the back end is asked.
  cex.add(ctx.make(Op::Gt, {x, ctx.intVal(6)}));
  cex.add(ctx.make(Op::Lt, {x, ctx.intVal(8)}));
  CHECK((cex.check({}) == CheckResult::Sat));
  CHECK(cex.stats().queries == 1);
  // 6 < x < 8 and x > 3: the stored model (x = 7) satisfies it.
  const Expr gt3 = ctx.make(Op::Gt, {x, ctx.intVal(3)});
  CHECK((cex.check(std::vector{gt3}) == CheckResult::Sat));
  CHECK(layerCounter(cex, "cex-cache.sat_hits") == 1);
  const Model m = cex.model(std::vector{x, fresh, ctx.make(Op::Add, {x, ctx.intVal(1)})});
  CHECK(m.find(x)->asInt() == 7);
  CHECK(m.find(fresh)->asInt() == 0);  // completion: no constraint mentions it
  CHECK(m.entries().size() == 3);
  CHECK(m.entries()[2].second.asInt() == 8);
  // 6 < x < 8 and x < 0 is unsat (asked); with one more assumption it contains that unsat set.
  const Expr neg = ctx.make(Op::Lt, {x, ctx.intVal(0)});
  const Expr yPos = ctx.make(Op::Gt, {y, ctx.intVal(0)});
  CHECK((cex.check(std::vector{neg}) == CheckResult::Unsat));
  CHECK((cex.check(std::vector{yPos, neg}) == CheckResult::Unsat));
  CHECK(layerCounter(cex, "cex-cache.unsat_hits") == 1);
  CHECK((cex.unsatAssumptions() == std::vector{neg}));
  CHECK(cex.stats().queries == 2);
}

TEST_CASE("independence: constraints sharing no variable with the query are left out once known sat") {
  ExprContext ctx;
  const Expr x = ctx.var("x", Sort::integer());
  const Expr y = ctx.var("y", Sort::integer());
  IndependenceLayer ind(test::makeShippedSolver(ctx), ctx);
  ind.add(ctx.make(Op::Gt, {x, ctx.intVal(10)}));
  ind.add(ctx.make(Op::Lt, {x, ctx.intVal(20)}));
  const Expr y1 = ctx.make(Op::Eq, {y, ctx.intVal(1)});
  CHECK((ind.check(std::vector{y1}) == CheckResult::Sat));  // {x} group checked once, found sat
  CHECK((ind.check(std::vector{y1}) == CheckResult::Sat));
  CHECK(layerCounter(ind, "independence.dropped") == 2);
  CHECK(ind.model(std::vector{y}).find(y)->asInt() == 1);  // from the slice
  CHECK(layerCounter(ind, "independence.model_rechecks") == 0);
  const Valuation m = ind.model(std::vector{x, y}).toValuation();  // x is outside the slice: its stored model
  CHECK(m.find(x)->asInt() > 10);
  CHECK(layerCounter(ind, "independence.model_rechecks") == 0);
  CHECK(ind.stats().queries == 2);
  // An unsat group of assertions alone is never dropped.
  ind.push();
  ind.add(ctx.make(Op::Lt, {x, ctx.intVal(0)}));
  CHECK((ind.check(std::vector{y1}) == CheckResult::Unsat));
  CHECK(ind.unsatAssumptions().size() <= 1);  // a subset of {y1}
  ind.pop(1);
  CHECK((ind.check({}) == CheckResult::Sat));
  CHECK(layerCounter(ind, "independence.empty_slices") == 1);
}

namespace {
// Answers Unknown, then whatever the script says; counts checks.
class CountingSolver final : public SolverLayer {
 public:
  using SolverLayer::SolverLayer;
  CheckResult check(std::span<const Expr> a) override {
    ++checks;
    if (lie) return CheckResult::Sat;
    return unknownNext-- > 0 ? CheckResult::Unknown : inner().check(a);
  }
  std::string reasonUnknown() const override { return "timeout"; }
  int unknownNext = 0;
  int checks = 0;
  bool lie = false;
};
}  // namespace

TEST_CASE("caches do not store unknown answers, and pass its reason through") {
  ExprContext ctx;
  const Expr x = ctx.var("x", Sort::integer());
  for (const char* layer : {"query-cache", "cex-cache", "independence"}) {
    CAPTURE(layer);
    auto counting = makePluginPtr<CountingSolver>(test::makeShippedSolver(ctx));
    CountingSolver* probe = counting.get();
    probe->unknownNext = 1;
    auto s = withLayers(std::move(counting), ctx, {std::string(layer)});
    s->add(ctx.make(Op::Gt, {x, ctx.intVal(1)}));
    CHECK((s->check({}) == CheckResult::Unknown));
    CHECK(s->reasonUnknown() == "timeout");
    CHECK((s->check({}) == CheckResult::Sat));  // asked again, not answered from a store
    CHECK(probe->checks == 2);
  }
}

TEST_CASE("validating layer: agreeing answers pass, a disagreement is an error naming the query") {
  ExprContext ctx;
  const Expr x = ctx.var("x", Sort::integer());
  ValidatingLayer v(test::makeShippedSolver(ctx, "z3"), test::makeShippedSolver(ctx, "cvc5"));
  v.add(ctx.make(Op::Gt, {x, ctx.intVal(1)}));
  CHECK((v.check({}) == CheckResult::Sat));
  const Expr neg = ctx.make(Op::Lt, {x, ctx.intVal(0)});
  CHECK((v.check(std::vector{neg}) == CheckResult::Unsat));
  CHECK(layerCounter(v, "validate.agreed") == 2);
  CHECK(layerCounter(v, "validate.cores_checked") == 1);

  auto liar = makePluginPtr<CountingSolver>(test::makeShippedSolver(ctx, "z3"));
  liar->lie = true;
  ValidatingLayer caught(std::move(liar), test::makeShippedSolver(ctx, "cvc5"));
  caught.add(ctx.make(Op::Lt, {x, x}));
  CHECK_THROWS_WITH_AS(caught.check({}), doctest::Contains("disagree on query #1"), SolverError);
}

TEST_CASE("budget layers sharing a query count hold the budget together") {
  using namespace std::chrono;
  const auto far = steady_clock::now() + hours(1);
  const QueryCount shared = std::make_shared<std::atomic<std::uint64_t>>(0);
  BudgetLayer a(makePluginPtr<ScriptedSolver>(std::vector{CheckResult::Sat, CheckResult::Sat}), shared, 3, far,
                milliseconds(0));
  BudgetLayer b(makePluginPtr<ScriptedSolver>(std::vector{CheckResult::Sat, CheckResult::Sat}), shared, 3, far,
                milliseconds(0));
  CHECK((a.check({}) == CheckResult::Sat));
  CHECK((b.check({}) == CheckResult::Sat));
  CHECK((a.check({}) == CheckResult::Sat));
  CHECK((b.check({}) == CheckResult::Unknown));
  CHECK(b.reasonUnknown() == "query budget exhausted");
}
