// The guard checks of analysis/GuardAnalysis.h (seed-requirements 2.8, 2.12) on a hand-built
// card-like model: an overlap with its witness, the Figure 16 gap (a state testing only
// Tag == 84 and Tag == 3), the Figure 15-style dead transition whose minimal core is exactly
// RecordNumber <= 49 and RecordNumber >= 255, and the same checks under a path condition.
#include <doctest/doctest.h>

#include <algorithm>

#include "symseq/analysis/GuardAnalysis.h"
#include "symseq/expr/Evaluator.h"
#include "symseq/expr/Parser.h"
#include "symseq/expr/Printer.h"
#include "symseq/plugin/Registry.h"
#include "symseq/run/PluginOptions.h"
#include "symseq/solver/Solver.h"

using namespace symseq;

namespace {

PluginPtr<Solver> makeZ3(ExprContext& ctx) {
  Registry registry;
  registry.loadDirectory(Registry::defaultPluginDir());
  return registry.makeSolver("z3", ctx, defaultOptions(registry.info(PluginKind::Solver, "z3")));
}

//   idle    --update   cmd(Tag, RecordNumber) [Tag == 84]
//   idle    --read     cmd(Tag, RecordNumber) [Tag == 3] { Mode := Tag }  -> reading
//   idle    --stay     cmd [true], synthetic (a lowering's "no transition enabled")
//   reading --first    cmd [RecordNumber >= 1 && RecordNumber <= 10]       -> other
//   reading --later    cmd [RecordNumber >= 5 && Mode == 3]                -> other
//   reading --record   cmd [(1 <= RecordNumber && RecordNumber <= 49) && RecordNumber >= 255 && Tag == 178 && Mode >= 0]
//   reading --special  cmd [Mode == 7 && RecordNumber == 0]
//   other   --pos      cmd(Tag, RecordNumber) [Tag > 0]                     -> idle
//   other   --neg      cmd(T2, R2) [T2 < 0]  (other names for the same channel parameters)
//   other   --tick     internal [Mode > 100]
struct CardModel {
  ExprContext ctx;
  TransitionSystem ts{ctx};
  Expr tag = ctx.var("Tag", Sort::integer());
  Expr rec = ctx.var("RecordNumber", Sort::integer());
  Expr t2 = ctx.var("T2", Sort::integer());
  Expr r2 = ctx.var("R2", Sort::integer());
  Expr mode = ctx.var("Mode", Sort::integer());

  CardModel() {
    ts.name = "card";
    ts.variables = {{mode, VariableRole::State, ctx.intVal(0), at(4)},
                    {tag, VariableRole::Input, std::nullopt, at(5)},
                    {rec, VariableRole::Input, std::nullopt, at(5)},
                    {t2, VariableRole::Input, std::nullopt, at(6)},
                    {r2, VariableRole::Input, std::nullopt, at(6)}};
    ts.channels = {{"cmd", ChannelDirection::Input, {Sort::integer(), Sort::integer()}}};
    const LocationId idle = ts.addLocation("idle", at(1));
    const LocationId reading = ts.addLocation("reading", at(2));
    const LocationId other = ts.addLocation("other", at(3));
    ts.initial = idle;
    const Action cmd{ActionKind::Input, 0, {tag, rec}};
    add("update", idle, idle, "Tag == 84", cmd);
    add("read", idle, reading, "Tag == 3", cmd, {{mode, tag}});
    add("stay", idle, idle, "true", cmd).synthetic = true;
    add("first", reading, other, "RecordNumber >= 1 && RecordNumber <= 10", cmd);
    add("later", reading, other, "RecordNumber >= 5 && Mode == 3", cmd);
    add("record", reading, other, "(1 <= RecordNumber && RecordNumber <= 49) && RecordNumber >= 255 && Tag == 178 && Mode >= 0", cmd);
    add("special", reading, other, "Mode == 7 && RecordNumber == 0", cmd);
    add("pos", other, idle, "Tag > 0", cmd);
    add("neg", other, idle, "T2 < 0", Action{ActionKind::Input, 0, {t2, r2}});
    add("tick", other, idle, "Mode > 100", Action{});
    ts.validate();
  }

