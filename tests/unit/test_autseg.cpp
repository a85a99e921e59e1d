// The `autseg` strategy (plugins/autseg): the paper's backtracking procedures on Figure 10's
// abstract dependency graph (EXACT), Algorithm 4 with its fix, and the strategy end to end on a
// hand-built synthetic card shaped as the sync lowering makes it (tick input transitions,
// commands as subspaces, an output half): Figure 15's dead sequence with its two-atom core,
// Figure 16's gap, Figure 17's order, the per-command table, [assume] at the end, replay.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "../../plugins/autseg/Backtrack.h"
#include "symseq/exec/RunResult.h"
#include "symseq/expr/Parser.h"
#include "symseq/plugin/Registry.h"
#include "symseq/plugin/Strategy.h"
#include "symseq/run/PluginOptions.h"
#include "symseq/solver/Solver.h"

using namespace symseq;
using namespace symseq::autseg;

TEST_CASE("autseg: Figure 10 with the paper's priority procedure gives SL = {C3, C2, C4} and the test C4, C2, C3, C1") {
  // Commands 0..3 are C1..C4. C1 needs GP1 (emitted by C2) and GP2 (C3); C3 needs GP1 (C2);
  // C2 needs a precondition emitted by C4; C4 needs none.
  const std::vector<std::vector<std::size_t>> emitters{{1, 2}, {3}, {1}, {}};
  const PriorityOrder order = priorityProcedure(emitters, 0);
  CHECK(order.sl == std::vector<std::size_t>{2, 1, 3});
  CHECK(order.testOrder == std::vector<std::size_t>{3, 1, 2, 0});
}

namespace {

// Figure 10 as a plan search: contexts are the sets of emitted preconditions; command c may run
// when its needs are emitted, and emits its own flag.
PlanSearch<std::set<std::string>> figure10(std::vector<std::set<std::string>> needs, std::vector<std::string> emits,
                                            std::vector<std::set<std::string>> resets = {}) {
  PlanSearch<std::set<std::string>> search;
  search.actionCount = needs.size();
  search.apply = [needs, emits, resets](const std::set<std::string>& k, std::size_t a) -> std::optional<std::set<std::string>> {
    for (const std::string& n : needs[a])
      if (!k.contains(n)) return std::nullopt;
    std::set<std::string> next = k;
    if (a < resets.size())
      for (const std::string& r : resets[a]) next.erase(r);
    if (!emits[a].empty()) next.insert(emits[a]);
    return next;
  };
  return search;
}

}  // namespace

TEST_CASE("autseg: Figure 10 as the shortest plan runs C4, C2, C3 before C1") {
  // C1 (0) needs GP1, GP2; C2 (1) needs P4, emits GP1; C3 (2) needs GP1, emits GP2; C4 (3) emits P4.
  auto search = figure10({{"GP1", "GP2"}, {"P4"}, {"GP1"}, {}}, {"", "GP1", "GP2", "P4"});
  search.goal = [](const std::set<std::string>& k) { return k.contains("GP1") && k.contains("GP2"); };
  const PlanSearchResult r = shortestPlans(std::set<std::string>{}, search);
  REQUIRE_FALSE(r.plans.empty());
  CHECK(r.plans.front() == std::vector<std::size_t>{3, 1, 2});
  CHECK_FALSE(r.exhausted);
}

TEST_CASE("autseg: the plan search handles a reset and two emitters, which the priority list cannot") {
  // open (0) emits S; close (1) resets S and emits C; get (2) needs S, emits G; alt (3) emits S too.
  // Goal: C and G and S. Running close after get loses S (and G stays); the plan closes first.
  auto search = figure10({{}, {}, {"S"}, {}}, {"S", "C", "G", "S"}, {{}, {"S"}, {}, {}});
  search.goal = [](const std::set<std::string>& k) { return k.contains("C") && k.contains("G") && k.contains("S"); };
  const PlanSearchResult r = shortestPlans(std::set<std::string>{}, search);
  REQUIRE_FALSE(r.plans.empty());
  // Shortest is 3 actions: close, open, get (open, get, close would leave S reset).
  CHECK(r.plans.front() == std::vector<std::size_t>{1, 0, 2});
  // Ties go to declaration order: of the two emitters of S, `open` (0) is used, not `alt` (3); the
  // context `alt` would reach is already visited, so no second plan repeats it.
  CHECK(r.plans.size() == 1);
}

