// The `cfg` frontend plugin (plugins/cfg), loaded like a run loads it: lowering of Figure 4 of
// the SymTest paper, replay of hand-written sequences on the lowered IR, and every validation
// error with its exact message and place.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <system_error>

#include <unistd.h>

#include "symseq/exec/Replay.h"
#include "symseq/expr/Printer.h"
#include "symseq/plugin/Frontend.h"
#include "symseq/plugin/Registry.h"
#include "symseq/run/Targets.h"

using namespace symseq;
namespace fs = std::filesystem;

namespace {

PluginPtr<Frontend> cfgFrontend(Registry& r) {
  r.loadFile(Registry::defaultPluginDir() / "symseq-frontend-cfg.so");
  return r.makeFrontend("cfg", Options{});
}

// A model given as text, in a file of its own: ctest runs test cases in parallel processes, so
// the folder is per process, and the file goes away with this object.
class ModelFile {
 public:
  ModelFile(const std::string& name, const std::string& text)
      : dir_(fs::path(SYMSEQ_BINARY_DIR) / "test-tmp" / ("cfg-" + std::to_string(::getpid()))),
        path_(dir_ / (name + ".cfg")) {
    fs::create_directories(dir_);
    std::ofstream(path_, std::ios::binary) << text;
  }
  ~ModelFile() {
    std::error_code ignored;
    fs::remove(path_, ignored);
    fs::remove(dir_, ignored);  // only when empty
  }
  ModelFile(const ModelFile&) = delete;
  ModelFile& operator=(const ModelFile&) = delete;
  [[nodiscard]] const fs::path& path() const { return path_; }

 private:
  fs::path dir_;
  fs::path path_;
};

// Loads a model given as text (a fresh Registry and context each time).
TransitionSystem loadText(ExprContext& ctx, const std::string& name, const std::string& text) {
  Registry r;
  const auto frontend = cfgFrontend(r);
  const ModelFile file(name, text);
  return frontend->load(file.path(), ctx);
}

// The full text a user would see for a model (the file's path shown as "m.cfg").
std::string loadError(const std::string& text) {
  Registry r;
  const auto frontend = cfgFrontend(r);
  ExprContext ctx;
  const ModelFile model("m", text);
  const fs::path& file = model.path();
  try {
    (void)frontend->load(file, ctx);
  } catch (const Error& e) {
    std::string what = e.what();
    const std::string path = file.string();
    for (auto at = what.find(path); at != std::string::npos; at = what.find(path))
      what.replace(at, path.size(), "m.cfg");
    return what;
  }
  return "<no error>";
}

const fs::path kFig4 = fs::path(SYMSEQ_SOURCE_DIR) / "configs" / "models" / "fig4.cfg";

struct Fig4 {
  Registry registry;
  PluginPtr<Frontend> frontend = cfgFrontend(registry);
  ExprContext ctx;
  TransitionSystem sys = frontend->load(kFig4, ctx);

  TransitionId id(const char* name) const {
    const auto t = sys.findTransition(name);
    REQUIRE_MESSAGE(t, name);
    return *t;
  }
  std::vector<TransitionId> ids(std::initializer_list<const char*> names) const {
    std::vector<TransitionId> out;
    for (const char* n : names) out.push_back(id(n));
    return out;
  }
  TestStep step(long a) const {
    TestStep s;
    s.inputs.set(*ctx.findVar("a"), Value::integer(a));
    return s;
  }
};

// A body that ends every iteration at once, to which each error case adds its fault.
const std::string kHeader = "input a : int\nvar x : int = 0\n";

}  // namespace

