// Feasibility of sets of paths (iosts-program-contracts.md, Definitions 8 and 9; seed-requirements
// A4, A5, 1.4.4 and 1.4.5) on the vending machine: the four distinguished paths of Example 4, the
// verdicts of Example 5 under C_r and C_w, a conflict that needs determinism, the pairwise
// encoding, and both encodings agreeing on random path sets.
#include <doctest/doctest.h>

#include <chrono>
#include <random>
#include <set>

#include "ExprCheck.h"
#include "VendingModel.h"
#include "symseq/expr/Evaluator.h"
#include "symseq/expr/Printer.h"
#include "symseq/expr/Rewrite.h"
#include "symseq/feasibility/PathSet.h"
#include "symseq/plugin/Registry.h"
#include "symseq/run/PluginOptions.h"

using namespace symseq;
using test::PriceContract;
using test::VendingModel;

namespace {

const char* const kSolvers[] = {"z3", "cvc5"};
const Determinism kEncodings[] = {Determinism::UninterpretedFunctions, Determinism::Pairwise};

PluginPtr<Solver> makeSolver(const char* name, ExprContext& ctx) {
  Registry registry;
  registry.loadDirectory(Registry::defaultPluginDir());
  return registry.makeSolver(name, ctx, defaultOptions(registry.info(PluginKind::Solver, name)));
}

// The two IOSTS paths of Example 4 times the two behaviours, in the order pc1..pc4.
std::vector<std::vector<TransitionId>> example4Paths(const TransitionSystem& split) {
  std::vector<std::vector<TransitionId>> out;
  for (const char* behaviour : {"price#tea", "price#coffee"})
    for (const char* last : {"add", "serve"})
      out.push_back(VendingModel::ids(split, {"init", "coin", "choose", behaviour, last}));
  return out;
}

void flatten(Expr e, std::multiset<std::string>& out) {
  if (e.op() == Op::And) {
    for (Expr c : e.children()) flatten(c, out);
  } else if (!(e.isConst() && e.value() == Value::boolean(true))) {
    out.insert(toString(e));
  }
}

std::set<Expr, ExprIdLess> variablesOf(const std::vector<Expr>& es) {
  std::set<Expr, ExprIdLess> out;
  for (Expr e : es) collectVariables(e, out);
  return out;
}

// A path's condition under its witness values, with each program read from the witness table.
bool holdsUnderWitness(const DistinguishedPath& p, const Valuation& values, const std::vector<ProgramResult>& table) {
  Valuation renamed;
  for (std::size_t k = 0; k < p.renamed.size(); ++k) renamed.set(p.renamed[k], *values.find(p.original[k]));
  FunctionInterpretations programs;
  for (const ProgramResult& row : table)
    programs.set(*row.program, [&table, f = row.program](std::span<const Value> args) {
      for (const ProgramResult& r : table)
        if (r.program == f && std::equal(args.begin(), args.end(), r.args.begin(), r.args.end())) return r.result;
      throw EvalError("no row");
    });
  for (Expr c : p.condition)
    if (!evaluate(c, renamed, &programs).asBool()) return false;
  return true;
}

const ProgramResult* row(const PathSetWitness& w, long arg) {
  for (const ProgramResult& r : w.programs)
    if (r.args == std::vector<Value>{Value::integer(arg)}) return &r;
  return nullptr;
}

std::string said(CheckResult r) { return std::string(toString(r)); }

std::size_t count(const std::vector<CheckResult>& rs, CheckResult r) {
  return static_cast<std::size_t>(std::count(rs.begin(), rs.end(), r));
}

}  // namespace

