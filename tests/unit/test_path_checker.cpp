// SymTest's path checking and completion check (plugins/symtest): the longest satisfiable prefix
// of a planned path, its unsat core, and inputs for a feasible one, on z3 and on cvc5 (whose
// cores name every assumption, so the first failing decision must be searched for); and the
// completion check's refutations, their learned no-goods and the bound they hold within.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "CompletionCheck.h"
#include "GraphModel.h"
#include "PathChecker.h"
#include "ShippedSolver.h"
#include "symseq/acyclic/AcyclicCore.h"

using namespace symseq;

namespace {

// One iteration reads `in` into x, then passes decisions on x: gK (x > K - 1) or nK (its
// negation) for K = 1..5, then lt (x < 0) or ge, then g7 (x > 10) or n7, and returns.
struct Chain : test::GraphModel {
  Expr x = ctx.var("x", Sort::integer());
  Chain() {
    ts.variables.push_back({x, VariableRole::State, ctx.intVal(0), std::nullopt});
    const TransitionId r = read("read", "head", "s0");
    ts.transitions[r].updates = {{x, in}};
    for (int k = 1; k <= 5; ++k) {
      const std::string from = "s" + std::to_string(k - 1);
      const std::string to = "s" + std::to_string(k);
      const Expr guard = ctx.make(Op::Gt, {x, ctx.intVal(k - 1)});
      ts.transitions[step("g" + std::to_string(k), from, to)].guard = guard;
      ts.transitions[step("n" + std::to_string(k), from, to)].guard = ctx.mkNot(guard);
    }
    const Expr negative = ctx.make(Op::Lt, {x, ctx.intVal(0)});
    ts.transitions[step("lt", "s5", "s6")].guard = negative;
    ts.transitions[step("ge", "s5", "s6")].guard = ctx.mkNot(negative);
    const Expr large = ctx.make(Op::Gt, {x, ctx.intVal(10)});
    ts.transitions[step("g7", "s6", "s7")].guard = large;
    ts.transitions[step("n7", "s6", "s7")].guard = ctx.mkNot(large);
    step("back", "s7", "head");
  }
};

}  // namespace

TEST_CASE("path checker: the longest satisfiable prefix and its core, on z3 and cvc5") {
  for (const char* name : {"z3", "cvc5"}) {
    CAPTURE(name);
    Chain m;
    const AcyclicCore core = AcyclicCore::analyse(m.ts, "test");
    PluginPtr<Solver> solver = test::makeShippedSolver(m.ctx, name);
    symtest::PathChecker checker(core, *solver, false);

    // x > 0 .. x > 4, then x < 0: the first failing decision is lt, at position 6, whatever
    // the solver's core says about the decisions after it.
    const auto failing = m.ids({"read", "g1", "g2", "g3", "g4", "g5", "lt", "g7", "back"});
    const symtest::PathOutcome outcome = checker.check(failing);
    CHECK(outcome.feasibleLength == 6);
    CHECK_FALSE(outcome.unknown);
    REQUIRE_FALSE(outcome.conflict.empty());
    CHECK(outcome.conflict.back() == 6);
    CHECK(outcome.conflict.size() >= 2);  // lt alone is satisfiable: a decision before it is in the core

    // The same start with ge is feasible to the end; x > 10 at g7 gives the input.
    const auto feasible = m.ids({"read", "g1", "g2", "g3", "g4", "g5", "ge", "g7", "back"});
    CHECK(checker.check(feasible).feasible(feasible.size()));
    const auto sequence = checker.sequence(feasible.size());
    REQUIRE(sequence.has_value());
    REQUIRE(sequence->steps.size() == 1);
    const Value* in = sequence->steps[0].inputs.find(m.in);
    REQUIRE(in != nullptr);
    CHECK(in->asInt() > 10);

    // A failure in the middle of the fresh part: n3 (x <= 2) then g4 (x > 3).
    const auto middle = m.ids({"read", "g1", "g2", "n3", "g4", "g5", "ge", "n7", "back"});
    CHECK(checker.check(middle).feasibleLength == 4);
    // The learned no-good answers the same conflict again without the solver.
    const std::uint64_t queries = solver->stats().queries;
    const symtest::PathOutcome again = checker.check(middle);
    CHECK(again.feasibleLength == 4);
    CHECK(again.byNoGood);
    CHECK(solver->stats().queries == queries);
  }
}

TEST_CASE("completion check: a start no completion within the bound takes the goal from is refuted, within that bound only") {
  for (const char* name : {"z3", "cvc5"}) {
    CAPTURE(name);
    Chain m;
    const AcyclicCore core = AcyclicCore::analyse(m.ts, "test");
    const std::vector<TransitionId> goal = m.ids({"g7"});
    symtest::CompletionCheck completion(core, test::makeShippedSolver(m.ctx, name), goal);

    // n2 fixes x <= 1 for this iteration: g7 (x > 10) cannot follow in it, but a second
    // iteration reads x again.
    const auto start = m.ids({"read", "g1", "n2"});
    CHECK(completion.check(start, 1) == symtest::CompletionCheck::Answer::Refuted);
    CHECK(completion.refuted() == 1);
    CHECK(completion.noGoods() == 1);
    CHECK(completion.check(start, 2) == symtest::CompletionCheck::Answer::Completable);
    // g2 keeps x > 1 possible, so g7 can follow in the same iteration.
    CHECK(completion.check(m.ids({"read", "g1", "g2"}), 1) == symtest::CompletionCheck::Answer::Completable);

    // The learned no-good refutes a longer start without a query, within bound 1 only.
    const std::uint64_t queries = completion.queries();
    const auto longer = m.ids({"read", "g1", "n2", "g3", "g4", "g5", "ge"});
    CHECK(completion.check(longer, 1) == symtest::CompletionCheck::Answer::Refuted);
    CHECK(completion.queries() == queries);
    const auto at = completion.refutedAt(longer, 1);
    REQUIRE(at.has_value());
    CHECK(*at <= 2);  // n2, or before it when the core is smaller
    CHECK_FALSE(completion.refutedAt(longer, 2).has_value());
  }
}
