#include <doctest/doctest.h>

#include <functional>

#include "symseq/expr/Parser.h"
#include "symseq/ir/TransitionSystem.h"

using namespace symseq;

namespace {

// A counter that reads a value on channel `in`, adds it and reports the sum on `out`.
struct Counter {
  ExprContext ctx;
  TransitionSystem ts{ctx};
  Expr n = ctx.var("n", Sort::integer());
  Expr k = ctx.var("k", Sort::integer());
  Expr t = ctx.var("t", Sort::integer());

  Counter() {
    ts.name = "counter";
    ts.variables = {{n, VariableRole::State, ctx.intVal(0), SourceLocation{"c.model", 1, 1}},
                    {k, VariableRole::Input, std::nullopt, SourceLocation{"c.model", 2, 1}},
                    {t, VariableRole::Local, std::nullopt, std::nullopt}};
    const LocationId idle = ts.addLocation("idle", SourceLocation{"c.model", 3, 1});
    const LocationId busy = ts.addLocation("busy");
    ts.initial = idle;
    ts.channels = {{"in", ChannelDirection::Input, {Sort::integer()}}, {"out", ChannelDirection::Output, {Sort::integer()}}};
    Transition read{"read", idle, busy, parseExpr(ctx, "k > 0"), {ActionKind::Input, 0, {k}}, {}, SourceLocation{"c.model", 5, 3}};
    read.updates = {{t, parseExpr(ctx, "n + k")}, {n, t}};
    Transition report{"report", busy, idle, ctx.boolVal(true), {ActionKind::Output, 1, {n}}, {}, SourceLocation{"c.model", 6, 3}};
    ts.transitions = {read, report};
  }

  // The message and location of the Error that validate() throws after `breakIt`.
  std::string errorAfter(const std::function<void(TransitionSystem&)>& breakIt) {
    TransitionSystem broken = ts;
    breakIt(broken);
    try {
      broken.validate();
    } catch (const Error& e) {
      return (e.location() ? e.location()->toString() + ": " : std::string()) + e.message();
    }
    FAIL("validate() accepted the broken system");
    return {};
  }
};

}  // namespace

TEST_CASE_FIXTURE(Counter, "ir: a well-formed system validates and answers lookups") {
  CHECK_NOTHROW(ts.validate());
  CHECK(ts.findLocation("busy") == 1U);
  CHECK_FALSE(ts.findLocation("nowhere"));
  CHECK(ts.findTransition("report") == 1U);
  CHECK_FALSE(ts.findTransition("write"));
  REQUIRE(ts.findVariable(k) != nullptr);
  CHECK(ts.findVariable(k)->role == VariableRole::Input);
  CHECK(ts.findVariable(ctx.var("other", Sort::boolean())) == nullptr);
  CHECK(ts.outgoing(0) == std::vector<TransitionId>{0});
  CHECK(ts.outgoing(1) == std::vector<TransitionId>{1});
  CHECK(&ts.context() == &ctx);
}

TEST_CASE_FIXTURE(Counter, "ir: validate rejects each broken rule") {
  CHECK(errorAfter([](TransitionSystem& s) { s.locations.clear(); }) == "transition system 'counter' has no locations");
  CHECK(errorAfter([](TransitionSystem& s) { s.initial = 2; }) ==
        "transition system 'counter': initial location 2 is out of range (2 locations)");
  CHECK(errorAfter([](TransitionSystem& s) { s.locations[1].name = "idle"; }) == "location 'idle' is declared twice");
  CHECK(errorAfter([](TransitionSystem& s) { s.transitions[1].name = "read"; }) ==
        "c.model:6:3: transition 'read' is declared twice");
  CHECK(errorAfter([](TransitionSystem& s) { s.transitions[0].source = 7; }) ==
        "c.model:5:3: transition 'read': source location 7 is out of range");
  CHECK(errorAfter([](TransitionSystem& s) { s.transitions[0].target = 7; }) ==
        "c.model:5:3: transition 'read': target location 7 is out of range");
  CHECK(errorAfter([&](TransitionSystem& s) { s.transitions[0].guard = n; }) ==
        "c.model:5:3: transition 'read': the guard has sort int, expected bool");
  CHECK(errorAfter([](TransitionSystem& s) { s.transitions[0].action.channel = 5; }) ==
        "c.model:5:3: transition 'read': channel 5 is out of range");
  CHECK(errorAfter([](TransitionSystem& s) { s.transitions[0].action.channel = 1; }) ==
        "c.model:5:3: transition 'read': input action on output channel 'out'");
  CHECK(errorAfter([&](TransitionSystem& s) { s.transitions[0].action.args = {k, k}; }) ==
        "c.model:5:3: transition 'read': channel 'in' takes (int), the action gives (int, int)");
  CHECK(errorAfter([&](TransitionSystem& s) {
          s.channels[0].params = {Sort::integer(), Sort::integer()};
          s.transitions[0].action.args = {k, k};
        }) == "c.model:5:3: transition 'read': input action binds 'k' twice");
  CHECK(errorAfter([&](TransitionSystem& s) { s.transitions[0].action.args = {n}; }) ==
        "c.model:5:3: transition 'read': input action on 'in' must bind declared input variables, not 'n'");
  CHECK(errorAfter([&](TransitionSystem& s) { s.transitions[1].action.args = {ctx.boolVal(true)}; }) ==
        "c.model:6:3: transition 'report': channel 'out' takes (int), the action gives (bool)");
  CHECK(errorAfter([&](TransitionSystem& s) { s.transitions[0].updates.push_back({k, n}); }) ==
        "c.model:5:3: transition 'read' assigns input variable 'k'");
  CHECK(errorAfter([&](TransitionSystem& s) { s.transitions[0].updates.push_back({ctx.var("z", Sort::integer()), n}); }) ==
        "c.model:5:3: transition 'read' assigns 'z', which is not a declared variable");
  CHECK(errorAfter([&](TransitionSystem& s) { s.transitions[0].updates.push_back({n, ctx.boolVal(true)}); }) ==
        "c.model:5:3: transition 'read' assigns 'n' a value of sort bool, expected int");
  CHECK(errorAfter([&](TransitionSystem& s) { s.variables[0].initial = ctx.realVal(1); }) ==
        "c.model:1:1: the initial value of variable 'n' has sort real, expected int");
  CHECK(errorAfter([&](TransitionSystem& s) { s.variables[0].initial = parseExpr(ctx, "t + 1"); }) ==
        "c.model:1:1: the initial value of variable 'n' reads variable 't'");
  CHECK(errorAfter([&](TransitionSystem& s) { s.variables[1].initial = ctx.intVal(1); }) ==
        "c.model:2:1: variable 'k' is an input variable and cannot have an initial value");
  CHECK(errorAfter([&](TransitionSystem& s) { s.variables.push_back({n, VariableRole::State, std::nullopt, std::nullopt}); }) ==
        "variable 'n' is declared twice");
}
