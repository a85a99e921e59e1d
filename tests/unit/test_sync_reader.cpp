// The `sync` frontend's reader and validation (plugins/sync, docs/models/sync.md): models read
// into a statechart::Chart and checked structurally, the shipped configs/models/*.sync, and every
// validation error with its exact place and message. The plugin's `symseq_sync_read_chart` alias
// is the reader plus validation, before flattening.
#include <doctest/doctest.h>

#include "ReaderHelpers.h"

#include <boost/dll/shared_library.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "symseq/expr/ExprContext.h"
#include "symseq/expr/Printer.h"
#include "symseq/ir/TransitionSystem.h"
#include "symseq/plugin/Frontend.h"
#include "symseq/plugin/Registry.h"
#include "symseq/statechart/Chart.h"

using namespace symseq;
using namespace symseq::statechart;

namespace {

using ReadChart = Chart(std::string_view, const std::string&, ExprContext&);

// The plugin's library stays loaded for the whole test binary: the charts' strings and vectors
// need no code of it to be freed, but the alias must stay valid.
ReadChart& readFunction() {
  static const boost::dll::shared_library lib(
      (Registry::defaultPluginDir() / "symseq-frontend-sync.so").string());
  return lib.get_alias<ReadChart>("symseq_sync_read_chart");
}

Chart read(ExprContext& ctx, const std::string& text) { return readFunction()(text, "m.sync", ctx); }

// "line:col message" of the error reading `text` throws ("" when none).
std::string errorOf(const std::string& text) {
  return test::locatedError("m.sync", [&](ExprContext& ctx) { (void)read(ctx, text); });
}

std::string shipped(const std::string& name) { return test::shippedModel(name); }

const State& stateOf(const Automaton& a, const std::string& name) {
  for (const State& s : a.states)
    if (s.name == name) return s;
  FAIL("no state " << name << " in " << a.name);
  return a.states.front();
}

std::vector<std::string> transitionNames(const Automaton& a) {
  std::vector<std::string> names;
  for (const ChartTransition& t : a.transitions) names.push_back(t.name);
  return names;
}

// Every automaton of the main machine, depth first (the hierarchical automata).
void automata(const Automaton& a, std::vector<const Automaton*>& out) {
  out.push_back(&a);
  for (const State& s : a.states)
    for (const Automaton& r : s.regions) automata(r, out);
}

}  // namespace

TEST_CASE("sync reader: ABRO into a chart") {
  ExprContext ctx;
  const Chart c = read(ctx, shipped("abro.sync"));
  CHECK(c.name == "abro");
  REQUIRE(c.declarations.size() == 4);
  CHECK(c.declarations[0].var.name() == "A");
  CHECK(c.declarations[0].kind == DeclarationKind::InputSignal);
  CHECK(c.declarations[2].var.name() == "R");
  CHECK(c.declarations[3].var.name() == "O");
  CHECK(c.declarations[3].kind == DeclarationKind::OutputSignal);
  CHECK(c.declarations[3].var.sort() == Sort::boolean());
  CHECK(c.priority == Priority::OuterFirst);
  CHECK(c.observers.empty());
  CHECK(c.commands.empty());

  CHECK(c.main.name == "ABRO");
  CHECK(c.main.initial == "Run");
  REQUIRE(c.main.states.size() == 2);
  const State& run = stateOf(c.main, "Run");
  REQUIRE(run.regions.size() == 2);
  CHECK(run.regions[0].name == "RA");
  CHECK(run.regions[0].initial == "WaitA");
  CHECK_FALSE(stateOf(run.regions[0], "WaitA").final);
  CHECK(stateOf(run.regions[0], "DoneA").final);
  CHECK(run.regions[1].name == "RB");
  REQUIRE(run.regions[1].transitions.size() == 1);
  CHECK(run.regions[1].transitions[0].name == "WaitB->DoneB");
  CHECK(toString(run.regions[1].transitions[0].trigger) == "B");
  CHECK(stateOf(c.main, "Over").regions.empty());

  // Priority order per source: the numbered abort first, then the join, as written.
  CHECK(transitionNames(c.main) == std::vector<std::string>{"t_abort", "t_join", "t_restart"});
  const ChartTransition& abort = c.main.transitions[0];
  CHECK(abort.kind == TransitionKind::StrongAbort);
  CHECK(abort.priority == 1);
  CHECK(abort.source == "Run");
  CHECK(abort.target == "Run");
  CHECK(toString(abort.trigger) == "R");
  CHECK(toString(abort.condition) == "true");
  CHECK(abort.where.line == 23);
  CHECK(abort.where.column == 3);
  const ChartTransition& join = c.main.transitions[1];
  CHECK(join.kind == TransitionKind::Termination);
  CHECK_FALSE(join.priority.has_value());
  REQUIRE(join.effects.size() == 1);
  CHECK(join.effects[0].variable.name() == "O");
  CHECK(toString(join.effects[0].value) == "true");
  CHECK(c.main.transitions[2].kind == TransitionKind::Normal);
  CHECK_FALSE(c.main.transitions[2].immediate);
}

