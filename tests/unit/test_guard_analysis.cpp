// The guard checks of analysis/GuardAnalysis.h (seed-requirements 2.8, 2.12) on a hand-built
// card-like model: an overlap with its witness, the Figure 16 gap (a state testing only
// Tag == 84 and Tag == 3), the Figure 15-style dead transition whose minimal core is exactly
// RecordNumber <= 49 and RecordNumber >= 255, and the same checks under a path condition.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "ShippedSolver.h"
#include "symseq/analysis/GuardAnalysis.h"
#include "symseq/expr/Evaluator.h"
#include "symseq/expr/Parser.h"
#include "symseq/expr/Printer.h"
#include "RunHelpers.h"
#include "symseq/plugin/Registry.h"
#include "symseq/plugin/Writer.h"
#include "symseq/run/GuardChecks.h"
#include "symseq/run/PluginOptions.h"
#include "symseq/solver/Solver.h"
#include "symseq/solver/SolverLayer.h"

using namespace symseq;

namespace {

PluginPtr<Solver> makeZ3(ExprContext& ctx) { return test::makeShippedSolver(ctx); }

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

// Counts the checks it passes on and, when `wholeCores`, answers every unsat core with all the
// assumptions of the last check (a solver whose cores are not minimal).
class CountingSolver final : public SolverLayer {
 public:
  CountingSolver(PluginPtr<Solver> inner, bool wholeCores) : SolverLayer(std::move(inner)), wholeCores_(wholeCores) {}
  CheckResult check(std::span<const Expr> assumptions) override {
    ++checks;
    last_.assign(assumptions.begin(), assumptions.end());
    return inner().check(assumptions);
  }
  std::vector<Expr> unsatAssumptions() override { return wholeCores_ ? last_ : inner().unsatAssumptions(); }
  int checks = 0;