TEST_CASE("autseg: Algorithm 4 terminates on a cycle and keeps the lowest-labelled predecessor, ties to the first") {
  // 0 -> 1 (e0), 0 -> 2 (e1), 1 -> 3 (e2), 2 -> 3 (e3), 3 -> 0 (e4), 3 -> 4 (e5), 4 -> 1 (e6)
  const std::vector<std::vector<Edge>> g{{{1, 0}, {2, 1}}, {{3, 2}}, {{3, 3}}, {{0, 4}, {4, 5}}, {{1, 6}}, {}};
  const PredecessorTree t = predecessors(g, 0);
  CHECK(t.label == std::vector<std::size_t>{1, 2, 2, 3, 4, 0});
  CHECK(t.incoming[3]->target == 1);  // 1 and 2 both label 2: the first in list order
  CHECK(t.incoming[1]->target == 0);  // 0 (label 1) beats 4 (label 4)
  CHECK(pathTo(t, 4) == std::vector<std::size_t>{0, 2, 5});
  CHECK_FALSE(pathTo(t, 5).has_value());
}

namespace {

// A synthetic card as the sync lowering shapes it: a boot location, `Idle` between commands, one
// tick input transition (binding the APDU byte `data`) per reaction, SV Undebit's final reaction
// through an output location. Commands are subspaces whose entry is reached from Idle.
struct Card {
  ExprContext ctx;
  TransitionSystem sys{ctx};
  Expr data = ctx.var("data", Sort::integer());
  LocationId boot = 0, idle = 0;

  Expr e(const char* text) { return parseExpr(ctx, text); }

  TransitionId tick(const std::string& name, LocationId from, LocationId to, const char* guard,
                    std::vector<Update> updates = {}) {
    sys.transitions.push_back({name, from, to, e(guard), Action{ActionKind::Input, 0, {data}}, std::move(updates), std::nullopt});
    return static_cast<TransitionId>(sys.transitions.size() - 1);
  }

  // A command: Idle --[data == ins]--> entry, then the member transitions `body` adds.
  template <class Body>
  void command(const std::string& name, const char* ins, Body body) {
    Subspace s;
    s.name = name;
    s.entry = sys.addLocation(name + ".0");
    s.finals = {idle};
    tick("enter " + name, idle, s.entry, ins);
    const std::size_t before = sys.transitions.size();
    body(s.entry);
    for (std::size_t t = before; t < sys.transitions.size(); ++t) s.members.push_back(static_cast<TransitionId>(t));
    sys.subspaces.push_back(std::move(s));
  }