TEST_CASE("sync reader: declarations, hex literals, effects, immediate, priorities, commands") {
  ExprContext ctx;
  const Chart c = read(ctx, R"(model card
input go                        # a pure signal
input byte, len : int           # data inputs
output sw9000, sw6200
signal opened
var count : int = 0x10
var flag : bool
parameter contact_mode : bool
automaton Card {
  initial state Idle
  state Session {
    initial state Wait
    final state Done
    Wait -> Done immediate on go if (byte == 0A4h || byte == 0x1F) && !contact_mode / emit sw9000; count := count + 1
  }
  Idle -> Session on go if byte > 10h priority 2 / flag := true
  Idle -> Idle on go priority 1
  Idle -> Idle
  Idle -> Idle on !go
  Session -> Idle join / emit opened
}
observer Flags {
  initial state Closed
  state Open
  Closed -> Open on opened
}
command Select = Session
)");
  REQUIRE(c.declarations.size() == 9);
  CHECK(c.declarations[1].var.name() == "byte");
  CHECK(c.declarations[1].kind == DeclarationKind::DataInput);
  CHECK(c.declarations[2].var.sort() == Sort::integer());
  CHECK(c.declarations[5].kind == DeclarationKind::LocalSignal);
  CHECK(c.declarations[6].kind == DeclarationKind::Variable);
  REQUIRE(c.declarations[6].initial.has_value());
  CHECK(toString(*c.declarations[6].initial) == "16");
  CHECK(toString(*c.declarations[7].initial) == "false");  // the default
  CHECK(c.declarations[8].kind == DeclarationKind::Parameter);
  CHECK_FALSE(c.declarations[8].initial.has_value());

  const Automaton& sub = stateOf(c.main, "Session").regions.at(0);
  CHECK(sub.name == "Session");
  const ChartTransition& inner = sub.transitions.at(0);
  CHECK(inner.immediate);
  CHECK(toString(inner.trigger) == "go");
  CHECK(toString(inner.condition) == "(byte == 164 || byte == 31) && !contact_mode");
  REQUIRE(inner.effects.size() == 2);
  CHECK(inner.effects[0].variable.name() == "sw9000");
  CHECK(inner.effects[1].variable.name() == "count");
  CHECK(toString(inner.effects[1].value) == "count + 1");
  CHECK(inner.where.line == 14);

  // Numbered first (1, then 2), then the unnumbered ones in the written order; unnamed
  // transitions are named after their states.
  CHECK(transitionNames(c.main) ==
        std::vector<std::string>{"Idle->Idle", "Idle->Session", "Idle->Idle#2", "Idle->Idle#3", "Session->Idle"});
  CHECK(c.main.transitions[0].priority == 1);
  CHECK(c.main.transitions[1].priority == 2);
  CHECK(toString(c.main.transitions[1].condition) == "byte > 16");
  CHECK(toString(c.main.transitions[2].trigger) == "true");

  REQUIRE(c.observers.size() == 1);
  CHECK(c.observers[0].name == "Flags");
  REQUIRE(c.commands.size() == 1);
  CHECK(c.commands[0].name == "Select");
  CHECK(c.commands[0].state == "Session");
}

TEST_CASE("sync reader: observers come in causality order") {
  ExprContext ctx;
  const Chart c = read(ctx, R"(input a
output s, t, u
automaton M {
  initial state X
  X -> X on a / emit s
}
observer Last {
  initial state L0
  L0 -> L0 on u
}
observer Second {
  initial state S0
  S0 -> S0 on t / emit u
}
observer First {
  initial state F0
  F0 -> F0 on s / emit t
}
observer Free {
  initial state G0
  G0 -> G0 on s
}
)");
  std::vector<std::string> order;
  for (const Automaton& o : c.observers) order.push_back(o.name);
  CHECK(order == std::vector<std::string>{"First", "Second", "Last", "Free"});
}