TEST_CASE("path sets: Example 4 gives four distinguished paths with the conditions pc1..pc4") {
  VendingModel v(PriceContract::Cr);
  const TransitionSystem split = v.split();
  const auto paths = example4Paths(split);
  std::vector<DistinguishedPath> d;
  for (std::size_t i = 0; i < paths.size(); ++i) d.push_back(distinguish(split, paths[i], i));
  REQUIRE(d.size() == 4);

  for (std::size_t i = 0; i < 4; ++i) {
    CAPTURE(i);
    const std::string suffix = "~" + std::to_string(i);
    const Expr B = v.ctx.var("choice.d@3" + suffix, Sort::integer());
    const Expr vi = v.ctx.var("coin.v@2" + suffix, Sort::integer());
    const Expr p = v.ctx.apply(v.price, {B});
    // κ: one call of Price on the received choice.
    REQUIRE(d[i].calls.size() == 1);
    CHECK(d[i].calls[0].program == &v.price);
    CHECK(d[i].calls[0].args == std::vector<Expr>{B});
    CHECK_SAME(d[i].calls[0].result, p);
    CHECK(d[i].calls[0].step == 3);
    // The path's own symbols: the two inputs, then the unconstrained attributes (B starts at tea).
    std::vector<std::string> original, renamed;
    for (Expr e : d[i].original) original.emplace_back(e.name());
    for (Expr e : d[i].renamed) renamed.emplace_back(e.name());
    CHECK(original == std::vector<std::string>{"coin.v@2", "choice.d@3", "m", "x", "p"});
    CHECK(renamed == std::vector<std::string>{"coin.v@2" + suffix, "choice.d@3" + suffix, "m" + suffix,
                                              "x" + suffix, "p" + suffix});

    // pc_i modulo names, conjunct order and the typing constraint 0 <= B < 2.
    const bool coffee = i >= 2, serve = i % 2 == 1;
    const long lo = coffee ? 200 : 100, hi = coffee ? 300 : 200;
    // The amount starts at 0 and the condition is folded: `v < p`, as the paper prints it.
    const std::vector<Expr> pc{v.ctx.mkEq(B, v.num(coffee ? 1 : 0)), v.le(v.num(lo), p), v.le(p, hi),
                               serve ? v.ge(vi, p) : v.ctx.make(Op::Lt, {vi, p}), v.ge(p, 150),
                               v.le(p, 200)};
    const std::vector<Expr> typing{v.le(v.num(0), B), v.ctx.make(Op::Lt, {B, v.num(2)})};
    std::multiset<std::string> want, got;
    for (Expr e : pc) flatten(e, want);
    for (Expr e : typing) flatten(e, want);
    for (Expr e : d[i].condition) flatten(e, got);
    CHECK(got == want);

    // The same by evaluation: on a grid of values for (B, v, Price(B)), the condition holds
    // exactly where pc_i and the typing constraint do.
    const Expr pcAll = v.ctx.mkAnd(pc), typed = v.ctx.mkAnd(typing);
    for (long b : {-1, 0, 1, 2})
      for (long coin : {0, 149, 150, 199, 200, 201, 300})
        for (long price : {99, 100, 149, 150, 199, 200, 201, 300, 301}) {
          Valuation val;
          val.set(B, Value::integer(b));
          val.set(vi, Value::integer(coin));
          FunctionInterpretations f;
          f.set(v.price, [price](std::span<const Value>) { return Value::integer(price); });
          bool cond = true;
          for (Expr c : d[i].condition) cond = cond && evaluate(c, val, &f).asBool();
          CHECK(cond == (evaluate(pcAll, val, &f).asBool() && evaluate(typed, val, &f).asBool()));
        }
  }
  // Distinguished: no two paths share a symbol (the model has no frozen variable).
  for (std::size_t i = 0; i < 4; ++i)
    for (std::size_t j = i + 1; j < 4; ++j) {
      const auto a = variablesOf(d[i].condition), b = variablesOf(d[j].condition);
      std::vector<Expr> shared;
      std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(shared), ExprIdLess{});
      CHECK(shared.empty());
    }
}

TEST_CASE("path sets: distinguish refuses a disconnected path and an unsplit call with behaviours") {
  VendingModel v(PriceContract::Cr);
  const TransitionSystem split = v.split();
  CHECK_THROWS_WITH_AS((void)distinguish(split, VendingModel::ids(split, {"init", "choose"}), 0),
                       doctest::Contains("does not leave location 'q0'"), Error);
  CHECK_THROWS_WITH_AS((void)distinguish(v.ts, VendingModel::ids(v.ts, {"init", "coin", "choose", "price"}), 0),
                       doctest::Contains("not split by behaviours"), Error);
  // With no contract (C⊤) the unsplit call is fine: one call, its result free.
  VendingModel none(PriceContract::None);
  const DistinguishedPath d = distinguish(none.ts, VendingModel::ids(none.ts, {"init", "coin", "choose", "price"}), 7);
  REQUIRE(d.calls.size() == 1);
  CHECK(toString(d.calls[0].result) == toString(none.ctx.apply(none.price, {none.ctx.var("choice.d@3~7", Sort::integer())})));
}

