// The `graphwalker` frontend (plugins/graphwalker): GraphWalker JSON models read and lowered into
// the IR. The plugin exports read-and-lower under the alias `symseq_graphwalker_load`, so these
// tests see the TransitionSystem without a model file. Every refusal is checked with its message
// and its file:line:col, the column found in the test's own text (so the mapping through JSON
// escapes is checked too).
#include <doctest/doctest.h>

#include <boost/dll/shared_library.hpp>

#include <string>
#include <string_view>

#include "symseq/expr/ExprContext.h"
#include "symseq/expr/Printer.h"
#include "symseq/ir/TransitionSystem.h"
#include "symseq/plugin/Registry.h"

using namespace symseq;

namespace {

// plugins/graphwalker/GwLower.h: LoadFunction.
using Load = TransitionSystem(std::string_view, const std::string&, const std::string&, const std::string&,
                              ExprContext&);

class Frontend {
 public:
  Frontend()
      : library_(Registry::defaultPluginDir() / "symseq-frontend-graphwalker.so", boost::dll::load_mode::rtld_now),
        load_(library_.get_alias<Load>("symseq_graphwalker_load")) {}
  TransitionSystem load(ExprContext& ctx, std::string_view text, const std::string& start = "") const {
    return load_(text, "m.json", "m", start, ctx);
  }