TEST_CASE("cfg: Figure 4 lowers to one location per node and one transition per edge") {
  Fig4 m;
  const TransitionSystem& s = m.sys;
  CHECK(s.name == "fig4");
  std::vector<std::string> locations;
  for (const Location& l : s.locations) locations.push_back(l.name);
  CHECK(locations == std::vector<std::string>{"init", "loop", "first", "positive", "enter", "test", "body"});
  CHECK(s.locations[s.initial].name == "init");
  std::vector<std::string> transitions;
  for (const Transition& t : s.transitions) transitions.push_back(t.name);
  CHECK(transitions == std::vector<std::string>{"init", "step", "e1", "resume", "e2", "e6", "e3", "e4", "e7", "e5"});

  REQUIRE(s.variables.size() == 4);
  CHECK(s.variables[0].role == VariableRole::Input);
  CHECK(s.variables[1].role == VariableRole::State);
  CHECK(toString(*s.variables[1].initial) == "false");

  REQUIRE(s.channels.size() == 1);
  CHECK(s.channels[0].name == "step");
  CHECK(s.channels[0].direction == ChannelDirection::Input);
  CHECK(s.channels[0].params == std::vector<Sort>{Sort::integer()});

  const Transition& step = s.transitions[m.id("step")];
  CHECK(step.action.kind == ActionKind::Input);
  CHECK(step.action.args == std::vector<Expr>{*m.ctx.findVar("a")});
  CHECK(toString(step.guard) == "true");
  CHECK(s.transitions[m.id("e1")].action.kind == ActionKind::Internal);

  CHECK(toString(s.transitions[m.id("e1")].guard) == "!started");
  CHECK(toString(s.transitions[m.id("resume")].guard) == "!!started");
  CHECK(toString(s.transitions[m.id("e4")].guard) == "y > x");
  CHECK(toString(s.transitions[m.id("e7")].guard) == "!(y > x)");

  // A block's assignments are the updates of the edge leaving it, in order.
  const Transition& e3 = s.transitions[m.id("e3")];
  REQUIRE(e3.updates.size() == 3);
  CHECK(toString(e3.updates[0].variable) == "x");
  CHECK(toString(e3.updates[1].value) == "2 * a");
  CHECK(toString(e3.updates[2].value) == "true");
  CHECK(s.transitions[m.id("e4")].updates.empty());
  CHECK(e3.where == SourceLocation{kFig4.string(), 39, 6});
}

TEST_CASE("cfg: replay runs Figure 4 one iteration per step") {
  Fig4 m;
  TestSequence seq;
  seq.steps = {m.step(3), m.step(0)};
  const ReplayResult r = replay(m.sys, seq);
  REQUIRE_MESSAGE(r.completed, r.failure);
  CHECK(r.prefix == m.ids({"init"}));
  REQUIRE(r.steps.size() == 2);
  CHECK(r.steps[0].fired == m.ids({"step", "e1", "e2", "e3", "e4", "e5"}));
  CHECK(r.steps[1].fired == m.ids({"step", "resume", "e4", "e5"}));
  const auto covered = m.ids({"init", "step", "e1", "e2", "e3", "e4", "e5", "resume"});
  CHECK(r.covered == std::set<TransitionId>(covered.begin(), covered.end()));
  CHECK(r.finalLocation == *m.sys.findLocation("loop"));
  CHECK(*r.finalState.find(*m.ctx.findVar("x")) == Value::integer(12));
  CHECK(*r.finalState.find(*m.ctx.findVar("y")) == Value::integer(12));
}

TEST_CASE("cfg: the paper's path e1 e2 e3 e4 e5 e4 e5 e7 is three iterations with a = 3") {
  Fig4 m;
  TestSequence seq;
  seq.steps = {m.step(3), m.step(-5), m.step(7)};  // later values of a are ignored
  const ReplayResult r = replay(m.sys, seq);
  REQUIRE_MESSAGE(r.completed, r.failure);
  REQUIRE(r.steps.size() == 3);
  CHECK(r.steps[2].fired == m.ids({"step", "resume", "e7"}));
  seq.steps = {m.step(-1)};
  CHECK(replay(m.sys, seq).steps.at(0).fired == m.ids({"step", "e1", "e6"}));
}

TEST_CASE("cfg: the unreachable example loads and its impossible edge is guarded by x > 0 && x < 0") {
  Registry r;
  const auto frontend = cfgFrontend(r);
  ExprContext ctx;
  const TransitionSystem s = frontend->load(fs::path(SYMSEQ_SOURCE_DIR) / "configs/models/unreachable.cfg", ctx);
  CHECK(toString(s.transitions[*s.findTransition("never")].guard) == "x > 0 && x < 0");
}