TEST_CASE("path sets: Example 5 with C_r, 4 of 4 feasible, the set feasible, Price(coffee) = 200") {
  for (const char* solverName : kSolvers)
    for (const Determinism encoding : kEncodings) {
      CAPTURE(solverName);
      CAPTURE(static_cast<int>(encoding));
      VendingModel v(PriceContract::Cr);
      const TransitionSystem split = v.split();
      auto solver = makeSolver(solverName, v.ctx);
      const auto paths = example4Paths(split);
      const PathSetResult r = checkPathSet(split, *solver, paths, encoding);
      CHECK(solver->level() == 0);
      CHECK(count(r.alone, CheckResult::Sat) == 4);
      REQUIRE(said(r.set) == "sat");
      CHECK(r.conflict.empty());
      REQUIRE(r.witness);
      const PathSetWitness& w = *r.witness;
      CHECK(w.frozen.size() == 0);
      REQUIRE(w.programs.size() == 2);  // Price(tea) and Price(coffee), one row each
      const ProgramResult* tea = row(w, 0);
      const ProgramResult* coffee = row(w, 1);
      REQUIRE(tea);
      REQUIRE(coffee);
      CHECK(coffee->program == &v.price);
      CHECK(coffee->result == Value::integer(200));
      CHECK(tea->result.asInt() >= 150);
      CHECK(tea->result.asInt() <= 200);
      REQUIRE(w.values.size() == 4);
      for (std::size_t i = 0; i < 4; ++i) {
        CAPTURE(i);
        CHECK(*w.values[i].find(v.ctx.var("choice.d@3", Sort::integer())) == Value::integer(i >= 2 ? 1 : 0));
        CHECK(holdsUnderWitness(r.paths[i], w.values[i], w.programs));
      }

      // Asking more of Price: coffee other than 200, or tea under 150, is infeasible.
      std::vector<Expr> all;
      for (const DistinguishedPath& p : r.paths) all.insert(all.end(), p.condition.begin(), p.condition.end());
      const Expr teaPrice = v.ctx.apply(v.price, {v.num(0)}), coffeePrice = v.ctx.apply(v.price, {v.num(1)});
      const auto verdict = [&](Expr extra) {
        std::vector<Expr> cs = all;
        cs.push_back(extra);
        if (encoding == Determinism::Pairwise) cs = pairwiseEncoding(v.ctx, cs);
        solver->push();
        for (Expr c : cs) solver->add(c);
        const CheckResult answer = solver->check();
        solver->pop();
        return answer;
      };
      CHECK(said(verdict(v.ctx.mkNot(v.ctx.mkEq(coffeePrice, v.num(200))))) == "unsat");
      CHECK(said(verdict(v.ctx.make(Op::Lt, {teaPrice, v.num(150)}))) == "unsat");
      CHECK(said(verdict(v.ctx.make(Op::Gt, {teaPrice, v.num(200)}))) == "unsat");
      CHECK(said(verdict(v.both(v.ctx.mkEq(teaPrice, v.num(150)), v.ctx.mkEq(coffeePrice, v.num(200))))) == "sat");
      CHECK(said(verdict(v.ctx.mkEq(teaPrice, v.num(200)))) == "sat");
    }
}