 private:
  boost::dll::shared_library library_;
  Load& load_;
};

TransitionSystem loadText(ExprContext& ctx, std::string_view text, const std::string& start = "") {
  return Frontend().load(ctx, text, start);
}

// The whole message a user sees ("file:line:col: error: ...", and the hint).
std::string refusal(std::string_view text, const std::string& start = "") {
  ExprContext ctx;
  try {
    (void)loadText(ctx, text, start);
  } catch (const Error& e) {
    return e.what();
  }
  return "(accepted)";
}

std::string firstLine(const std::string& s) { return s.substr(0, s.find('\n')); }

// "m.json:L:C" of the first occurrence of `marker` in `text` (plus `shift` bytes).
std::string at(std::string_view text, std::string_view marker, std::size_t shift = 0) {
  const std::size_t pos = text.find(marker);
  REQUIRE(pos != std::string_view::npos);
  std::size_t line = 1, col = 1;
  for (std::size_t i = 0; i < pos + shift; ++i) {
    if (text[i] == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
  }
  return "m.json:" + std::to_string(line) + ":" + std::to_string(col);
}

// A model with two vertices and one edge e_Go (v_A -> v_B), `guard` and `action` written raw
// into the JSON (so escapes stay escapes), and `declarations` as the model's actions.
std::string model(std::string_view declarations, std::string_view guard = "", std::string_view action = "") {
  std::string edge = R"J({"id": "e0", "name": "e_Go", "sourceVertexId": "v0", "targetVertexId": "v1")J";
  if (!guard.empty()) edge += ", \"guard\": \"" + std::string(guard) + "\"";
  if (!action.empty()) edge += ", \"actions\": [\"" + std::string(action) + "\"]";
  edge += "}";
  return "{\"models\": [{\"name\": \"m\", \"startElementId\": \"v0\",\n"
         "  \"actions\": [\"" + std::string(declarations) + "\"],\n"
         "  \"vertices\": [{\"id\": \"v0\", \"name\": \"v_A\"}, {\"id\": \"v1\", \"name\": \"v_B\"}],\n"
         "  \"edges\": [" + edge + "]}]}\n";
}

const Transition& transition(const TransitionSystem& ts, std::string_view name) {
  const auto id = ts.findTransition(name);
  REQUIRE(id.has_value());
  return ts.transitions[*id];
}

std::string updatesText(const Transition& t) {
  std::string s;
  for (const Update& u : t.updates) s += (s.empty() ? "" : "; ") + toString(u.variable) + " := " + toString(u.value);
  return s;
}

std::string initialOf(const TransitionSystem& ts, std::string_view name) {
  for (const VariableDecl& v : ts.variables)
    if (v.var.name() == name) return v.initial ? toString(*v.initial) : "(none)";
  return "(undeclared)";
}

}  // namespace

TEST_CASE("graphwalker reader: the model's actions declare variables, their initial values give the sorts") {
  ExprContext ctx;
  const auto ts = loadText(ctx, model("var a = 2; let b = a * 3 + 1; const c = b > 5 ? true : false; d = -4; a++; "
                                      "e = !(a == 3) || false"));
  CHECK(initialOf(ts, "a") == "3");
  CHECK(initialOf(ts, "b") == "7");
  CHECK(initialOf(ts, "c") == "true");
  CHECK(initialOf(ts, "d") == "-4");
  CHECK(initialOf(ts, "e") == "false");
  for (const VariableDecl& v : ts.variables) {
    CAPTURE(v.var.name());
    CHECK(v.role == VariableRole::State);
    CHECK((v.var.name() == "c" || v.var.name() == "e") == v.var.sort().isBool());
  }
}

TEST_CASE("graphwalker reader: every statement and operator of the JavaScript subset") {
  ExprContext ctx;
  const auto ts = loadText(
      ctx, model("var n = 0; var ok = false;",
                 "(n < 1 || n <= 2) \\u0026\\u0026 !(n > 3) \\u0026\\u0026 n >= -1 \\u0026\\u0026 n == 0 \\u0026\\u0026 "
                 "n === 0 \\u0026\\u0026 n != 5 \\u0026\\u0026 n !== 6 \\u0026\\u0026 (ok ? n + 1 : n * 2 - 1) > 0;",
                 "n = n + 1; n++; n--; ++n; --n; n += 2; n -= 1; n *= 3; ok = !ok; var n = -n\\nn = n"));
  const Transition& go = transition(ts, "e_Go");
  CHECK(toString(go.guard) ==
        "(((((((n < 1 || n <= 2) && !(n > 3)) && n >= -1) && n == 0) && n == 0) && n != 5) && n != 6) && "
        "(ok ? n + 1 : n * 2 - 1) > 0");
  CHECK(updatesText(go) ==
        "n := n + 1; n := n + 1; n := n - 1; n := n + 1; n := n - 1; n := n + 2; n := n - 1; n := n * 3; "
        "ok := !ok; n := -n; n := n");
}

TEST_CASE("graphwalker reader: an empty guard is true and several action strings run in order") {
  ExprContext ctx;
  const std::string text =
      "{\"models\": [{\"startElementId\": \"v0\", \"actions\": [\"x = 1;\", \"y = x + 1;\"],\n"
      " \"vertices\": [{\"id\": \"v0\"}],\n"
      " \"edges\": [{\"id\": \"e0\", \"sourceVertexId\": \"v0\", \"targetVertexId\": \"v0\", \"guard\": \" \",\n"
      "              \"actions\": [\"x++;\", \"y = x; // a comment\", \"/* another */ x = 0;;\"]}]}]}";
  const auto ts = loadText(ctx, text);
  CHECK(ts.name == "m");  // the model has no name: the file's stem
  CHECK(initialOf(ts, "y") == "2");
  const Transition& e = transition(ts, "e0");  // no name: the id
  CHECK(toString(e.guard) == "true");
  CHECK(updatesText(e) == "x := x + 1; y := x; x := 0");
}

TEST_CASE("graphwalker reader: GraphWalker's other keys are accepted and ignored") {
  ExprContext ctx;
  const std::string text = R"J({"name": "suite", "seed": 7, "models": [{
    "name": "m", "id": "uuid-1", "generator": "random(edge_coverage(100))", "startElementId": "v0",
    "requirements": ["R1"], "properties": {"x": 1}, "predefinedPathEdgeIds": ["e0"], "actions": [],
    "vertices": [{"id": "v0", "name": "v_A", "sharedState": "S", "requirements": [], "properties": [], "actions": []}],
    "edges": [{"id": "e0", "name": "e_Loop", "sourceVertexId": "v0", "targetVertexId": "v0", "weight": 0.5,
               "dependency": 100, "requirements": ["R2"], "properties": {"description": "d"}, "guard": null}]}]})J";
  const auto ts = loadText(ctx, text);
  CHECK(ts.transitions.size() == 2);
  CHECK(toString(transition(ts, "e_Loop").guard) == "true");
}