  explicit Card(bool withUpdateBinary = true) {
    sys.name = "card";
    sys.synchronous = true;
    const Expr started = ctx.var("started", Sort::integer()), pin = ctx.var("pin_ok", Sort::integer()),
               open = ctx.var("session_open", Sort::integer()), got = ctx.var("sv_got", Sort::integer()),
               rec = ctx.var("rec", Sort::integer()), contact = ctx.var("contact_mode", Sort::boolean());
    for (Expr v : {started, pin, open, got, rec}) sys.variables.push_back({v, VariableRole::State, ctx.intVal(0), std::nullopt});
    VariableDecl param{contact, VariableRole::State, std::nullopt, std::nullopt};
    param.frozen = param.parameter = true;
    sys.variables.push_back(param);
    sys.variables.push_back({data, VariableRole::Input, std::nullopt, std::nullopt});
    sys.channels.push_back({"tick", ChannelDirection::Input, {Sort::integer()}});
    sys.channels.push_back({"out", ChannelDirection::Output, {Sort::boolean()}});
    boot = sys.addLocation("boot");
    idle = sys.addLocation("Idle");
    sys.initial = boot;
    tick("boot", boot, idle, "true");
    sys.transitions.back().synthetic = true;  // as the lowering makes the first instant
    const Expr one = ctx.intVal(1), zero = ctx.intVal(0);
    command("Start", "data == 164", [&](LocationId s) {
      tick("start ok", s, idle, "data == 0", {{started, one}});
      tick("start bad", s, idle, "data != 0");
    });
    command("Verify PIN", "data == 32", [&](LocationId s) {
      tick("pin ok", s, idle, "started == 1 && data == 18", {{pin, one}});
      tick("pin wrong", s, idle, "started == 1 && data != 18");
      tick("pin unstarted", s, idle, "started != 1");
    });
    command("Open Secure Session", "data == 138", [&](LocationId s) {
      tick("open ok", s, idle, "pin_ok == 1 && !contact_mode && 16 < data && data < 30", {{open, one}});
      tick("open contact", s, idle, "contact_mode && data == 153");
      tick("open refused", s, idle, "!(pin_ok == 1 && !contact_mode && 16 < data && data < 30) && !(contact_mode && data == 153)");
    });
    command("SV Get", "data == 124", [&](LocationId s) {
      tick("get ok", s, idle, "session_open == 1", {{got, one}});
      tick("get refused", s, idle, "session_open != 1");
    });
    command("SV Undebit", "data == 188", [&](LocationId s) {
      const LocationId u1 = sys.addLocation("SV Undebit.1"), out = sys.addLocation("SV Undebit.out");
      tick("undebit ok", s, u1, "session_open == 1 && sv_got == 1");
      tick("undebit refused", s, idle, "!(session_open == 1 && sv_got == 1)");
      tick("undebit final", u1, out, "true");
      Transition sw{"undebit SW6200", out, idle, e("true"), Action{ActionKind::Output, 1, {e("true")}}, {}, std::nullopt};
      sw.synthetic = true;
      sys.transitions.push_back(sw);
    });
    command("Close Session", "data == 142", [&](LocationId s) {
      tick("close", s, idle, "true", {{open, zero}, {got, zero}});
    });
    command("Read Record", "data == 178", [&](LocationId s) {
      const LocationId r1 = sys.addLocation("Read Record.1");
      tick("record number", s, r1, "1 <= data && data <= 49", {{rec, data}});
      tick("record bad number", s, idle, "!(1 <= data && data <= 49)");
      tick("record anomaly", r1, idle, "rec >= 255");  // Figure 15: dead after 1 <= rec <= 49
      tick("record read", r1, idle, "rec < 255");
    });
    if (withUpdateBinary)
      command("Update Binary", "data == 214", [&](LocationId s) {
        tick("binary tag 54", s, idle, "data == 84");  // Figure 16: only Tag = 0x54 and Tag = 0x03
        tick("binary tag 03", s, idle, "data == 3");
      });
    sys.validate();
  }
};

struct Generated {
  GenerationResult proposed;
  RunResult run;
};

Generated generate(Card& card, const std::vector<std::pair<std::string, OptionValue>>& set = {},
                   std::vector<Expr> assumptions = {}, std::uint64_t queries = 1'000'000) {
  Registry registry;
  registry.loadDirectory(Registry::defaultPluginDir());
  Options options = defaultOptions(registry.info(PluginKind::Strategy, "autseg"));
  for (const auto& [k, v] : set) options.set(k, v);
  auto strategy = registry.makeStrategy("autseg", options);
  auto solver = registry.makeSolver("z3", card.ctx, defaultOptions(registry.info(PluginKind::Solver, "z3")));
  for (Expr a : assumptions) card.sys.axioms.push_back(a);
  std::vector<TransitionId> targets;
  for (TransitionId t = 0; t < card.sys.transitions.size(); ++t)
    if (!card.sys.transitions[t].synthetic) targets.push_back(t);
  Budgets budgets;
  budgets.solverQueries = queries;
  GenerationJob job{card.sys, *solver, {}, targets, budgets, 0, std::chrono::steady_clock::now() + budgets.time};
  job.assumptions = assumptions;
  Generated g;
  g.proposed = strategy->generate(job);
  g.run = checkByReplay(card.sys, targets, g.proposed);
  return g;
}

const ResultTable& table(const GenerationResult& r, const std::string& name) {
  const auto it = std::find_if(r.tables.begin(), r.tables.end(), [&](const ResultTable& t) { return t.name == name; });
  REQUIRE(it != r.tables.end());
  return *it;
}

std::vector<std::string> row(const ResultTable& t, const std::string& command) {
  for (const auto& r : t.rows)
    if (r.front() == command) return r;
  FAIL("no row for " << command);
  return {};
}

std::vector<const ModelFinding*> findings(const GenerationResult& r, const std::string& kind) {
  std::vector<const ModelFinding*> out;
  for (const ModelFinding& f : r.findings)
    if (f.kind == kind) out.push_back(&f);
  return out;
}

std::string reasonOf(const RunResult& r, const Card& card, const std::string& name) {
  const TransitionId id = *card.sys.findTransition(name);
  for (const TargetOutcome& o : r.targets)
    if (o.transition == id) return o.reason ? std::string(toString(*o.reason)) : "covered";
  return "not a target";
}

}  // namespace

// Whole generation runs (model, solver, strategy, replay): the `integration` label (tests/README.md).
TEST_SUITE_BEGIN("integration");

TEST_CASE("autseg: the per-command table counts complete, dead and truncated sequences and the steps used") {
  Card card;
  const Generated g = generate(card);
  const ResultTable& t = table(g.proposed, "autseg commands");
  CHECK(t.columns == std::vector<std::string>{"command", "complete", "dead", "truncated", "max steps"});
  CHECK(row(t, "Start") == std::vector<std::string>{"Start", "2", "0", "0", "1"});
  CHECK(row(t, "Verify PIN") == std::vector<std::string>{"Verify PIN", "3", "0", "0", "1"});
  CHECK(row(t, "Open Secure Session") == std::vector<std::string>{"Open Secure Session", "3", "0", "0", "1"});
  CHECK(row(t, "SV Undebit") == std::vector<std::string>{"SV Undebit", "2", "0", "0", "2"});
  CHECK(row(t, "Read Record") == std::vector<std::string>{"Read Record", "2", "1", "0", "2"});
  CHECK(row(t, "Update Binary") == std::vector<std::string>{"Update Binary", "2", "0", "0", "1"});
  CHECK(g.proposed.stats.get("complete_sequences") == 17);
  // A diameter of one step cuts SV Undebit's and Read Record's two-step sequences.
  Card small;
  const Generated h = generate(small, {{"max_diameter", std::int64_t{1}}});
  const ResultTable& u = table(h.proposed, "autseg commands");
  CHECK(row(u, "SV Undebit") == std::vector<std::string>{"SV Undebit", "1", "0", "1", "1"});
  CHECK(row(u, "Read Record") == std::vector<std::string>{"Read Record", "1", "0", "1", "1"});
  CHECK(reasonOf(h.run, small, "record read") == "budget-exhausted");
}