TEST_CASE("path sets: Example 5 with C_w, 0 of 4 feasible, each path a conflict on its own") {
  for (const char* solverName : kSolvers)
    for (const Determinism encoding : kEncodings) {
      CAPTURE(solverName);
      CAPTURE(static_cast<int>(encoding));
      VendingModel v(PriceContract::Cw);
      const TransitionSystem split = v.split();
      auto solver = makeSolver(solverName, v.ctx);
      const PathSetResult r = checkPathSet(split, *solver, example4Paths(split), encoding);
      CHECK(solver->level() == 0);
      CHECK(count(r.alone, CheckResult::Unsat) == 4);
      CHECK(said(r.set) == "unsat");
      CHECK(r.conflict.size() == 1);
      CHECK_FALSE(r.conflictNeedsDeterminism);
      CHECK_FALSE(r.witness);
    }
}

TEST_CASE("path sets: a conflict between paths that only determinism makes, minimised") {
  for (const char* solverName : kSolvers)
    for (const Determinism encoding : kEncodings) {
      CAPTURE(solverName);
      CAPTURE(static_cast<int>(encoding));
      VendingModel v(PriceContract::Cr);
      // Two more ways out of q3, each a bound on the price.
      const auto bound = [&](const char* name, Op op, long c) {
        v.ts.transitions.push_back({name, 4, 1, v.ctx.make(op, {v.p, v.num(c)}), {}, {}, VendingModel::at(30)});
      };
      bound("below160", Op::Lt, 160);
      bound("above170", Op::Gt, 170);
      bound("above165", Op::Gt, 165);
      bound("below300", Op::Lt, 300);
      const TransitionSystem split = v.split();
      const auto path = [&](const char* behaviour, const char* last) {
        return VendingModel::ids(split, {"init", "coin", "choose", behaviour, last});
      };
      // Price(tea) above 165 or 170 (paths 1, 3, 4) against below 160 (path 5); path 0 and 2 fit any.
      const std::vector<std::vector<TransitionId>> paths{
          path("price#coffee", "serve"), path("price#tea", "above170"), path("price#tea", "below300"),
          path("price#tea", "above165"), path("price#tea", "above170"), path("price#tea", "below160")};
      auto solver = makeSolver(solverName, v.ctx);
      const PathSetResult r = checkPathSet(split, *solver, paths, encoding);
      CHECK(solver->level() == 0);
      CHECK(count(r.alone, CheckResult::Sat) == 6);
      CHECK(said(r.set) == "unsat");
      // A minimal conflict: path 5 and one of the paths above 165.
      REQUIRE(r.conflict.size() == 2);
      CHECK(r.conflict[1] == 5);
      CHECK(std::set<std::size_t>{1, 3, 4}.count(r.conflict[0]) == 1);
      CHECK(r.conflictNeedsDeterminism);
      // Without the path below 160 the rest is consistent.
      const std::vector<std::vector<TransitionId>> rest(paths.begin(), paths.end() - 1);
      const PathSetResult ok = checkPathSet(split, *solver, rest, encoding);
      CHECK(said(ok.set) == "sat");
      REQUIRE(ok.witness);
      CHECK(row(*ok.witness, 0)->result.asInt() > 170);
    }
}

TEST_CASE("path sets: one path that calls Price twice on tea needs determinism within itself") {
  for (const char* solverName : kSolvers)
    for (const Determinism encoding : kEncodings) {
      CAPTURE(solverName);
      CAPTURE(static_cast<int>(encoding));
      VendingModel v(PriceContract::Cr);
      v.ts.transitions.push_back({"below160", 4, 1, v.ctx.make(Op::Lt, {v.p, v.num(160)}), {}, {}, VendingModel::at(30)});
      v.ts.transitions.push_back({"above170", 4, 1, v.ctx.make(Op::Gt, {v.p, v.num(170)}), {}, {}, VendingModel::at(31)});
      const TransitionSystem split = v.split();
      const auto twice = [&](const char* first, const char* second) {
        return VendingModel::ids(split, {"init", "coin", "choose", "price#tea", first, "coin", "choose", "price#tea", second});
      };
      auto solver = makeSolver(solverName, v.ctx);
      // seed-requirements 1.3 item 10: Def 9's pairs include two calls of one path.
      const std::vector<std::vector<TransitionId>> paths{twice("below160", "above170"), twice("below160", "below160")};
      const PathSetResult r = checkPathSet(split, *solver, paths, encoding);
      CHECK((r.alone == std::vector<CheckResult>{CheckResult::Unsat, CheckResult::Sat}));
      CHECK(said(r.set) == "unsat");
      CHECK(r.conflict == std::vector<std::size_t>{0});
      CHECK(r.conflictNeedsDeterminism);
      REQUIRE(r.paths[0].calls.size() == 2);
      CHECK(r.paths[0].calls[1].step == 7);
    }
}

