// The `iosts` frontend plugin (plugins/iosts), loaded like a run loads it: lowering of the
// microgrid example (configs/models/microgrid.iosts), replay of it with the external functions
// implemented here, the simultaneous-assignment semantics on tests/data/swap.iosts, and the
// errors the bad-input corpus does not cover.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <system_error>

#include "ScratchDir.h"
#include "symseq/exec/Replay.h"
#include "symseq/expr/Evaluator.h"
#include "symseq/expr/Printer.h"
#include "symseq/plugin/Frontend.h"
#include "symseq/plugin/Registry.h"

using namespace symseq;
namespace fs = std::filesystem;

namespace {

// The frontend's reference example (the 7 transitions of docs/models/iosts.md); the shipped
// configs/models/microgrid.iosts adds the discarded-measurement transition.
const fs::path kMicrogrid = fs::path(SYMSEQ_SOURCE_DIR) / "tests/data/microgrid-7.iosts";
const fs::path kSwap = fs::path(SYMSEQ_SOURCE_DIR) / "tests/data/swap.iosts";

struct Loaded {
  Registry registry;
  PluginPtr<Frontend> frontend;
  ExprContext ctx;
  TransitionSystem sys;

  explicit Loaded(const fs::path& file) : frontend(load(registry)), sys(frontend->load(file, ctx)) {}

  static PluginPtr<Frontend> load(Registry& r) {
    r.loadFile(Registry::defaultPluginDir() / "symseq-frontend-iosts.so");
    return r.makeFrontend("iosts", Options{});
  }
  [[nodiscard]] const Transition& t(const char* name) const {
    const auto id = sys.findTransition(name);
    REQUIRE_MESSAGE(id, name);
    return sys.transitions[*id];
  }
  [[nodiscard]] Expr var(const char* name) const {
    const auto v = ctx.findVar(name);
    REQUIRE_MESSAGE(v, name);
    return *v;
  }
  [[nodiscard]] std::vector<std::string> updates(const char* name) const {
    std::vector<std::string> out;
    for (const Update& u : t(name).updates) out.push_back(toString(u.variable) + " := " + toString(u.value));
    return out;
  }
  // Fires `name` on `store` the IR's way: the guard and the updates in order (inputs in `store`).
  [[nodiscard]] Valuation fire(const char* name, Valuation store) const {
    const Transition& tr = t(name);
    REQUIRE(evaluate(tr.guard, store) == Value::boolean(true));
    for (const Update& u : tr.updates) store.set(u.variable, evaluate(u.value, store));
    return store;
  }
};

// The message a user would see for a model given as text (the file shown as "m.iosts").
std::string loadError(const std::string& text) {
  const fs::path dir = test::scratchDir("iosts");
  fs::create_directories(dir);
  const fs::path file = dir / "m.iosts";
  std::ofstream(file, std::ios::binary) << text;
  std::string what = "<no error>";
  try {
    Loaded m(file);
  } catch (const Error& e) {
    what = e.what();
    for (auto at = what.find(file.string()); at != std::string::npos; at = what.find(file.string()))
      what.replace(at, file.string().size(), "m.iosts");
  }
  std::error_code ignored;
  fs::remove_all(dir, ignored);
  return what;
}

const std::string kHeader =
    "var x : int\nvar A : int[2]\nvar r : real\ninput c(v : int)\noutput o(v : int)\nstate s\ninitial s\n";

}  // namespace