TEST_CASE("cfg: an init block's assignments are the updates of the edge leaving init") {
  ExprContext ctx;
  const TransitionSystem s =
      loadText(ctx, "init", "var y : int\ninit { y = 4; }\nedge go : init -> loop\nedge e1 : loop -> loop\n");
  CHECK(s.name == "init");  // the file's stem when there is no `model` line
  REQUIRE(s.transitions.size() == 2);
  CHECK(s.transitions[0].name == "go");
  CHECK(toString(s.transitions[0].updates.at(0).value) == "4");
  CHECK(s.transitions[1].action.args.empty());  // no inputs: the step reads nothing
}

TEST_CASE("cfg: the example of docs/models/cfg.md loads and replays") {
  ExprContext ctx;
  const TransitionSystem s = loadText(ctx, "doc",
                                      "model fig4\ninput a : int\nvar x : int = 0\nvar y : int\ninit { x = 0; }\n"
                                      "edge e0 : init -> loop\nedge e1 : loop -> b1\nnode b1 { y = 2 * a; }\n"
                                      "edge e2 : b1 -> d1\nnode d1 if y > x\nedge e3 : d1 -> b2 when true\n"
                                      "edge e4 : d1 -> loop when false\nnode b2 { x = y; }\nedge e5 : b2 -> loop\n"
                                      "targets e3, e4\n");
  TestSequence seq;
  for (const long a : {1, 0}) {
    TestStep step;
    step.inputs.set(*ctx.findVar("a"), Value::integer(a));
    seq.steps.push_back(step);
  }
  const ReplayResult r = replay(s, seq);
  REQUIRE_MESSAGE(r.completed, r.failure);
  CHECK(r.covered.size() == s.transitions.size());  // a = 1 takes e3, then a = 0 takes e4
  CHECK(s.declaredTargets == std::vector<TransitionId>{*s.findTransition("e3"), *s.findTransition("e4")});
}

TEST_CASE("cfg: the targets line lowers to declaredTargets in the order written") {
  ExprContext ctx;
  // Before the edges it names, with a comment and irregular spacing, naming the implicit `init` edge.
  const TransitionSystem s = loadText(ctx, "targets",
                                      "targets e3 ,e1,  init   # the model's own list\n" + kHeader +
                                          "edge e1 : loop -> d\nnode d if a > x\nedge e2 : d -> loop when true\n"
                                          "edge e3 : d -> loop when false\n");
  CHECK(s.declaredTargets ==
        std::vector<TransitionId>{*s.findTransition("e3"), *s.findTransition("e1"), *s.findTransition("init")});
  // A run without [targets] covers them (sorted by id, as every target list of a run is).
  CHECK(resolveTargets(TargetConfig{}, s) ==
        std::vector<TransitionId>{*s.findTransition("init"), *s.findTransition("e1"), *s.findTransition("e3")});
  // [targets] all = true overrides the model's list.
  CHECK(resolveTargets(TargetConfig{TargetSelection::All, {}}, s).size() == s.transitions.size());
}

TEST_CASE("cfg: a model without a targets line declares no targets") {
  Fig4 m;
  CHECK(m.sys.declaredTargets.empty());
  CHECK(resolveTargets(TargetConfig{}, m.sys).size() == m.sys.transitions.size());
}