TEST_CASE("path sets: frozen variables stay shared by the paths, after the axioms, and the witness gives them") {
  for (const char* solverName : kSolvers)
    for (const Determinism encoding : kEncodings) {
      CAPTURE(solverName);
      CAPTURE(static_cast<int>(encoding));
      VendingModel v(PriceContract::Cr);
      // W, a global constant of the contracts (the paper's W): tea costs exactly W, 170 < W < 180.
      const Expr W = v.ctx.var("W", Sort::integer());
      v.ts.variables.push_back({W, VariableRole::State, std::nullopt, VendingModel::at(8), true});
      const Expr axiom = v.both(v.ctx.make(Op::Lt, {v.num(170), W}), v.ctx.make(Op::Lt, {W, v.num(180)}));
      v.ts.axioms = {axiom};
      v.ts.contracts[0].behaviors[0].post = v.ctx.mkEq(v.result, W);
      v.ts.transitions.push_back({"below160", 4, 1, v.ctx.make(Op::Lt, {v.p, v.num(160)}), {}, {}, VendingModel::at(30)});
      const TransitionSystem split = v.split();
      const auto path = [&](const char* behaviour, const char* last) {
        return VendingModel::ids(split, {"init", "coin", "choose", behaviour, last});
      };
      const std::vector<std::vector<TransitionId>> paths{path("price#tea", "add"), path("price#tea", "serve"),
                                                         path("price#coffee", "serve")};
      auto solver = makeSolver(solverName, v.ctx);
      const PathSetResult r = checkPathSet(split, *solver, paths, encoding);
      for (const DistinguishedPath& d : r.paths) {
        REQUIRE_FALSE(d.condition.empty());
        REQUIRE(d.condition.size() >= 2);  // the axiom's conjuncts come first, W not renamed
        CHECK_SAME(d.condition[0], axiom.child(0));
        CHECK_SAME(d.condition[1], axiom.child(1));
        CHECK(variablesOf(d.condition).count(W) == 1);
        CHECK(std::find(d.original.begin(), d.original.end(), W) == d.original.end());
      }
      REQUIRE(said(r.set) == "sat");
      REQUIRE(r.witness);
      const Value* w = r.witness->frozen.find(W);
      REQUIRE(w);
      CHECK(w->asInt() > 170);
      CHECK(w->asInt() < 180);
      CHECK(row(*r.witness, 0)->result == *w);
      // Tea below 160 contradicts the axiom, whatever the programs do.
      const PathSetResult below = checkPathSet(split, *solver, std::vector<std::vector<TransitionId>>{path("price#tea", "below160")}, encoding);
      CHECK(said(below.set) == "unsat");
      CHECK_FALSE(below.conflictNeedsDeterminism);
    }
}

