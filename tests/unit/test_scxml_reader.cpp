// The `scxml` frontend's reader (plugins/scxml): W3C SCXML into the statechart library's Chart,
// before flattening. The plugin exports its reader under the alias `symseq_scxml_read_chart` for
// these tests, so they see the Chart without linking pugixml; every refusal is checked with its
// message and its file:line:col.
#include <doctest/doctest.h>

#include <boost/dll/shared_library.hpp>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

#include "../../plugins/statechart/include/symseq/statechart/Chart.h"
#include "symseq/expr/ExprContext.h"
#include "symseq/expr/Printer.h"
#include "symseq/plugin/Registry.h"

using namespace symseq;
using namespace symseq::statechart;

namespace {

// plugins/scxml/ScxmlReader.h: ReadChartFunction.
using ReadChart = Chart(std::string_view, const std::string&, const std::string&, ExprContext&);

class ScxmlReader {
 public:
  ScxmlReader()
      : library_(Registry::defaultPluginDir() / "symseq-frontend-scxml.so", boost::dll::load_mode::rtld_now),
        read_(library_.get_alias<ReadChart>("symseq_scxml_read_chart")) {}
  Chart read(ExprContext& ctx, std::string_view text) const { return read_(text, "m.scxml", "m", ctx); }

 private:
  boost::dll::shared_library library_;
  ReadChart& read_;
};

Chart readText(ExprContext& ctx, std::string_view text) { return ScxmlReader().read(ctx, text); }

// The whole message a user sees ("file:line:col: error: ...", and the hint) of a refused document.
std::string refusal(std::string_view text) {
  ExprContext ctx;
  try {
    (void)readText(ctx, text);
  } catch (const Error& e) {
    return e.what();
  }
  return "(accepted)";
}

std::string firstLine(const std::string& s) { return s.substr(0, s.find('\n')); }

// A document around `body`, the <scxml> start tag alone on line 1.
std::string doc(std::string_view body, std::string_view data = "") {
  return std::string("<scxml xmlns=\"http://www.w3.org/2005/07/scxml\" version=\"1.0\">\n") +
         (data.empty() ? "" : "<datamodel>" + std::string(data) + "</datamodel>\n") + std::string(body) +
         "\n</scxml>\n";
}

const State& stateOf(const Automaton& a, std::string_view name) {
  const auto it = std::find_if(a.states.begin(), a.states.end(), [&](const State& s) { return s.name == name; });
  REQUIRE(it != a.states.end());
  return *it;
}

// ChartTransition::priority is being added on other branches; until it is here, only the order says it.
template <class Transition>
bool rankIs(const Transition& t, std::uint32_t rank) {
  if constexpr (requires { t.priority == rank; }) return t.priority == rank;
  return true;
}
template <class Transition>
bool unranked(const Transition& t) {
  if constexpr (requires { !t.priority; }) return !t.priority;
  return true;
}

std::string text(Expr e) { return toString(e); }

std::string readFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("scxml reader: the player example, compound, parallel and final states with the done.state join") {
  ExprContext ctx;
  const Chart chart = readText(ctx, readFile(std::filesystem::path(SYMSEQ_SOURCE_DIR) / "configs/models/player.scxml"));
  CHECK(chart.name == "player");
  CHECK(chart.priority == Priority::InnerFirst);
  CHECK(chart.observers.empty());

  // Events first (input signals, in the order of first use; done.state.playing is no input), then the data.
  std::vector<std::string> names;
  for (const Declaration& d : chart.declarations) names.emplace_back(d.var.name());
  CHECK(names == std::vector<std::string>{"power", "play", "stop", "tick", "louder", "mute", "length", "position",
                                          "played", "volume"});
  CHECK(chart.declarations[0].kind == DeclarationKind::InputSignal);
  CHECK(chart.declarations[0].var.sort() == Sort::boolean());
  CHECK(chart.declarations[6].kind == DeclarationKind::Variable);
  CHECK(chart.declarations[6].var.sort().isInt());
  CHECK(text(*chart.declarations[6].initial) == "2");
  CHECK(text(*chart.declarations[9].initial) == "1");

  const Automaton& top = chart.main;
  CHECK(top.initial == "off");
  REQUIRE(top.states.size() == 2);
  const State& on = stateOf(top, "on");
  REQUIRE(on.regions.size() == 2);  // the parallel state's two regions
  CHECK(on.regions[0].name == "playback");
  CHECK(on.regions[1].name == "sound");
  CHECK(on.regions[0].initial == "stopped");
  const State& playing = stateOf(on.regions[0], "playing");
  REQUIRE(playing.regions.size() == 1);  // a compound state: one sub-automaton
  CHECK(playing.regions[0].initial == "track");  // from <initial><transition target=/></initial>
  CHECK(stateOf(playing.regions[0], "end").final);
  CHECK(!stateOf(playing.regions[0], "track").final);
  CHECK(playing.where == SourceLocation{"m.scxml", 38, 7});

  // Transitions of the top automaton: `on` is a macro-state, so leaving it is an abort.
  REQUIRE(top.transitions.size() == 2);
  CHECK(top.transitions[0].name == "off->on");
  CHECK(top.transitions[0].kind == TransitionKind::Normal);
  CHECK(text(top.transitions[0].trigger) == "power && !play && !stop && !tick && !louder && !mute");
  CHECK(text(top.transitions[0].condition) == "true");
  CHECK(top.transitions[1].name == "on->off");
  CHECK(top.transitions[1].kind == TransitionKind::StrongAbort);

  // The playback region: the join of `playing` (document order), then `stop`.
  const Automaton& playback = on.regions[0];
  REQUIRE(playback.transitions.size() == 3);
  CHECK(playback.transitions[0].name == "stopped->playing");
  CHECK(playback.transitions[1].name == "playing->stopped");
  CHECK(playback.transitions[1].kind == TransitionKind::Termination);
  CHECK(text(playback.transitions[1].trigger) == "true");
  REQUIRE(playback.transitions[1].effects.size() == 2);
  CHECK(playback.transitions[1].effects[0].variable.name() == "position");
  CHECK(text(playback.transitions[1].effects[1].value) == "played + 1");
  CHECK(playback.transitions[2].name == "playing->stopped#2");
  CHECK(playback.transitions[2].kind == TransitionKind::StrongAbort);
  // `playing`'s transitions share no event: no ranks (a ranked join would silence `stop`).
  CHECK(unranked(playback.transitions[1]));
  CHECK(unranked(playback.transitions[2]));

  // Inside `playing`: the two `tick` transitions of `track`, in document order, entities decoded.
  const Automaton& inner = playing.regions[0];
  REQUIRE(inner.transitions.size() == 2);
  CHECK(inner.transitions[0].name == "track->track");
  CHECK(text(inner.transitions[0].condition) == "position + 1 < length");
  CHECK(text(inner.transitions[0].effects[0].value) == "position + 1");
  CHECK(inner.transitions[1].name == "track->end");
  CHECK(text(inner.transitions[1].condition) == "position + 1 >= length");
  CHECK(inner.transitions[1].where == SourceLocation{"m.scxml", 51, 11});
  CHECK(rankIs(inner.transitions[0], 1));  // both on `tick`: document order
  CHECK(rankIs(inner.transitions[1], 2));

  const Automaton& sound = on.regions[1];
  REQUIRE(sound.transitions.size() == 3);
  CHECK(sound.transitions[0].name == "normal->normal");
  CHECK(sound.transitions[2].name == "muted->normal");
}

TEST_CASE("scxml reader: initial states, document order, targetless and self transitions, event descriptors") {
  ExprContext ctx;
  const Chart chart = readText(ctx, doc(R"x(<state id="a">
  <transition event="go" cond="n &gt; 1" target="b"/>
  <transition event="go" target="a"><assign location="n" expr="n + 1"/></transition>
  <transition event="door"/>
  <transition event="*" target="b"/>
</state>
<parallel id="b">
  <state id="r1"><transition event="door.open" target="r1"/></state>
  <state id="r2"><initial><transition target="y"/></initial>
    <state id="x"/><state id="y"><transition event="door.close" target="x"/></state></state>
</parallel>)x",
                                         R"x(<data id="n" expr="-1"/>)x"));
  CHECK(chart.name == "m");  // no `name`: the file's stem
  CHECK(chart.main.initial == "a");  // no `initial`: the first child
  REQUIRE(chart.declarations.size() == 5);
  CHECK(chart.declarations[2].var.name() == "door_open");
  CHECK(text(*chart.declarations[4].initial) == "-1");
  const auto& ts = chart.main.transitions;
  REQUIRE(ts.size() == 4);
  CHECK(ts[0].name == "a->b");
  CHECK(ts[1].name == "a->a");
  CHECK(ts[2].name == "a->a#2");  // targetless on an atomic state: a self-loop without exit actions
  CHECK(ts[2].effects.empty());
  CHECK(ts[3].name == "a->b#2");
  // `door` matches door, door.open and door.close (SCXML's prefix match), `*` every event; each alone.
  CHECK(text(ts[2].trigger) == "door && !go && !door_open && !door_close || door_open && !go && !door && !door_close || "
                               "door_close && !go && !door && !door_open");
  CHECK(text(ts[3].trigger) == "go && !door && !door_open && !door_close || " + text(ts[2].trigger));
  // Document order is the priority order: ranks 1, 2, ... once ChartTransition has a priority.
  CHECK(rankIs(ts[0], 1));
  CHECK(rankIs(ts[3], 4));
  const State& b = stateOf(chart.main, "b");
  REQUIRE(b.regions.size() == 2);
  CHECK(b.regions[0].name == "r1");  // an atomic region: alone in an automaton, its self-loop kept
  REQUIRE(b.regions[0].states.size() == 1);
  CHECK(b.regions[0].states[0].name == "r1");
  REQUIRE(b.regions[0].transitions.size() == 1);
  CHECK(b.regions[0].transitions[0].name == "r1->r1");
  CHECK(b.regions[1].name == "r2");  // a compound region: its sub-automaton
  CHECK(b.regions[1].initial == "y");
  CHECK(b.regions[1].states.size() == 2);
  CHECK(b.regions[1].transitions.size() == 1);
}