TEST_CASE("cfg: the targets line is checked name by name") {
  const std::string ok = kHeader + "edge e1 : loop -> b1\nnode b1 { x = a; }\nedge e2 : b1 -> loop\n";
  CHECK(loadError(ok + "targets e1, e3\n") ==
        "m.cfg:6:13: error: unknown edge 'e3' in 'targets'; did you mean 'e1'?\n"
        "  hint: a target is an edge of this model, declared with 'edge e3 : FROM -> TO'");
  CHECK(loadError(ok + "targets e2, stop\n") ==
        "m.cfg:6:13: error: unknown edge 'stop' in 'targets'\n"
        "  hint: a target is an edge of this model, declared with 'edge stop : FROM -> TO'");
  CHECK(loadError(ok + "targets b1\n") ==
        "m.cfg:6:9: error: 'b1' in 'targets' is a node, not an edge\n"
        "  hint: name the edges into or out of 'b1' that must be covered");
  CHECK(loadError(ok + "targets e2, e1, e2\n") ==
        "m.cfg:6:17: error: edge 'e2' is listed twice in 'targets' (first at m.cfg:6:9)\n"
        "  hint: list each target once");
  CHECK(loadError("targets e1\n" + ok + "targets e2\n") ==
        "m.cfg:7:1: error: the target list is declared twice (first at m.cfg:1:1)\n"
        "  hint: list every target on one 'targets' line");
  CHECK(loadError(ok + "targets   # none yet\n") ==
        "m.cfg:6:21: error: expected an edge name after 'targets', found the end of the line\n"
        "  hint: list the edges to cover, e.g. 'targets e1, e2', or remove the line");
  CHECK(loadError(ok + "targets") ==
        "m.cfg:6:8: error: expected an edge name after 'targets', found the end of the file\n"
        "  hint: list the edges to cover, e.g. 'targets e1, e2', or remove the line");
  CHECK(loadError(ok + "targets e1,\ne2\n") ==
        "m.cfg:6:12: error: expected an edge name after ',', found the end of the line\n"
        "  hint: remove the trailing ',' (the list ends with the line)");
  CHECK(loadError(ok + "targets e1 e2\n") ==
        "m.cfg:6:12: error: expected ',' or the end of the line after target 'e1', found 'e2'\n"
        "  hint: separate the targets with commas");
  CHECK(loadError(ok + "targets e1, 3\n") == "m.cfg:6:13: error: expected an edge name, found '3'");
  // Unknown nodes are reported before unknown targets: the edges must make sense first.
  CHECK(loadError(kHeader + "targets e9\nedge e1 : loop -> nowhere\n").find("unknown node 'nowhere'") !=
        std::string::npos);
}

TEST_CASE("cfg: errors have the kernel's error classes") {
  ExprContext ctx;
  CHECK_THROWS_AS((void)loadText(ctx, "t1",
                                 "edge e1 : loop -> d\nnode d if 1\nedge e2 : d -> loop when true\n"
                                 "edge e3 : d -> loop when false\n"),
                  SortError);
  CHECK_THROWS_AS((void)loadText(ctx, "t2", "node b {\n"), ParseError);
}

TEST_CASE("cfg: shape errors point at the node or edge") {
  const std::string ok = kHeader + "edge e1 : loop -> b1\nnode b1 { x = a; }\n";
  CHECK(loadError(
            ok +
            "edge e2 : b1 -> d1\nnode d1 if x > 0\nedge e3 : d1 -> b1 when true\nedge e4 : d1 -> loop when false\n") ==
        "m.cfg:7:6: error: the loop body has a cycle: b1 -> d1 -> b1 (closed by edge 'e3')\n"
        "  hint: the body of the loop must be acyclic; end the iteration with an edge to 'loop' instead");
  CHECK(loadError(ok + "edge e2 : b1 -> loop\nnode b2 { }\nedge e3 : b2 -> loop\n") ==
        "m.cfg:6:6: error: 'b2' is unreachable from 'init'\n  hint: add an edge into it, or remove it");
  CHECK(loadError(ok + "edge e2 : b1 -> d1\nnode d1 if x > 0\nedge e3 : d1 -> loop\n") ==
        "m.cfg:7:6: error: edge 'e3' leaves decision 'd1' without 'when true' or 'when false'\n"
        "  hint: add 'when true' or 'when false' at the end of the edge");
  CHECK(loadError(ok + "edge e2 : b1 -> d1\nnode d1 if x > 0\nedge e3 : d1 -> loop when true\n") ==
        "m.cfg:6:6: error: decision 'd1' has no 'when false' edge\n"
        "  hint: add 'edge NAME : d1 -> NODE when false'");
  CHECK(loadError(ok + "edge e2 : b1 -> loop when true\n") ==
        "m.cfg:5:22: error: edge 'e2' has 'when', but block 'b1' does not branch\n"
        "  hint: only edges leaving a decision node ('node NAME if ...') take 'when'");
  CHECK(loadError(ok + "edge e2 : b1 -> loop\nedge e3 : b1 -> loop\n") ==
        "m.cfg:6:6: error: 'b1' already has an outgoing edge ('e2')\n"
        "  hint: a block has exactly one successor; branch with a decision node ('node NAME if ...')");
  CHECK(loadError(ok + "edge e2 : b1 -> init\n") ==
        "m.cfg:5:17: error: edge 'e2' leads into 'init', which runs only once\n"
        "  hint: end the iteration with an edge to 'loop'");
  CHECK(loadError(ok) ==
        "m.cfg:4:6: error: 'b1' has no outgoing edge\n  hint: every path must lead back to 'loop'; add an edge from "
        "'b1'");
}