TEST_CASE("graphwalker reader: refusals of the file's structure, each at its place") {
  const std::string ok = model("x = 0;");
  struct Case {
    std::string text;
    std::string marker;
    std::string message;
  };
  const std::string edgeTail = R"J("sourceVertexId": "v0", "targetVertexId": "v0"})J";
  const std::vector<Case> cases{
      {"{\"models\": [\n  {\"name\": \"m\",}]}", "}]}", "the model is not valid JSON: syntax error while parsing object key - unexpected '}'; expected string literal"},
      {"[1]", "[", "the file must be an object, not an array"},
      {"{\"model\": []}", "\"model\"", "unknown key \"model\" in the file; did you mean 'models'?"},
      {"{\"models\": []}", "[]", "\"models\" is empty"},
      {"{\"models\": [{}, {}]}", "{}]", "the file holds 2 models; symseq reads one model per file"},
      {R"J({"models": [{"startElementId": "v0", "vertices": [{"id": "v0", "nmae": "A"}]}]})J", "\"nmae\"",
       "unknown key \"nmae\" in a vertex; did you mean 'name'?"},
      {R"J({"models": [{"startElementId": "v0", "vertices": [{"id": "v0"}], "edges": [{"id": "e0", "gaurd": "true", )J" +
           edgeTail + "]}]}",
       "\"gaurd\"", "unknown key \"gaurd\" in an edge; did you mean 'guard'?"},
      {R"J({"models": [{"startElementId": "v0", "vertices": [{"id": "v0"}], "edges": [{"id": "e0", "guard": 5, )J" +
           edgeTail + "]}]}",
       "5", "\"guard\" of edge 'e0' must be a string, not a number"},
      {R"J({"models": [{"startElementId": "v0", "vertices": [{"id": "v0"}, {"id": "v0"}]}]})J", "\"v0\"}]",
       "the id \"v0\" is used twice"},
      {R"J({"models": [{"startElementId": "v0", "vertices": [{"name": "A"}]}]})J", "{\"name\"",
       "a vertex without an \"id\""},
      {R"J({"models": [{"vertices": [{"id": "v0"}]}]})J", "{\"vertices\"", "the model names no start element"},
      {R"J({"models": [{"startElementId": "v9", "vertices": [{"id": "v0"}, {"id": "v1"}]}]})J", "\"v9\"",
       "the start element 'v9' is no vertex or edge of the model; did you mean 'v0'?"},
      {R"J({"models": [{"startElementId": "v0", "vertices": [{"id": "v0"}, {"id": "v1"}], "edges": [{"id": "e0", "sourceVertexId": "v0", "targetVertexId": "v2"}]}]})J",
       "\"v2\"", "edge 'e0' names the unknown vertex 'v2'; did you mean 'v0'?"},
      {R"J({"models": [{"startElementId": "v0", "vertices": [{"id": "v0"}], "edges": [{"id": "e0", "sourceVertexId": "v0"}]}]})J",
       "{\"id\": \"e0\"", "edge 'e0' has no \"targetVertexId\""},
      {R"J({"models": [{"startElementId": "v0", "vertices": [{"id": "v0"}], "edges": [{"id": "e0", "targetVertexId": "v0"}]}]})J",
       "{\"id\": \"e0\"", "edge 'e0' has no \"sourceVertexId\", and it is not the start element"},
      {R"J({"models": [{"startElementId": "v0", "vertices": [{"id": "v0", "properties": 3}]}]})J", "3",
       "\"properties\" of a vertex 'v0' must be an object, not a number"},
  };
  CHECK(refusal(ok) == "(accepted)");
  for (const Case& c : cases) {
    CAPTURE(c.text);
    CHECK(firstLine(refusal(c.text)) == at(c.text, c.marker) + ": error: " + c.message);
  }
  CHECK(refusal(ok, "v7") ==
        "error: the start element 'v7' (frontend option start) is no vertex or edge of m.json; did you mean 'v0'?\n"
        "  hint: name the id of a vertex or an edge of the model");
}