TEST_CASE("autseg: Figure 15, the dead sequence of Read Record with its two-atom core") {
  Card card;
  const Generated g = generate(card);
  const auto dead = findings(g.proposed, "dead-sequence");
  REQUIRE(dead.size() == 1);
  CHECK(dead[0]->message.find("Read Record") != std::string::npos);
  CHECK(dead[0]->message.find("record anomaly") != std::string::npos);
  REQUIRE(dead[0]->core.size() == 2);
  CHECK(dead[0]->core[0].find("<= 49 (0x31)") != std::string::npos);
  CHECK(dead[0]->core[1].find(">= 255 (0xFF)") != std::string::npos);
  // The anomaly lies on dead sequences only: infeasible within the bound, proved by the SSG.
  CHECK(reasonOf(g.run, card, "record anomaly") == "infeasible-within-bound");
}

TEST_CASE("autseg: Figure 16, Update Binary's state is incomplete, with its gap and a witness in it") {
  Card card;
  const Generated g = generate(card);
  const auto gaps = findings(g.proposed, "incomplete-behavior");
  REQUIRE(gaps.size() == 1);
  CHECK(gaps[0]->message.find("Update Binary") != std::string::npos);
  CHECK(gaps[0]->message.find("gap") != std::string::npos);
  REQUIRE(gaps[0]->witness.rfind("data = ", 0) == 0);
  const int tag = std::stoi(gaps[0]->witness.substr(7));
  CHECK(tag != 84);
  CHECK(tag != 3);
  CHECK(findings(g.proposed, "nondeterminism").empty());
  Card complete(false);
  CHECK(findings(generate(complete).proposed, "incomplete-behavior").empty());
}

TEST_CASE("autseg: Figure 17, SV Undebit's test set runs Start, Verify PIN, Open Secure Session, SV Get, SV Undebit") {
  for (const char* mode : {"plan", "priority"}) {
    CAPTURE(mode);
    Card card;
    const Generated g = generate(card, {{"backtrack", std::string(mode)}});
    const ResultTable& sets = table(g.proposed, "autseg test sets");
    bool found = false;
    for (const auto& r : sets.rows)
      if (r[0] == "SV Undebit" && r[1] == "2") {
        found = true;
        CHECK(r[5] == "Start, Verify PIN, Open Secure Session, SV Get, SV Undebit");
        CHECK(r[6] == "included");
      }
    CHECK(found);
    CHECK(g.run.replayed);
    CHECK(g.run.replayFailures.empty());
    CHECK(reasonOf(g.run, card, "undebit ok") == "covered");
    CHECK(reasonOf(g.run, card, "open ok") == "covered");
  }
}

TEST_CASE("autseg: every complete sequence gives a replayed test set, and [assume] excludes the contact-only ones") {
  Card card;
  const Generated g = generate(card);
  CHECK(g.run.replayed);
  CHECK(g.proposed.stats.get("test_sets") == 17);
  CHECK(g.run.sequences.size() == 17);
  CHECK(reasonOf(g.run, card, "open contact") == "covered");

  Card assumed;
  const Expr noContact = assumed.e("!contact_mode");
  const Generated h = generate(assumed, {}, {noContact});
  CHECK(h.run.replayed);
  CHECK(h.proposed.stats.get("test_sets") == 16);
  CHECK(h.proposed.stats.get("excluded_test_sets") == 1);
  CHECK(reasonOf(h.run, assumed, "open contact") == "excluded-by-assumption");
  CHECK(reasonOf(h.run, assumed, "undebit ok") == "covered");
}

TEST_CASE("autseg: a query budget ends the search within it, and the rest is budget-exhausted") {
  Card card;
  const Generated g = generate(card, {}, {}, 10);
  CHECK(g.run.replayed);
  CHECK(g.run.coveredTargets() < g.run.targets.size());
  for (const TargetOutcome& o : g.run.targets)
    if (!o.covered) CHECK((o.reason == UncoveredReason::BudgetExhausted));
}

TEST_SUITE_END();