TEST_CASE("cfg: names must be declared once and exist") {
  CHECK(
      loadError(kHeader + "var x : bool\n") ==
      "m.cfg:3:5: error: variable 'x' is declared twice (first at m.cfg:2:5)\n  hint: give each variable its own name");
  CHECK(loadError("node b { }\nnode b { }\n") ==
        "m.cfg:2:6: error: node 'b' is declared twice (first at m.cfg:1:6)\n  hint: give each node its own name");
  CHECK(loadError("edge e : loop -> loop\nedge e : loop -> loop\n") ==
        "m.cfg:2:6: error: edge 'e' is declared twice (first at m.cfg:1:6)\n  hint: give each edge its own name");
  CHECK(loadError(kHeader + "edge e1 : loop -> bodyy\nnode body { }\n") ==
        "m.cfg:3:19: error: unknown node 'bodyy'; did you mean 'body'?\n"
        "  hint: declare it with 'node bodyy { ... }' or 'node bodyy if ...'");
  CHECK(loadError("var x : itn\n") ==
        "m.cfg:1:9: error: unknown sort 'itn'; did you mean 'int'?\n"
        "  hint: sorts are bool, int, real and bvN for a bit-vector of N bits");
  CHECK(loadError(kHeader + "edge e1 : loop -> b\nnode b { xx = 1; }\nedge e2 : b -> loop\n") ==
        "m.cfg:4:10: error: unknown variable 'xx'; did you mean 'x'?\n"
        "  hint: declare it with 'var xx : int' (or another sort)");
  CHECK(loadError(kHeader + "edge e1 : loop -> b\nnode b { x = aa + 1; }\nedge e2 : b -> loop\n") ==
        "m.cfg:4:14: error: unknown variable 'aa'; did you mean 'a'?");
  CHECK(loadError(kHeader + "edge e1 : loop -> b\nnode b { a = 1; }\nedge e2 : b -> loop\n") ==
        "m.cfg:4:10: error: input 'a' cannot be assigned\n"
        "  hint: inputs are read afresh at 'loop'; copy it into a 'var' to change it");
  CHECK(loadError("node loop { }\n") ==
        "m.cfg:1:6: error: 'loop' is a built-in node and cannot be declared\n"
        "  hint: edges may use 'loop' without declaring it");
}

TEST_CASE("cfg: conditions and assignments are sort-checked where they are written") {
  CHECK(loadError(
            kHeader +
            "edge e1 : loop -> d\nnode d if x + a\nedge e2 : d -> loop when true\nedge e3 : d -> loop when false\n") ==
        "m.cfg:4:11: error: the condition of decision 'd' has sort int, expected bool\n"
        "  hint: compare it with something, e.g. 'x + a > 0'");
  const std::string kernel = loadError(kHeader +
                                       "edge e1 : loop -> d\nnode d if x + true\nedge e2 : d -> loop when true\n"
                                       "edge e3 : d -> loop when false\n");
  // The kernel parser's own SortError, at the '+' in the model file.
  CHECK(kernel ==
        "m.cfg:4:13: error: operator '+' expects operands of one sort (convert with to_real), got int and bool");
  CHECK(loadError(kHeader + "edge e1 : loop -> b\nnode b { x = a > 0; }\nedge e2 : b -> loop\n") ==
        "m.cfg:4:14: error: cannot assign a value of sort bool to 'x' of sort int");
}

TEST_CASE("cfg: an initial value is a constant of the variable's sort") {
  CHECK(loadError("var x : int = true\nedge e : loop -> loop\n") == "m.cfg:1:15: error: the initial value of 'x' has sort bool, expected int");
  CHECK(loadError("var x : int = 0\nvar y : int = x + 1\nedge e : loop -> loop\n") ==
        "m.cfg:2:15: error: the initial value of 'y' reads variable 'x'\n"
        "  hint: an initial value is a constant; assign it in 'init { ... }'");
}