TEST_CASE("graphwalker reader: JavaScript outside the subset is refused, named, inside the JSON string") {
  struct Case {
    std::string declarations;
    std::string guard;
    std::string action;
    std::string marker;  // where the error is, found in the text
    std::string message;
  };
  const std::vector<Case> cases{
      {"var n = 0;", "n == \\\"admin\\\"", "", "\\\"admin",
       "strings are outside the JavaScript subset (symseq reads integers and booleans) (the guard of edge 'e_Go', "
       "character 6)"},
      {"var n = 0;", "n \\u0026\\u0026 \\\"x\\\"", "", "\\\"x",
       "strings are outside the JavaScript subset (symseq reads integers and booleans) (the guard of edge 'e_Go', "
       "character 6)"},
      {"var n = 0;", "isValid(n)", "", "isValid", "calling 'isValid' is outside the JavaScript subset (no functions) "
                                                  "(the guard of edge 'e_Go', character 1)"},
      {"var n = 0;", "", "global.count++", "global",
       "objects and properties ('global.count') are outside the JavaScript subset (the actions of edge 'e_Go', "
       "character 1)"},
      {"var n = 0;", "n \\u003e 1.5", "", "1.5",
       "'1.5': only decimal integer literals are in the JavaScript subset (the guard of edge 'e_Go', character 5)"},
      {"var n = 0;", "n / 2 == 1", "", "/ 2",
       "division is outside the JavaScript subset ('/' gives a fraction in JavaScript; symseq's numbers are integers) "
       "(the guard of edge 'e_Go', character 3)"},
      {"var n = 0;", "n \\u0026 1", "", "\\u0026 1", "bitwise '&' is outside the JavaScript subset (the guard of edge "
                                                     "'e_Go', character 3)"},
      {"var n = 0;", "n = 1", "", "= 1", "'=' assigns; a guard compares with '==' or '===' (the guard of edge 'e_Go', "
                                         "character 3)"},
      {"var count = 0;", "Count \\u003e 0", "", "Count",
       "unknown variable 'Count'; did you mean 'count'? (the guard of edge 'e_Go', character 1)"},
      {"var n = 0;", "", "if (n \\u003e 0) n = 1;", "if (",
       "'if' is outside the JavaScript subset (the actions of edge 'e_Go', character 1)"},
      {"var n = 0;", "", "var m = 1;", "var m", "'var m' declares a variable outside the model's actions (the actions "
                                                "of edge 'e_Go', character 1)"},
      {"var n = 0;", "", "n = 1 n = 2", "n = 2", "expected ';' after the statement, found 'n' (the actions of edge "
                                                 "'e_Go', character 7)"},
      {"var n = 0;", "", "n == 1;", "n == 1;",
       "a statement of the subset assigns a variable: 'n = ...', 'n++', 'n += ...' (the actions of edge 'e_Go', "
       "character 1)"},
      {"var n;", "", "", "n;", "'n' is declared without a value (the actions of the model, character 5)"},
      {"var s = 'a';", "", "", "'a'", "strings are outside the JavaScript subset (symseq reads integers and booleans) "
                                      "(the actions of the model, character 9)"},
      {"var x = y;", "", "", "y;", "unknown variable 'y' (the actions of the model, character 9)"},
      {"const k = 1;", "", "k = 2;", "k = 2", "'k' is a const (the actions of edge 'e_Go', character 1)"},
      {"var n = 0;", "", "n = 1, m = 2", ", m", "',' is outside the JavaScript subset (the actions of edge 'e_Go', "
                                                "character 6)"},
  };
  for (const Case& c : cases) {
    const std::string text = model(c.declarations, c.guard, c.action);
    CAPTURE(text);
    CHECK(firstLine(refusal(text)) == at(text, c.marker) + ": error: " + c.message);
  }
}