 private:
  bool wholeCores_;
  std::vector<Expr> last_;
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
  // A solver whose cores are the whole query: the deletion pass still finds the two atoms.
  CountingSolver lazy(makeZ3(ctx), true);
  CHECK(printed(minimalUnsatCore(lazy, atoms)) == std::vector<std::string>{"RecordNumber <= 49", "RecordNumber >= 255"});
  // Starting from z3's own (minimal) core costs one query per atom of it, past the first two.
  CountingSolver counted(makeZ3(ctx), false);
  CHECK(minimalUnsatCore(counted, atoms).size() == 2);
  CHECK(counted.checks == 4);
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

TEST_CASE("guard checks: the report as findings, located, with witnesses and cores") {
  CardModel m;
  auto solver = makeZ3(m.ctx);
  const std::vector<ModelFinding> findings = checkModelGuards(m.ts, *solver);
  std::vector<std::string> kinds;
  for (const ModelFinding& f : findings) kinds.push_back(f.kind);
  CHECK(kinds == std::vector<std::string>{"nondeterminism", "incompleteness", "incompleteness", "incompleteness",
                                          "dead-transition"});
  // An overlap in a model that is not synchronous is information, at the second transition.
  const ModelFinding& overlap = findings[0];
  CHECK(overlap.message ==
        "transitions 'first' and 'later' leave 'reading' on input 'cmd' with overlapping guards (a choice the model "
        "leaves open)");
  CHECK(overlap.where == m.ts.transitions[m.id("later")].where);
  CHECK(overlap.witness.find("RecordNumber = ") != std::string::npos);
  CHECK(overlap.witness.find("Mode = 3") != std::string::npos);
  CHECK(overlap.core.empty());
  // Figure 16's gap at its location, with a witness.
  const ModelFinding& gap = findings[1];
  CHECK(gap.message == "no transition leaves 'idle' on input 'cmd' when Tag != 84 && Tag != 3");
  CHECK(gap.where == m.ts.locations[*m.ts.findLocation("idle")].where);
  CHECK(gap.witness.rfind("Tag = ", 0) == 0);
  CHECK(gap.witness != "Tag = 84");
  CHECK(gap.witness != "Tag = 3");
  // The dead transition with its core as printed expressions.
  const ModelFinding& dead = findings[4];
  CHECK(dead.message == "transition 'record' can never fire: RecordNumber <= 49, RecordNumber >= 255 cannot hold together");
  CHECK(dead.where == m.ts.transitions[m.id("record")].where);
  CHECK(dead.core == std::vector<std::string>{"RecordNumber <= 49", "RecordNumber >= 255"});
  CHECK(dead.witness.empty());
}

TEST_CASE("guard checks: in a synchronous machine an overlap is an error at the second transition") {
  CardModel m;
  m.ts.synchronous = true;
  auto solver = makeZ3(m.ctx);
  try {
    (void)checkModelGuards(m.ts, *solver);
    FAIL("no error for the overlap of first and later");
  } catch (const Error& e) {
    CHECK(e.location() == m.ts.transitions[m.id("later")].where);
    CHECK(e.message().rfind("transitions 'first' and 'later' leave 'reading' on input 'cmd' with overlapping guards: "
                            "both can fire when ", 0) == 0);
    CHECK(e.message().find("Mode = 3") != std::string::npos);
    CHECK(e.message().find("a synchronous machine must be deterministic") != std::string::npos);
  }
  // Without the overlap (later needs RecordNumber above first's range) the rest are findings.
  m.ts.transitions[m.id("later")].guard = parseExpr(m.ctx, "RecordNumber >= 11 && Mode == 3");
  const std::vector<ModelFinding> findings = checkModelGuards(m.ts, *solver);
  CHECK(findings.size() == 4);
  CHECK(findings.front().kind == "incompleteness");
}

TEST_CASE("guard checks: result.json and result.txt carry the checks, the findings' witnesses and cores, and tables") {
  CardModel m;
  auto solver = makeZ3(m.ctx);
  RunResult result;
  result.checks = checkModelGuards(m.ts, *solver);
  result.findings.push_back({"dead-sequence", "read then record is dead", CardModel::at(7), "Tag = 3",
                             {"RecordNumber <= 49", "RecordNumber >= 255"}});
  result.tables.push_back({"commands", {"command", "complete", "dead"}, {{"Read Record", "2", "1"}}});
  Registry registry;
  registry.loadDirectory(Registry::defaultPluginDir());
  const ResultHeader header{};

  const auto json = registry.makeWriter("json", Options{})->write({result, m.ts, header});
  REQUIRE(json.size() == 1);
  const auto doc = nlohmann::ordered_json::parse(json[0].contents);
  REQUIRE(doc.contains("checks"));
  REQUIRE(doc["checks"].size() == 5);
  CHECK(doc["checks"][0]["kind"] == "nondeterminism");
  CHECK(doc["checks"][0]["where"] == "card.model:14:1");
  CHECK(doc["checks"][0].value("witness", std::string()) == result.checks[0].witness);
  CHECK_FALSE(doc["checks"][0].contains("core"));
  CHECK(doc["checks"][1]["message"] == "no transition leaves 'idle' on input 'cmd' when Tag != 84 && Tag != 3");
  CHECK(doc["checks"][4].value("core", nlohmann::ordered_json::array()) ==
        nlohmann::ordered_json::array({"RecordNumber <= 49", "RecordNumber >= 255"}));
  CHECK_FALSE(doc["checks"][4].contains("witness"));
  CHECK(doc["findings"][0].value("witness", std::string()) == "Tag = 3");
  CHECK(doc["findings"][0].value("core", nlohmann::ordered_json::array()).size() == 2);
  CHECK(doc["tables"]["commands"]["columns"] == nlohmann::ordered_json::array({"command", "complete", "dead"}));
  CHECK(doc["tables"]["commands"]["rows"][0][0] == "Read Record");
  // No checks found: an empty array, and no tables.
  const RunResult clean;
  const auto cleanDoc = nlohmann::ordered_json::parse(registry.makeWriter("json", Options{})->write({clean, m.ts, header})[0].contents);
  CHECK(cleanDoc["checks"] == nlohmann::ordered_json::array());
  CHECK_FALSE(cleanDoc.contains("tables"));

  const auto text = registry.makeWriter("text", Options{})->write({result, m.ts, header});
  REQUIRE(text.size() == 1);
  const std::string& txt = text[0].contents;
  CHECK(txt.find("\nguard checks: 5 findings\n") != std::string::npos);
  CHECK(txt.find("  incompleteness: card.model:1:1: no transition leaves 'idle' on input 'cmd' when Tag != 84 && Tag != 3 "
                 "(witness: Tag = ") != std::string::npos);
  CHECK(txt.find("  dead-transition: card.model:15:1: transition 'record' can never fire: RecordNumber <= 49, "
                 "RecordNumber >= 255 cannot hold together (core: RecordNumber <= 49, RecordNumber >= 255)\n") !=
        std::string::npos);
  CHECK(txt.find("\ncommands\n") != std::string::npos);
  CHECK(txt.find("Read Record") != std::string::npos);
}

TEST_CASE("guard analysis: a gap reads with the negations pushed to the comparisons, variables first") {
  ExprContext ctx;
  TransitionSystem ts(ctx);
  const Expr d = ctx.var("choice.d", Sort::integer());
  ts.variables = {{d, VariableRole::Input, std::nullopt, std::nullopt}};
  ts.channels = {{"choice", ChannelDirection::Input, {Sort::integer()}}};
  ts.addLocation("q1");
  Transition choose;
  choose.name = "choose";
  choose.guard = parseExpr(ctx, "0 <= choice.d && choice.d < 2");
  choose.action = {ActionKind::Input, 0, {d}};
  ts.transitions.push_back(choose);
  auto solver = makeZ3(ctx);
  const GuardReport report = analyzeGuards(ts, *solver);
  REQUIRE(report.gaps.size() == 1);
  CHECK(toString(report.gaps[0].gap) == "choice.d < 0 || choice.d >= 2");
}

TEST_CASE("guard checks: a run writes them to result.json, and unreachable.cfg's dead transition has its core" *
          doctest::test_suite("integration")) {
  const auto vending = test::runAndRead(std::filesystem::path(SYMSEQ_SOURCE_DIR) / "configs/vending.toml", {}, "guard-checks-vending");
  REQUIRE(vending["checks"].size() == 1);
  CHECK(vending["checks"][0]["kind"] == "incompleteness");
  CHECK(vending["checks"][0]["message"] == "no transition leaves 'q1' on input 'choice' when choice.d < 0 || choice.d >= 2");
  CHECK(vending["checks"][0]["witness"].is_string());
  const auto unreachable =
      test::runAndRead(std::filesystem::path(SYMSEQ_SOURCE_DIR) / "configs/unreachable.toml", {}, "guard-checks-unreachable");
  REQUIRE(unreachable["checks"].size() == 1);
  CHECK(unreachable["checks"][0]["kind"] == "dead-transition");
  CHECK(unreachable["checks"][0]["core"] == nlohmann::json::array({"x > 0", "x < 0"}));
}

TEST_CASE("guard checks: symseq check-model --semantic prints them with their witnesses and cores" *
          doctest::test_suite("integration")) {
  // The binary itself, as a user runs it (built beside this test binary).
  const std::string command = std::string(SYMSEQ_BINARY_DIR) + "/bin/symseq check-model " + SYMSEQ_SOURCE_DIR +
                              "/configs/models/unreachable.cfg --frontend cfg --semantic 2>&1";
  std::string out;
  {
    FILE* pipe = ::popen(command.c_str(), "r");
    REQUIRE(pipe != nullptr);
    char buffer[512];
    while (std::fgets(buffer, sizeof buffer, pipe) != nullptr) out += buffer;
    CHECK(::pclose(pipe) == 0);
  }
  CHECK(out.find("guard checks: 1 finding\n") != std::string::npos);
  CHECK(out.find("dead-transition: " + std::string(SYMSEQ_SOURCE_DIR) +
                 "/configs/models/unreachable.cfg:12:6: transition 'never' can never fire: x > 0, x < 0 cannot hold "
                 "together\n  core: x > 0, x < 0\n") != std::string::npos);
  // Without --semantic the guards are not checked.
  const std::string plain = command.substr(0, command.find(" --semantic")) + " 2>&1";
  FILE* pipe = ::popen(plain.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::string plainOut;
  char buffer[512];
  while (std::fgets(buffer, sizeof buffer, pipe) != nullptr) plainOut += buffer;
  CHECK(::pclose(pipe) == 0);
  CHECK(plainOut.find("guard checks") == std::string::npos);
}