TEST_CASE("sync reader: the shipped Figure 2, 3 and 4 shapes") {
  ExprContext ctx;
  const Chart fig2 = read(ctx, shipped("fig2-shape.sync"));
  std::vector<const Automaton*> hierarchical;
  automata(fig2.main, hierarchical);
  std::vector<std::size_t> sizes;
  for (const Automaton* a : hierarchical) sizes.push_back(a->states.size());
  CHECK(sizes == std::vector<std::size_t>{3, 6, 3, 3, 3, 3});
  REQUIRE(fig2.observers.size() == 2);
  std::uint64_t combinations = 1;
  for (std::size_t n : sizes) combinations *= n;
  for (const Automaton& o : fig2.observers) combinations *= o.states.size();
  CHECK(combinations == 13122);
  std::size_t macroStates = 0;
  bool anyFinal = false;
  for (const Automaton* a : hierarchical)
    for (const State& s : a->states) {
      macroStates += s.regions.empty() ? 0 : 1;
      anyFinal = anyFinal || s.final;
    }
  CHECK(macroStates == 5);
  CHECK_FALSE(anyFinal);  // no final-state merges
  CHECK(fig2.commands.size() == 2);

  ExprContext ctx3;
  const Chart fig3 = read(ctx3, shipped("fig3.sync"));
  const State& st = stateOf(fig3.main, "St");
  REQUIRE(st.regions.size() == 1);
  CHECK(st.regions[0].initial == "S3");
  CHECK(st.regions[0].states.size() == 3);
  std::vector<std::string> entering;
  std::vector<std::string> preempting;
  for (const ChartTransition& t : fig3.main.transitions) {
    if (t.target == "St") entering.push_back(t.name);
    if (t.source == "St") preempting.push_back(t.name);
  }
  CHECK(entering == std::vector<std::string>{"t0", "t1", "t2"});
  CHECK(preempting == std::vector<std::string>{"t7", "t6"});

  ExprContext ctx4;
  const Chart fig4 = read(ctx4, shipped("fig4.sync"));
  const State& m = stateOf(fig4.main, "M");
  REQUIRE(m.regions.size() == 1);
  CHECK(m.regions[0].states.size() == 4);
  CHECK(stateOf(m.regions[0], "S3").final);
  CHECK(stateOf(m.regions[0], "S4").final);
  const auto t5 = std::find_if(fig4.main.transitions.begin(), fig4.main.transitions.end(),
                               [](const ChartTransition& t) { return t.name == "t5"; });
  REQUIRE(t5 != fig4.main.transitions.end());
  CHECK(t5->kind == TransitionKind::Termination);
  CHECK(t5->target == "S5");
}