TEST_CASE("graphwalker reader: sort errors keep ints and booleans apart, at the operator") {
  struct Case {
    std::string guard;
    std::string action;
    std::string marker;
    std::string message;
  };
  const std::string decls = "var n = 0; var ok = true;";
  const std::vector<Case> cases{
      {"n + ok \\u003e 1", "", "+ ok", "'+' needs two ints, but its operands are an int and a bool (the guard of edge "
                                       "'e_Go', character 3)"},
      {"!n", "", "!n", "'!' needs a boolean, but its operand is an int (the guard of edge 'e_Go', character 1)"},
      {"n == true", "", "== true", "'==' compares an int with a bool (the guard of edge 'e_Go', character 3)"},
      {"n \\u0026\\u0026 ok", "", "\\u0026\\u0026 ok",
       "'&&' needs two booleans, but its operands are an int and a bool (the guard of edge 'e_Go', character 3)"},
      {"n + 1", "", "n + 1", "the guard is an int, not a condition (the guard of edge 'e_Go', character 1)"},
      {"ok ? 1 : false", "", "? 1", "the branches of '?:' are an int and a bool (the guard of edge 'e_Go', "
                                    "character 4)"},
      {"", "ok = 1;", "= 1;", "'ok' holds a bool, but the value is an int (the actions of edge 'e_Go', character 4)"},
      {"", "ok++;", "++;", "'++' needs an int, but 'ok' is a bool (the actions of edge 'e_Go', character 3)"},
      {"", "ok += 1;", "+= 1", "'+=' needs ints, but 'ok' is a bool and the value an int (the actions of edge 'e_Go', "
                               "character 4)"},
  };
  for (const Case& c : cases) {
    const std::string text = model(decls, c.guard, c.action);
    CAPTURE(text);
    CHECK(firstLine(refusal(text)) == at(text, c.marker) + ": error: " + c.message);
  }
}

TEST_CASE("graphwalker lowering: vertices, edges, channels, names and the start vertex") {
  ExprContext ctx;
  const std::string text = R"J({"models": [{"name": "shop", "startElementId": "v0", "actions": ["n = 0; open = false;"],
    "vertices": [{"id": "v0", "name": "v_Home"}, {"id": "v1", "name": "v_Cart", "actions": ["open = true;"]}],
    "edges": [
      {"id": "e0", "name": "e_Add", "sourceVertexId": "v0", "targetVertexId": "v1", "actions": ["n++;"]},
      {"id": "e1", "name": "e_Add", "sourceVertexId": "v1", "targetVertexId": "v1", "guard": "n < 3", "actions": ["n++;"]},
      {"id": "e2", "name": "e_Home", "sourceVertexId": "v1", "targetVertexId": "v0", "guard": "open"}]}]})J";
  const auto ts = loadText(ctx, text);
  CHECK(ts.name == "shop");
  REQUIRE(ts.locations.size() == 4);
  CHECK(ts.locations[0].name == "v_Home");
  CHECK(ts.locations[1].name == "v_Home (arriving)");
  CHECK(ts.locations[2].name == "v_Cart");
  CHECK(ts.locations[3].name == "v_Cart (arriving)");
  CHECK(ts.initial == 1);  // the start vertex's arrival: the walk begins with its visit
  // One parameterless input channel per edge name; edges sharing a name share it.
  REQUIRE(ts.channels.size() == 2);
  CHECK(ts.channels[0].name == "e_Add");
  CHECK(ts.channels[1].name == "e_Home");
  CHECK(ts.channels[0].direction == ChannelDirection::Input);
  CHECK(ts.channels[0].params.empty());
  // Edges first, in file order (a shared name gets the id), then one visit per vertex.
  REQUIRE(ts.transitions.size() == 5);
  const std::vector<std::string> names{"e_Add#e0", "e_Add#e1", "e_Home", "v_Home", "v_Cart"};
  for (std::size_t i = 0; i < names.size(); ++i) CHECK(ts.transitions[i].name == names[i]);
  const Transition& add = transition(ts, "e_Add#e1");
  CHECK(add.source == 2);
  CHECK(add.target == 3);
  CHECK(add.action.kind == ActionKind::Input);
  CHECK(add.action.channel == 0);
  CHECK(add.action.args.empty());
  CHECK(toString(add.guard) == "n < 3");
  CHECK(updatesText(add) == "n := n + 1");
  CHECK(transition(ts, "e_Home").target == 1);
  const Transition& cart = transition(ts, "v_Cart");
  CHECK(cart.source == 3);
  CHECK(cart.target == 2);
  CHECK(cart.action.kind == ActionKind::Internal);
  CHECK(updatesText(cart) == "open := true");  // the vertex's actions, on arrival
  for (const Transition& t : ts.transitions) CHECK_FALSE(t.synthetic);  // every edge and vertex is a target
  CHECK_NOTHROW(ts.validate());
  // The frontend option `start` overrides startElementId, by id or by name.
  CHECK(loadText(ctx, text, "v_Cart").initial == 3);
  CHECK(loadText(ctx, text, "v1").initial == 3);
}