TEST_CASE("iosts: the microgrid lowers to states, channels, variables and externals") {
  Loaded m(kMicrogrid);
  const TransitionSystem& s = m.sys;
  CHECK(s.name == "microgrid");
  std::vector<std::string> locations;
  for (const Location& l : s.locations) locations.push_back(l.name);
  CHECK(locations == std::vector<std::string>{"idle", "measuring", "computed", "rising"});
  CHECK(s.locations[s.initial].name == "idle");
  std::vector<std::string> transitions;
  for (const Transition& t : s.transitions) transitions.push_back(t.name);
  CHECK(transitions == std::vector<std::string>{"req", "meas", "integrate", "low", "high", "normal", "warn"});
  CHECK(s.declaredTargets == std::vector<TransitionId>{0, 1, 3});

  std::vector<std::string> vars;
  for (const VariableDecl& v : s.variables)
    vars.push_back(toString(v.var) + (v.role == VariableRole::State ? " state" : " input") +
                   (v.initial ? " = " + toString(*v.initial) : ""));
  CHECK(vars == std::vector<std::string>{"cpt state", "Value[0] state", "Value[1] state", "I state", "r state",
                                         "price state = 1.0", "s state = 0", "getmeas.m input"});
  CHECK(m.var("r").sort() == Sort::real());

  REQUIRE(s.channels.size() == 3);
  CHECK(s.channels[0].name == "getmeas");
  CHECK(s.channels[0].direction == ChannelDirection::Input);
  CHECK(s.channels[0].params == std::vector<Sort>{Sort::integer()});
  CHECK(s.channels[1].direction == ChannelDirection::Output);
  CHECK(s.channels[1].params.empty());
  CHECK(s.channels[2].params == std::vector<Sort>{Sort::integer(), Sort::real()});

  REQUIRE(s.externals.size() == 2);
  CHECK(s.externals[0]->signature() == "INTGR(int, int) -> int");
  CHECK(s.externals[0]->kind() == FunctionKind::External);
  CHECK(s.externals[1]->signature() == "RISE(int) -> real");
}

TEST_CASE("iosts: the microgrid's actions, guards and updates") {
  Loaded m(kMicrogrid);
  const Transition& req = m.t("req");
  CHECK(req.action.kind == ActionKind::Output);
  CHECK(req.action.args.empty());
  CHECK(toString(req.guard) == "true");
  CHECK(m.updates("req") == std::vector<std::string>{"cpt := 0"});

  const Transition& meas = m.t("meas");
  CHECK(meas.action.kind == ActionKind::Input);
  CHECK(meas.action.channel == 0);
  CHECK(meas.action.args == std::vector<Expr>{m.var("getmeas.m")});
  CHECK(toString(meas.guard) == "cpt < 2");
  // A reception into a computed cell writes every cell under its index test, then cpt counts.
  CHECK(m.updates("meas") == std::vector<std::string>{"Value[0] := cpt == 0 ? getmeas.m : Value[0]",
                                                      "Value[1] := cpt == 1 ? getmeas.m : Value[1]",
                                                      "cpt := cpt + 1"});
  CHECK(m.t("integrate").action.kind == ActionKind::Internal);
  CHECK(m.updates("integrate") == std::vector<std::string>{"I := INTGR(Value[0], Value[1])"});

  const Transition& low = m.t("low");
  CHECK(low.action.kind == ActionKind::Output);
  CHECK(low.action.channel == 2);
  REQUIRE(low.action.args.size() == 2);
  CHECK(toString(low.action.args[0]) == "0");  // the enum literal ok
  CHECK(toString(low.action.args[1]) == "to_real(I)");
  CHECK(toString(m.t("warn").action.args[0]) == "1");  // alarm
  CHECK(m.updates("normal") == std::vector<std::string>{"price := (1.0 + r) * price"});
  CHECK(m.t("meas").where == SourceLocation{kMicrogrid.string(), 18, 12});
}

TEST_CASE("iosts: the microgrid replays with the external functions implemented") {
  Loaded m(kMicrogrid);
  FunctionInterpretations impls;
  impls.set(*m.sys.externals[0], [](std::span<const Value> a) { return Value::integer(a[0].asInt() + a[1].asInt()); });
  impls.set(*m.sys.externals[1], [](std::span<const Value>) { return Value::real(Rational(1, 2)); });
  TestSequence seq;
  for (long v : {100, 150}) {
    TestStep step;
    step.inputs.set(m.var("getmeas.m"), Value::integer(v));
    seq.steps.push_back(step);
  }
  seq.initial.set(m.var("cpt"), Value::integer(7));  // overwritten by req
  for (const char* name : {"Value[0]", "Value[1]", "I"}) seq.initial.set(m.var(name), Value::integer(0));
  seq.initial.set(m.var("r"), Value::real(0));
  const ReplayResult r = replay(m.sys, seq, &impls);
  REQUIRE_MESSAGE(r.completed, r.failure);
  const auto id = [&](const char* n) { return *m.sys.findTransition(n); };
  CHECK(r.prefix == std::vector<TransitionId>{id("req")});
  CHECK(r.steps.at(0).fired == std::vector<TransitionId>{id("meas")});
  // 100 + 150 > 200: the rise of 1/2 is normal, the price goes from 1 to 3/2, and a new request.
  CHECK(r.steps.at(1).fired ==
        std::vector<TransitionId>{id("meas"), id("integrate"), id("high"), id("normal"), id("req")});
  REQUIRE(r.steps.at(1).outputs.size() == 2);
  CHECK(r.steps.at(1).outputs[0].values == std::vector<Value>{Value::integer(0), Value::real(Rational(3, 2))});
  CHECK(*r.finalState.find(m.var("price")) == Value::real(Rational(3, 2)));
  CHECK(*r.finalState.find(m.var("Value[1]")) == Value::integer(150));
  CHECK(*r.finalState.find(m.var("I")) == Value::integer(250));
}