TEST_CASE("cfg: a variable read before it is assigned on some path is an error with the path") {
  CHECK(loadError("input a : int\nvar y : int\nedge e1 : loop -> d\nnode d if y > a\nedge e2 : d -> b when true\n"
                  "edge e3 : d -> loop when false\nnode b { y = 1; }\nedge e4 : b -> loop\n") ==
        "m.cfg:4:11: error: 'y' may be read before it is assigned, on the path init -> loop -> d\n"
        "  hint: assign 'y' on every path to here, or give it an initial value ('var y : int = ...')");
  CHECK(loadError("input a : int\nvar y : int\ninit { y = a; }\nedge e0 : init -> loop\nedge e1 : loop -> loop\n") ==
        "m.cfg:3:12: error: 'a' may be read before it is assigned, on the path init\n"
        "  hint: inputs get their values when 'loop' is left; read them only in the loop body");
  // Assigned earlier in the same block, or on every path: no error.
  CHECK(loadError("input a : int\nvar y : int\nvar z : int\nedge e1 : loop -> b\nnode b { y = a; z = y + 1; }\n"
                  "edge e2 : b -> loop\n") == "<no error>");
}

TEST_CASE("cfg: malformed text is an error, never a crash") {
  for (const char* text : {"", "# only a comment", "edge", "node", "node b", "var x :", "var x : int =", "init {",
                           "init { x = 1", "edge e : loop ->", "edge e : loop -> loop when", "model", "model a b",
                           "node b if", "node b { = 1; }", "{", "\x01", "node b { x = 1; }}", "var 3x : int",
                           "targets", "targets ,", "targets a,", "targets a b", "targets a, a"}) {
    CAPTURE(text);
    CHECK(loadError(text).find("m.cfg") == 0);
  }
  CHECK(loadError("\x01") ==
        "m.cfg:1:1: error: expected a declaration (model, input, var, init, node, edge or targets), found the byte "
        "0x01");
  CHECK(loadError("edge e2 : b -> loop\nnode b { }\n") ==
        "m.cfg:1:16: error: 'loop' has no outgoing edge\n"
        "  hint: add the edge that starts an iteration, e.g. 'edge e1 : loop -> NODE'");
}

TEST_CASE("cfg: syntax errors say what was expected") {
  CHECK(loadError("edge e1 loop -> loop\n") == "m.cfg:1:9: error: expected ':' after the edge's name, found 'loop'");
  CHECK(loadError("node b { x = 1 }\n") ==
        "m.cfg:1:16: error: expected ';' to end the assignment, found '}'\n  hint: end each assignment with ';'");
  CHECK(loadError("nod b { }\n") ==
        "m.cfg:1:1: error: unknown declaration 'nod'; did you mean 'node'?\n"
        "  hint: a line starts with model, input, var, init, node, edge or targets");
  CHECK(loadError("target e1\n") ==
        "m.cfg:1:1: error: unknown declaration 'target'; did you mean 'targets'?\n"
        "  hint: a line starts with model, input, var, init, node, edge or targets");
  CHECK(loadError("input a : int = 3\n") ==
        "m.cfg:1:16: error: an input cannot have an initial value\n"
        "  hint: inputs are read afresh at 'loop'; use 'var' for state");
}

// The kernel anchors the error classes' vtables (Error.cpp), so an error a plugin threw is still
// whole after the plugin's library has been unloaded during unwinding.
TEST_CASE("cfg: an error the plugin threw outlives the plugin's library") {
  std::string what;
  ExprContext ctx;
  const ModelFile file("outlives", "input a : int\nedge e : loop -> nowhere\n");
  try {
    Registry r;
    const auto frontend = cfgFrontend(r);
    (void)frontend->load(file.path(), ctx);
  } catch (const ParseError& e) {
    what = e.what();  // the registry and the frontend are gone: the library is unloaded
  }
  CHECK(what.find("nowhere") != std::string::npos);
}