TEST_CASE("graphwalker lowering: a start edge is taken first, from a location of its own") {
  ExprContext ctx;
  const std::string body = R"J("vertices": [{"id": "v0", "name": "v_A"}],
    "edges": [{"id": "e0", "name": "e_Init", SOURCE"targetVertexId": "v0"},
              {"id": "e1", "name": "e_Loop", "sourceVertexId": "v0", "targetVertexId": "v0"}]}]})J";
  const auto with = [&](std::string_view source) {
    std::string b = body;
    b.replace(b.find("SOURCE"), 6, source);
    return R"J({"models": [{"startElementId": "e0", )J" + b;
  };
  // Without a source vertex (GraphWalker's usual start edge): the edge leaves (start).
  const auto ts = loadText(ctx, with(""));
  CHECK(ts.locations[ts.initial].name == "(start)");
  CHECK(ts.transitions.size() == 3);
  CHECK(transition(ts, "e_Init").source == ts.initial);
  CHECK_FALSE(transition(ts, "e_Init").synthetic);
  // With one: the edge stays where it is, and a copy, not a target of its own, is taken first.
  const auto again = loadText(ctx, with(R"J("sourceVertexId": "v0", )J"));
  REQUIRE(again.transitions.size() == 4);
  CHECK(transition(again, "e_Init").source == *again.findLocation("v_A"));
  const Transition& first = transition(again, "e_Init#start");
  CHECK(first.source == again.initial);
  CHECK(first.target == *again.findLocation("v_A (arriving)"));
  CHECK(first.synthetic);
  CHECK(first.origin == "e_Init");
  CHECK(first.action.channel == transition(again, "e_Init").action.channel);
  CHECK_NOTHROW(again.validate());
}

TEST_CASE("graphwalker reader: nesting deep enough to exhaust a stack is an error, not a crash") {
  // Parentheses in a guard.
  const std::string guard = std::string(300, '(') + "true" + std::string(300, ')');
  const std::string text = model("var n = 0;", guard);
  CHECK(firstLine(refusal(text)) == at(text, "(((", 200) +
                                        ": error: the expression nests deeper than 200 levels (the guard of edge "
                                        "'e_Go', character 201)");
  // Arrays under "properties", which GraphWalker leaves free.
  const std::string deep = R"J({"models": [{"startElementId": "v0", "vertices": [{"id": "v0", "properties": {"p": )J" +
                           std::string(300, '[') + std::string(300, ']') + "}}]}]}";
  CHECK(firstLine(refusal(deep)) == at(deep, "[[[", 250) + ": error: the JSON nests deeper than 256 levels");
}