TEST_CASE("iosts: assignments are simultaneous, with a Local only where one is needed") {
  Loaded m(kSwap);
  CHECK(m.updates("swap") == std::vector<std::string>{"swap.pre.x := x", "x := y", "y := swap.pre.x"});
  const VariableDecl* pre = m.sys.findVariable(m.var("swap.pre.x"));
  REQUIRE(pre != nullptr);
  CHECK(pre->role == VariableRole::Local);
  Valuation store;
  for (const char* v : {"x", "y"}) store.set(m.var(v), Value::integer(v[0] == 'x' ? 1 : 2));
  const Valuation after = m.fire("swap", store);
  CHECK(*after.find(m.var("x")) == Value::integer(2));
  CHECK(*after.find(m.var("y")) == Value::integer(1));
  // Independent assignments need no Local.
  CHECK(m.updates("setmode").size() == 1);

  // A[0] := A[1]; A[1] := A[0] swaps the cells; i := i + 1 reads nothing written before it.
  store = {};
  for (int k = 0; k < 3; ++k) store.set(m.var(("A[" + std::to_string(k) + "]").c_str()), Value::integer(k + 5));
  store.set(m.var("i"), Value::integer(0));
  const Valuation shifted = m.fire("shift", store);
  CHECK(*shifted.find(m.var("A[0]")) == Value::integer(6));
  CHECK(*shifted.find(m.var("A[1]")) == Value::integer(5));
  CHECK(*shifted.find(m.var("i")) == Value::integer(1));
}

TEST_CASE("iosts: receptions use the pre-state's index, assignments see the received values") {
  Loaded m(kSwap);
  // put?(i, A[i]): the cell is chosen by i before i receives k; then A[i] := A[i] + 10 reads the
  // received i and the received cell.
  Valuation store;
  for (int k = 0; k < 3; ++k) store.set(m.var(("A[" + std::to_string(k) + "]").c_str()), Value::integer(0));
  store.set(m.var("i"), Value::integer(0));
  store.set(m.var("put.k"), Value::integer(2));
  store.set(m.var("put.v"), Value::integer(7));
  const Valuation after = m.fire("store", store);
  CHECK(*after.find(m.var("i")) == Value::integer(2));
  CHECK(*after.find(m.var("A[0]")) == Value::integer(7));   // received into the pre-state's A[i]
  CHECK(*after.find(m.var("A[2]")) == Value::integer(10));  // A[2] := A[2] + 10 with the new i
  CHECK(*after.find(m.var("A[1]")) == Value::integer(0));
  CHECK(m.updates("store").front() == "store.pre.i := i");
}

TEST_CASE("iosts: an enum input is range-guarded and an enum attribute starts at its first literal") {
  Loaded m(kSwap);
  CHECK(toString(m.t("setmode").guard) == "0 <= set.m && set.m < 3");
  CHECK(toString(*m.sys.findVariable(m.var("mode"))->initial) == "0");
  CHECK(toString(m.t("report").guard) == "mode == 1");
  CHECK(toString(m.t("report").action.args[1]) == "i == 0 ? A[0] : i == 1 ? A[1] : A[2]");
  CHECK(toString(*m.sys.findVariable(m.var("A[2]"))->initial) == "0");
}