TEST_CASE("sync reader: validation errors say where and what") {
  const std::string head = "input a, b\noutput o\nvar x : int\nparameter p : bool\n";  // 4 lines
  // Names.
  CHECK(errorOf(head + "automaton M {\n  initial state X\n  X -> Zebra on a\n}\n") ==
        "7:8 unknown state 'Zebra' in 'M'");
  CHECK(errorOf(head + "automaton M {\n  initial state Idle\n  Idle -> Idel on a\n}\n") ==
        "7:11 unknown state 'Idel' in 'M'; did you mean 'Idle'?");
  CHECK(errorOf(head + "automaton M {\n  initial state X\n  X -> X on c\n}\n") ==
        "7:13 unknown variable 'c'; did you mean 'a'?");
  CHECK(errorOf(head + "output a\nautomaton M {\n  initial state X\n}\n") ==
        "5:8 'a' is declared twice (first at 1:7, as an input signal)");
  CHECK(errorOf(head + "automaton M {\n  initial state X\n  state X\n}\n") ==
        "7:9 state 'X' is declared twice (first at 6:17)");
  CHECK(errorOf(head + "automaton M {\n  initial state X\n  t: X -> X\n  t: X -> X on a\n}\n") ==
        "8:3 transition 't' is declared twice (first at 7:3)");
  // Structure.
  CHECK(errorOf(head + "automaton M {\n  state X\n}\n") == "5:1 'M' has no initial state");
  CHECK(errorOf(head + "automaton M {\n  initial state X\n  initial state Y\n}\n") ==
        "7:3 a second initial state in 'M' ('X' is initial already)");
  CHECK(errorOf(head +
                "automaton M {\n  initial state X {\n    initial state X1\n  }\n  state Y {\n    initial state Y1\n"
                "    X1 -> Y1 on a\n  }\n}\n") ==
        "11:5 inter-level transition: state 'X1' belongs to 'X', not to 'Y'");
  CHECK(errorOf(head + "automaton M {\n  initial state X\n  X -> X abort on a\n}\n") ==
        "7:3 'abort' on transition 'X->X' whose source 'X' is not a macro-state");
  CHECK(errorOf(head + "automaton M {\n  initial state X {\n    initial state X1\n  }\n  X -> X join\n}\n") ==
        "9:3 'join' on transition 'X->X' but 'X' in macro-state 'X' has no final state");
  CHECK(errorOf(head + "automaton M {\n  initial state X {\n    initial state X1\n  }\n  X -> X on a\n}\n") ==
        "9:3 transition 'X->X' leaves macro-state 'X' without saying how");
  CHECK(errorOf(head + "automaton M {\n  initial state X\n}\nobserver O {\n  initial state Z {\n") ==
        "9:3 observer 'O' cannot have macro-states");
  // Commands.
  CHECK(errorOf(head + "automaton M {\n  initial state X\n}\ncommand C = X\n") ==
        "8:13 command 'C' names 'X', which is not a macro-state");
  CHECK(errorOf(head + "automaton M {\n  initial state X {\n    initial state X1\n  }\n}\ncommand C = X1\n") ==
        "10:13 command 'C' names state 'X1', which is not in the top automaton 'M'");
  // Effects.
  CHECK(errorOf(head + "automaton M {\n  initial state X\n  X -> X / emit a\n}\n") ==
        "7:17 cannot emit input signal 'a'");
  CHECK(errorOf(head + "automaton M {\n  initial state X\n  X -> X / p := true\n}\n") ==
        "7:12 cannot assign parameter 'p'");
  // Sorts.
  CHECK(errorOf(head + "automaton M {\n  initial state X\n  X -> X if x + 1\n}\n") ==
        "7:13 the condition is int, expected bool");
  CHECK(errorOf(head + "automaton M {\n  initial state X\n  X -> X / x := a\n}\n") ==
        "7:17 the value assigned to 'x' is bool, expected int");
  // Causality.
  CHECK(errorOf(head + "automaton M {\n  initial state X\n  X -> X on o\n}\nobserver O {\n  initial state Z\n"
                       "  Z -> Z on a / emit o\n}\n") ==
        "7:3 causality cycle: the main machine reads signal 'o', which observer 'O' emits in the same instant");
  CHECK(errorOf("input a\noutput s, t\nautomaton M {\n  initial state X\n}\nobserver P {\n  initial state P0\n"
                "  P0 -> P0 on s / emit t\n}\nobserver Q {\n  initial state Q0\n  Q0 -> Q0 on t / emit s\n}\n") ==
        "6:1 causality cycle between observers: P -> Q -> P (observer 'P' reads 's' emitted in the same instant by "
        "'Q')");
  CHECK(errorOf("input a\noutput s\nautomaton M {\n  initial state X\n  X -> X on s / emit s\n}\n") ==
        "5:3 the main machine reads signal 's' that it emits itself (transition 'X->X')");
  // A well-formed model reads.
  CHECK(errorOf(head + "automaton M {\n  initial state X\n  X -> X on a && b if x > 0x1F / x := 1Fh; emit o\n}\n")
            .empty());
}

// The whole frontend (reader, validation, quasi-flattening, lowering) on the shipped Figure 2
// shape: seed-requirements 2.10's first row, EXACT.
TEST_CASE("sync frontend: the Figure 2 shape's metrics through the plugin") {
  Registry r;
  r.loadFile(Registry::defaultPluginDir() / "symseq-frontend-sync.so");
  const auto frontend = r.makeFrontend("sync", Options{});
  ExprContext ctx;
  const TransitionSystem ts =
      frontend->load(std::filesystem::path(SYMSEQ_SOURCE_DIR) / "configs" / "models" / "fig2-shape.sync", ctx);
  const auto metric = [&ts](const std::string& name) -> std::uint64_t {
    for (const LoweringMetric& m : ts.metrics)
      if (m.name == name) return m.value;
    FAIL("no metric " << name);
    return 0;
  };
  CHECK(metric("automata") == 8);
  CHECK(metric("combinations_before") == 13122);
  CHECK(metric("macro_states") == 5);
  CHECK(metric("flat_states") == 16);
  CHECK(metric("combinations_after") == 144);
  CHECK(metric("registers") == 8);
  CHECK(ts.synchronous);
  CHECK_FALSE(ts.sourceDiagram.empty());
  CHECK(ts.subspaces.size() == 2);
}