TEST_CASE("path sets: the pairwise encoding replaces program applications and adds Φ per pair") {
  ExprContext ctx;
  const FunctionDecl& f = ctx.declareFunction("f", {Sort::integer()}, Sort::integer(), FunctionKind::Program);
  const FunctionDecl& g = ctx.declareFunction("g", {Sort::integer(), Sort::integer()}, Sort::integer(), FunctionKind::Program);
  const FunctionDecl& ext = ctx.declareFunction("ext", {Sort::integer()}, Sort::integer(), FunctionKind::External);
  const Expr a = ctx.var("a", Sort::integer()), b = ctx.var("b", Sort::integer());
  const Expr fa = ctx.apply(f, {a}), fb = ctx.apply(f, {b});
  const Expr ffa = ctx.apply(f, {fa});  // nested: its argument is replaced first
  const std::vector<Expr> cs{ctx.make(Op::Gt, {fa, ctx.intVal(0)}), ctx.make(Op::Lt, {fb, ctx.intVal(0)}),
                             ctx.mkEq(ctx.apply(ext, {ffa}), ctx.apply(g, {a, b})), ctx.mkEq(a, b)};
  const std::vector<Expr> with = pairwiseEncoding(ctx, cs);
  const std::vector<Expr> without = pairwiseEncoding(ctx, cs, false);
  // f has 3 distinct applications (3 pairs), g one (none).
  REQUIRE(with.size() == cs.size() + 3);
  REQUIRE(without.size() == cs.size());
  CHECK(toString(with[0]) == "f!0 > 0");
  CHECK(toString(with[2]) == "ext(f!2) == g!0");
  CHECK(toString(with[4]) == "a == b => f!0 == f!1");
  CHECK(toString(with[5]) == "a == f!0 => f!0 == f!2");
  CHECK(std::equal(without.begin(), without.end(), with.begin()));
  for (const char* solverName : kSolvers) {
    CAPTURE(solverName);
    auto solver = makeSolver(solverName, ctx);
    const auto verdict = [&](const std::vector<Expr>& assertions) {
      solver->push();
      for (Expr e : assertions) solver->add(e);
      const CheckResult answer = solver->check();
      solver->pop();
      return answer;
    };
    CHECK(said(verdict(cs)) == "unsat");  // congruence: a = b makes f(a) = f(b)
    CHECK(said(verdict(with)) == "unsat");
    CHECK(said(verdict(without)) == "sat");
  }
}

namespace {

// Random path sets over the vending machine with two more ways out of q3 (`below` [p < c] and
// `above` [p > c]) and a random contract for Price whose two behaviours keep the names tea and
// coffee: each precondition one of x1 = 0, x1 = 1, x1 >= 0 (overlapping), true, each
// postcondition an interval. A path is `init` and one or two rounds of
// `coin choose price#b (add | serve | below | above)`, `below` and `above` twice as likely (they
// make conflicts that need determinism); a set holds 1 to 4 paths.
struct RandomSets {
  VendingModel v{PriceContract::Cr};
  std::mt19937 rng;