TEST_CASE("iosts: errors the bad-input corpus leaves out") {
  CHECK(loadError(kHeader + "transition t : s -> s { tau; x := 1; x := 2 }") ==
        "m.iosts:8:38: error: 'x' is assigned twice (first at m.iosts:8:30)\n"
        "  hint: the writes of one transition happen at once; keep one");
  CHECK(loadError(kHeader + "transition t : s -> s { tau; A := 1 }") ==
        "m.iosts:8:30: error: 'A' is an array; write one cell at a time\n  hint: index it, as in A[0]");
  CHECK(loadError(kHeader + "transition t : s -> s { tau; A[2] := 1 }") ==
        "m.iosts:8:32: error: index 2 is out of range for array 'A' of 2 cells\n  hint: valid indices are 0 to 1");
  CHECK(loadError(kHeader + "transition t : s -> s { c?r }") ==
        "m.iosts:8:27: error: channel 'c' parameter 'v' has sort int, 'r' has sort real\n"
        "  hint: receive into an attribute of the parameter's sort");
  CHECK(loadError(kHeader + "transition t : s -> s { o!r }") ==
        "m.iosts:8:27: error: channel 'o' parameter 'v' has sort int, the emitted term has sort real\n"
        "  hint: write a term of sort int");
  CHECK(loadError(kHeader + "transition t : s -> s { x := 1 }") ==
        "m.iosts:8:25: error: a transition's body starts with its action, found an assignment\n"
        "  hint: write 'tau; x := ...' for a transition without communication");
  CHECK(loadError(kHeader + "transition t : s -> s [x] { tau }") ==
        "m.iosts:8:24: error: the guard of transition 't' has sort int, expected bool\n"
        "  hint: compare it with something, e.g. [x > 0]");
  CHECK(loadError(kHeader + "transition t : s -> s { tau; r := x }") ==
        "m.iosts:8:35: error: cannot assign a value of sort int to 'r' of sort real\n"
        "  hint: convert it with to_real(...)");
  CHECK(loadError("var x : int = y\nvar y : int\nstate s\ninitial s\n") ==
        "m.iosts:1:15: error: the initial value of 'x' reads attribute 'y'\n"
        "  hint: an initial value is a constant expression");
  CHECK(loadError("var x : Statu\nenum Status { a }\nstate s\ninitial s\n") ==
        "m.iosts:1:9: error: unknown sort 'Statu'; did you mean 'Status'?\n"
        "  hint: sorts are bool, int, real, bvN (N bits) and the enums the model declares");
  CHECK(loadError("enum E { a, b }\nvar a : int\nstate s\ninitial s\n") ==
        "m.iosts:2:5: error: 'a' is declared twice (first at m.iosts:1:10)\n"
        "  hint: attributes, enum literals, functions, programs and frozen variables need distinct names");
  CHECK(loadError(kHeader + "transition t : s -> s { tau }\ntargets u") ==
        "m.iosts:9:9: error: unknown transition 'u' in 'targets'; did you mean 't'?\n"
        "  hint: a target is a transition of this model, declared with 'transition u : FROM -> TO { ... }'");
  CHECK(loadError("stat s\n") ==
        "m.iosts:1:1: error: unknown declaration 'stat'; did you mean 'state'?\n"
        "  hint: a line starts with model, enum, var, function, program, contract, frozen, axiom, input, output, "
        "state, initial, transition, targets");
  CHECK(loadError(kHeader + "transition t : s -> s { tau; x := 1\n") ==
        "m.iosts:9:1: error: expected the assigned value to end before the end of the file\n"
        "  hint: close every '(', '[' and '{' you open");
  CHECK(loadError(kHeader + "input d(v : int, w : int)\ntransition t : s -> s { d?(x, x) }") ==
        "m.iosts:9:31: error: 'x' is received into twice (first at m.iosts:9:28)\n"
        "  hint: the writes of one transition happen at once; keep one");
  CHECK(loadError(kHeader + "transition t : s -> s { tau } x") ==
        "m.iosts:8:31: error: expected the end of the line, found 'x'\n  hint: put one declaration per line");
  // A body may span lines and hold comments; c!(a + 1) * 2 is one term; c!(a, b) a tuple.
  CHECK(loadError(kHeader + "transition t : s -> s\n{ tau; # nothing yet\n  x := 1 }") == "<no error>");
  CHECK(loadError(kHeader + "transition t : s -> s { o!(x + 1) * 2 }") == "<no error>");
}