// Each refused document: the first line of the message (file:line:col: error: ...).
TEST_CASE("scxml reader: refusals are located and name what is outside the subset") {
  struct Case {
    std::string body;
    std::string expected;
    std::string data = "";
  };
  const std::vector<Case> cases{
      {R"(<state id="a"><invoke type="x"/></state>)",
       "m.scxml:2:15: error: <invoke> is outside the SCXML subset symseq reads"},
      {"<state id=\"a\">\n  <onentry><assign location=\"n\" expr=\"1\"/></onentry></state>",
       "m.scxml:3:3: error: <onentry> is outside the SCXML subset symseq reads"},
      {R"(<state id="a"><history id="h"/></state>)",
       "m.scxml:2:15: error: <history> is outside the SCXML subset symseq reads"},
      {R"(<state id="a"><transition event="e" target="a"><send event="f"/></transition></state>)",
       "m.scxml:2:48: error: <send> is outside the SCXML subset symseq reads"},
      {R"(<state id="a"><transition event="e" target="a"><raise event="f"/></transition></state>)",
       "m.scxml:2:48: error: <raise> is outside the SCXML subset symseq reads"},
      {R"(<script>x = 1;</script><state id="a"/>)",
       "m.scxml:2:1: error: <script> is outside the SCXML subset symseq reads"},
      {R"(<state id="a"><blink/></state>)", "m.scxml:2:15: error: unknown element <blink>"},
      {R"(<state id="a"><transition event="e" target="a"></state>)",
       "m.scxml:2:50: error: malformed XML: Start-end tags mismatch"},
      {R"(<state id="a" colour="red"/>)",
       "m.scxml:2:23: error: attribute 'colour' of <state> is outside the subset"},
      {R"(<state id="a"><transition target="b"/></state><state id="b"/>)",
       "m.scxml:2:15: error: an eventless transition of 'a' is outside the subset"},
      {R"(<state id="a"><transition event="e" target="x"/></state><state id="b"><state id="x"/></state>)",
       "m.scxml:2:45: error: the target 'x' is not a sibling: it crosses hierarchy levels"},
      {R"(<state id="a"><transition event="e" target="bb"/></state><state id="b"/>)",
       "m.scxml:2:45: error: unknown state 'bb'; did you mean 'b'?"},
      {R"x(<state id="a"><transition event="e" cond="In('b')" target="a"/></state><state id="b"/>)x",
       "m.scxml:2:43: error: In() is outside the expression subset: the flattened model has no state predicate"},
      {R"(<state id="a"><transition event="e" cond="n == 'x'" target="a"/></state>)",
       "m.scxml:3:48: error: strings are outside the expression subset (the data model holds ints and bools)",
       R"(<data id="n" expr="0"/>)"},
      {R"(<state id="a"><transition event="e" cond="n % 2 == 0" target="a"/></state>)",
       "m.scxml:3:45: error: '%' is outside the expression subset", R"(<data id="n" expr="0"/>)"},
      // The kernel parser's own error, at the raw column: `&lt;` counts four characters.
      {R"(<state id="a"><transition event="e" cond="n &lt; m" target="a"/></state>)",
       "m.scxml:3:50: error: unknown variable 'm'; did you mean 'n'?", R"(<data id="n" expr="0"/>)"},
      // A sort error at an operator written as entities: at its `&`.
      {R"(<state id="a"><transition event="e" cond="b &lt; 1" target="a"/></state>)",
       "m.scxml:3:45: error: operator '<' expects operands of one sort (convert with to_real), got bool and int",
       R"(<data id="b" expr="false"/>)"},
      {R"(<state id="a"><transition event="e" cond="n &amp;&amp; b" target="a"/></state>)",
       "m.scxml:3:45: error: operator '&&' expects bool operands, got int and bool", R"(<data id="n" expr="0"/><data id="b" expr="false"/>)"},
      {R"(<state id="a"><transition event="e" cond="n + 1" target="a"/></state>)",
       "m.scxml:3:43: error: the condition is not a boolean", R"(<data id="n" expr="0"/>)"},
      {R"(<state id="a"><transition event="e" target="a"><assign location="n" expr="true"/></transition></state>)",
       "m.scxml:3:75: error: 'n' holds an int, but the value is a bool", R"(<data id="n" expr="0"/>)"},
      {R"(<state id="a"><transition event="e" target="a"><assign location="nn" expr="1"/></transition></state>)",
       "m.scxml:3:66: error: 'nn' is not a <data> id; did you mean 'n'?", R"(<data id="n" expr="0"/>)"},
      {R"(<state id="a"/>)", "m.scxml:2:12: error: <data id=\"n\"> without an `expr`", R"(<data id="n"/>)"},
      {R"(<state id="a"><state id="a1"/><final id="f"/></state><state id="b"><transition event="done.state.a" target="a"/></state>)",
       "m.scxml:2:87: error: 'done.state.a' on 'b' is outside the subset"},
      {R"(<state id="a"><state id="a1"/><transition event="done.state.a" target="a"/></state>)",
       "m.scxml:2:50: error: done.state.a never happens: 'a' has no <final> state"},
      {R"(<state id="a" initial="x"><state id="b"><state id="x"/></state></state>)",
       "m.scxml:2:24: error: the initial state 'x' is not a sibling: it crosses hierarchy levels"},
      {R"(<parallel id="p"><state id="r"><state id="x"/><transition event="e" target="r"/></state></parallel>)",
       "m.scxml:2:47: error: a transition of 'r', a region of the parallel state 'p', is outside the subset"},
      {R"(<state id="a"><state id="x"/><transition event="e"/></state>)",
       "m.scxml:2:30: error: a targetless transition of the compound state 'a' is outside the subset"},
      {R"(<state id="a"/><state id="a"/>)", "m.scxml:2:27: error: state 'a' is declared twice"},
      {R"(<state id="a"><transition event="a.b" target="a"/><transition event="a_b" target="a"/></state>)",
       "m.scxml:2:70: error: events 'a.b' and 'a_b' both become the input signal 'a_b'"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.body);
    CHECK(firstLine(refusal(doc(c.body, c.data))) == c.expected);
  }
}

TEST_CASE("scxml reader: hints say what to do instead") {
  CHECK(refusal(doc(R"(<state id="a"><onexit/></state>)")) ==
        "m.scxml:2:15: error: <onexit> is outside the SCXML subset symseq reads\n"
        "  hint: entry and exit actions are outside the subset; put the <assign> elements on the transitions that "
        "enter or leave the state");
  CHECK(refusal("<?xml version=\"1.0\"?>\n<scxml>\n  <state id=\"a\">\n</scxml>\n") ==
        "m.scxml:4:3: error: malformed XML: Start-end tags mismatch\n"
        "  hint: an SCXML file is an XML document; fix the markup at this place");
  CHECK(firstLine(refusal("<statechart/>")) == "m.scxml:1:1: error: the document element is <statechart>, not <scxml>");
  // A condition over several lines: the kernel parser counts the attribute's lines itself.
  CHECK(firstLine(refusal(doc("<state id=\"a\"><transition event=\"e\" cond=\"n &gt; 0 &amp;&amp;\n   n &lt;\"/></state>",
                              R"(<data id="n" expr="0"/>)"))) ==
        "m.scxml:4:10: error: expected an expression, found end of input");
}