  explicit RandomSets(std::uint32_t seed) : rng(seed) {
    v.ts.transitions.push_back({"below", 4, 1, v.ctx.boolVal(true), {}, {}, VendingModel::at(30)});
    v.ts.transitions.push_back({"above", 4, 1, v.ctx.boolVal(true), {}, {}, VendingModel::at(31)});
  }
  long pick(std::initializer_list<long> values) {
    return values.begin()[std::uniform_int_distribution<std::size_t>(0, values.size() - 1)(rng)];
  }
  Expr precondition() {
    switch (pick({0, 1, 2, 3})) {
      case 0: return v.ctx.mkEq(v.x1, v.num(0));
      case 1: return v.ctx.mkEq(v.x1, v.num(1));
      case 2: return v.ge(v.x1, 0);
      default: return v.ctx.boolVal(true);
    }
  }
  Expr postcondition(std::string& text) {
    const long lo = pick({100, 140, 150, 160, 170}), hi = lo + pick({20, 50, 100});
    text += "[" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
    return v.between(lo, v.result, hi);
  }
  // A fresh model: contract and guards drawn; returns it split, and says what it drew.
  TransitionSystem model(std::string& text) {
    Contract& c = v.ts.contracts[0];
    for (Behavior& b : c.behaviors) {
      b.pre = precondition();
      text += b.name + ": " + toString(b.pre) + " -> ";
      b.post = postcondition(text);
      text += "; ";
    }
    const long below = pick({150, 160, 170, 180, 220}), above = pick({140, 160, 170, 180, 200});
    v.ts.transitions[6].guard = v.ctx.make(Op::Lt, {v.p, v.num(below)});
    v.ts.transitions[7].guard = v.ctx.make(Op::Gt, {v.p, v.num(above)});
    text += "below " + std::to_string(below) + ", above " + std::to_string(above);
    return v.split();
  }
  std::vector<std::vector<TransitionId>> paths(const TransitionSystem& split, std::string& text) {
    std::vector<std::vector<TransitionId>> out(static_cast<std::size_t>(pick({1, 2, 3, 4})));
    for (auto& path : out) {
      std::vector<std::string> names{"init"};
      for (long round = pick({1, 2}); round > 0; --round) {
        names.insert(names.end(), {"coin", "choose", pick({0, 1}) ? "price#tea" : "price#coffee"});
        names.push_back(std::vector<std::string>{"add", "serve", "below", "above"}[static_cast<std::size_t>(pick({0, 1, 2, 3, 2, 3}))]);
      }
      path = VendingModel::ids(split, names);
      text += "\n ";
      for (const auto& n : names) text += " " + n;
    }
    return out;
  }
};

std::vector<std::vector<TransitionId>> subsetOf(const std::vector<std::vector<TransitionId>>& paths,
                                                const std::vector<std::size_t>& indices) {
  std::vector<std::vector<TransitionId>> out;
  for (std::size_t i : indices) out.push_back(paths.at(i));
  return out;
}

// Both encodings on `rounds` random sets, with each solver: the same verdicts alone and as a
// set, witnesses that satisfy every path, and each one's minimal conflict minimal for the other.
void agreeOnRandomSets(int rounds) {
  const auto atLeast = static_cast<std::size_t>(rounds / 20);
  for (const std::string solverName : kSolvers) {
    CAPTURE(solverName);
    const auto started = std::chrono::steady_clock::now();
    RandomSets gen(20261123);
    auto solver = makeSolver(solverName.c_str(), gen.v.ctx);
    std::size_t sat = 0, unsat = 0, needsDeterminism = 0, infeasibleAlone = 0;
    for (int round = 0; round < rounds; ++round) {
      std::string text = "round " + std::to_string(round) + ": ";
      const TransitionSystem split = gen.model(text);
      const auto paths = gen.paths(split, text);
      CAPTURE(text);
      const PathSetResult uf = checkPathSet(split, *solver, paths, Determinism::UninterpretedFunctions);
      const PathSetResult pw = checkPathSet(split, *solver, paths, Determinism::Pairwise);
      REQUIRE(solver->level() == 0);
      CHECK((uf.alone == pw.alone));
      REQUIRE(said(uf.set) == said(pw.set));
      infeasibleAlone += count(uf.alone, CheckResult::Unsat);
      if (uf.set == CheckResult::Sat) {
        ++sat;
        for (const PathSetResult* r : {&uf, &pw}) {
          REQUIRE(r->witness);
          for (std::size_t i = 0; i < paths.size(); ++i)
            CHECK(holdsUnderWitness(r->paths[i], r->witness->values[i], r->witness->programs));
        }
        continue;
      }
      REQUIRE(said(uf.set) == "unsat");
      ++unsat;
      // Each encoding's minimal conflict is a conflict for the other, and minimal there too.
      for (const auto& [r, other] : {std::pair{&uf, Determinism::Pairwise}, std::pair{&pw, Determinism::UninterpretedFunctions}}) {
        REQUIRE_FALSE(r->conflict.empty());
        const auto conflict = subsetOf(paths, r->conflict);
        const PathSetResult again = checkPathSet(split, *solver, conflict, other);
        CHECK(said(again.set) == "unsat");
        CHECK(again.conflict.size() == conflict.size());
        CHECK(again.conflictNeedsDeterminism == r->conflictNeedsDeterminism);
      }
      if (uf.conflictNeedsDeterminism) ++needsDeterminism;
    }
    MESSAGE(solverName << ": " << sat << " feasible sets, " << unsat << " infeasible (" << needsDeterminism
                       << " only by determinism), " << infeasibleAlone << " paths infeasible alone, "
                       << std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count()
                       << " ms");
    // The generator reaches every kind of answer.
    CHECK(sat > atLeast);
    CHECK(unsat > atLeast);
    CHECK(needsDeterminism > atLeast / 2);
    CHECK(infeasibleAlone > atLeast);
  }
}

}  // namespace

TEST_CASE("path sets: congruence and the pairwise condition agree on 100 seeded random path sets") {
  agreeOnRandomSets(100);
}

TEST_CASE("path sets: congruence and the pairwise condition agree on 1,000 seeded random path sets" *
          doctest::test_suite("slow")) {
  agreeOnRandomSets(1000);
}