  Transition& add(const char* name, LocationId from, LocationId to, const char* guard, Action action,
                  std::vector<Update> updates = {}) {
    Transition t;
    t.name = name;
    t.source = from;
    t.target = to;
    t.guard = parseExpr(ctx, guard);
    t.action = std::move(action);
    t.updates = std::move(updates);
    t.where = at(10 + static_cast<std::uint32_t>(ts.transitions.size()));
    ts.transitions.push_back(std::move(t));
    return ts.transitions.back();
  }
  TransitionId id(const char* name) const { return ts.findTransition(name).value(); }
  static SourceLocation at(std::uint32_t line) { return {"card.model", line, 1}; }
};

std::vector<std::string> printed(const std::vector<Expr>& exprs) {
  std::vector<std::string> out;
  for (Expr e : exprs) out.push_back(toString(e));
  return out;
}

bool holds(Expr e, const Valuation& v) { return evaluate(e, v).asBool(); }

}  // namespace

TEST_CASE("guard analysis: conjuncts flattens nested conjunctions and reads a chain as two atoms") {
  ExprContext ctx;
  ctx.var("x", Sort::integer());
  ctx.var("b", Sort::boolean());
  CHECK(printed(conjuncts(parseExpr(ctx, "(1 <= x && x <= 49) && (b && x != 3) && true"))) ==
        std::vector<std::string>{"1 <= x", "x <= 49", "b", "x != 3"});
  CHECK(conjuncts(parseExpr(ctx, "true")).empty());
  CHECK(printed(conjuncts(parseExpr(ctx, "x > 0 || b"))) == std::vector<std::string>{"x > 0 || b"});
}

TEST_CASE("guard analysis: the deletion-based core keeps exactly the clashing atoms, in order") {
  ExprContext ctx;
  ctx.var("RecordNumber", Sort::integer());
  ctx.var("Tag", Sort::integer());
  auto solver = makeZ3(ctx);
  const std::vector<Expr> atoms =
      conjuncts(parseExpr(ctx, "(1 <= RecordNumber && RecordNumber <= 49) && RecordNumber >= 255 && Tag == 178 && RecordNumber != 7"));
  REQUIRE(atoms.size() == 5);
  CHECK(printed(minimalUnsatCore(*solver, atoms)) == std::vector<std::string>{"RecordNumber <= 49", "RecordNumber >= 255"});
  // With a background that already bounds RecordNumber above, one atom is enough.
  CHECK(printed(minimalUnsatCore(*solver, atoms, {parseExpr(ctx, "RecordNumber < 100")})) ==
        std::vector<std::string>{"RecordNumber >= 255"});
  // A satisfiable set is returned whole.
  const std::vector<Expr> sat = conjuncts(parseExpr(ctx, "Tag == 1 && RecordNumber == 2"));
  CHECK(minimalUnsatCore(*solver, sat) == sat);
}

TEST_CASE("guard analysis: static overlaps, the Figure 16 gap and a dead transition with its two-atom core") {
  CardModel m;
  auto solver = makeZ3(m.ctx);
  const GuardReport report = analyzeGuards(m.ts, *solver);
  CHECK(report.unknown == 0);

  // One overlap: first and later at `reading`, with a witness under which both guards hold. The
  // synthetic `stay` (guard true) overlaps nothing, and `pos`/`neg` read the same parameters.
  REQUIRE(report.overlaps.size() == 1);
  const GuardOverlap& o = report.overlaps[0];
  CHECK(o.location == *m.ts.findLocation("reading"));
  CHECK(o.channel == std::optional<std::uint32_t>(0));
  CHECK(o.first == m.id("first"));
  CHECK(o.second == m.id("later"));
  CHECK(holds(m.ts.transitions[o.first].guard, o.witness));
  CHECK(holds(m.ts.transitions[o.second].guard, o.witness));

  // Gaps on the input channel of every location: idle's is Figure 16's.
  REQUIRE(report.gaps.size() == 3);
  const GuardGap& fig16 = report.gaps[0];
  CHECK(fig16.location == *m.ts.findLocation("idle"));
  CHECK(toString(fig16.gap) == "Tag != 84 && Tag != 3");
  const Value* tag = fig16.witness.find(m.tag);
  REQUIRE(tag != nullptr);
  CHECK(*tag != Value::integer(84));
  CHECK(*tag != Value::integer(3));
  CHECK(holds(fig16.gap, fig16.witness));
  CHECK(report.gaps[1].location == *m.ts.findLocation("reading"));
  CHECK(holds(report.gaps[1].gap, report.gaps[1].witness));
  // At `other`, neg's T2 stands for the channel's first parameter, as pos's Tag does: only 0 is left.
  CHECK(report.gaps[2].location == *m.ts.findLocation("other"));
  CHECK(toString(report.gaps[2].gap) == "Tag <= 0 && Tag >= 0");
  CHECK(*report.gaps[2].witness.find(m.tag) == Value::integer(0));

  // One dead transition; its core is exactly the two atoms that clash.
  REQUIRE(report.dead.size() == 1);
  CHECK(report.dead[0].transition == m.id("record"));
  CHECK(printed(report.dead[0].core) == std::vector<std::string>{"RecordNumber <= 49", "RecordNumber >= 255"});
}

TEST_CASE("guard analysis: the axioms over frozen variables take part in the static checks") {
  CardModel m;
  // With Mode frozen at 5 by an axiom, `later` (Mode == 3), `special` (Mode == 7) and the
  // internal `tick` (Mode > 100) are dead.
  m.ts.axioms.push_back(parseExpr(m.ctx, "Mode == 5"));
  auto solver = makeZ3(m.ctx);
  const GuardReport report = analyzeGuards(m.ts, *solver);
  CHECK(report.overlaps.empty());
  std::vector<TransitionId> dead;
  for (const DeadTransition& d : report.dead) dead.push_back(d.transition);
  CHECK(dead == std::vector<TransitionId>{m.id("later"), m.id("record"), m.id("special"), m.id("tick")});
  CHECK(printed(report.dead[0].core) == std::vector<std::string>{"Mode == 3", "Mode == 5"});
}

TEST_CASE("guard analysis: contextual checks under a symbolic state's path condition") {
  CardModel m;
  auto solver = makeZ3(m.ctx);
  const SymbolicExecutor executor(m.ts);

  SUBCASE("after read: Mode is the Tag read, which was 3") {
    const SymbolicState state = executor.apply(executor.initial(), m.id("read")).next;
    const GuardReport report = analyzeGuardsAt(executor, state, *solver);
    CHECK(report.unknown == 0);
    // first and later still overlap, now over the fresh inputs of the next step.
    REQUIRE(report.overlaps.size() == 1);
    CHECK(report.overlaps[0].first == m.id("first"));
    CHECK(report.overlaps[0].second == m.id("later"));
    const Expr rec2 = executor.freshInput(m.rec, 2);
    const Value* r = report.overlaps[0].witness.find(rec2);
    REQUIRE(r != nullptr);
    CHECK(r->asInt() >= 5);
    CHECK(r->asInt() <= 10);
    // special needs Mode == 7, but the path says the Tag read (Mode) was 3: its core names the
    // path-condition conjunct.
    REQUIRE(report.dead.size() == 2);
    CHECK(report.dead[0].transition == m.id("record"));
    CHECK(report.dead[1].transition == m.id("special"));
    CHECK(printed(report.dead[1].core) == std::vector<std::string>{"Tag@1 == 7", "Tag@1 == 3"});
    REQUIRE(report.gaps.size() == 1);
    CHECK(holds(report.gaps[0].gap, report.gaps[0].witness));
  }

  SUBCASE("a state where Mode is 5: the static overlap is gone, later is dead") {
    SymbolicState state;
    state.location = *m.ts.findLocation("reading");
    state.store.emplace(m.mode, m.mode);
    state.pathCondition = {parseExpr(m.ctx, "Mode == 5")};
    const GuardReport report = analyzeGuardsAt(executor, state, *solver);
    CHECK(report.overlaps.empty());
    std::vector<TransitionId> dead;
    for (const DeadTransition& d : report.dead) dead.push_back(d.transition);
    CHECK(dead == std::vector<TransitionId>{m.id("later"), m.id("record"), m.id("special")});
  }

  SUBCASE("at idle, the gap is Figure 16's over the next step's Tag") {
    const GuardReport report = analyzeGuardsAt(executor, executor.initial(), *solver);
    REQUIRE(report.gaps.size() == 1);
    CHECK(toString(report.gaps[0].gap) == "Tag@1 != 84 && Tag@1 != 3");
    CHECK(report.overlaps.empty());
  }

  SUBCASE("an unreachable state has nothing to check") {
    SymbolicState state;
    state.location = *m.ts.findLocation("reading");
    state.store.emplace(m.mode, m.mode);
    state.pathCondition = {parseExpr(m.ctx, "Mode == 5"), parseExpr(m.ctx, "Mode == 6")};
    const GuardReport report = analyzeGuardsAt(executor, state, *solver);
    CHECK(report.overlaps.empty());
    CHECK(report.gaps.empty());
    CHECK(report.dead.empty());
  }
}
