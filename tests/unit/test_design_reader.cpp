// The `.design` reader (plugins/system-design, docs/models/design.md): the shipped wiper and
// relay read into Design.h's structures (ports, carriers, instances, basic programs, references),
// and every validation error with its exact place and message.
#include <doctest/doctest.h>

#include "ReaderHelpers.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "symseq/design/Reader.h"
#include "symseq/expr/ExprContext.h"
#include "symseq/expr/Printer.h"

using namespace symseq;
using namespace symseq::design;

namespace {

std::string shipped(const std::string& name) { return test::shippedModel(name); }

// "line:col message" of the error reading `text` throws ("" when none).
std::string errorOf(const std::string& text) {
  return test::locatedError("m.design", [&](ExprContext& ctx) { (void)readDesigns(text, "m.design", ctx); });
}

const Design& designOf(const DesignFile& file, const std::string& name) {
  for (const Design& d : file.designs)
    if (d.name == name) return d;
  FAIL("no design " << name);
  return file.designs.front();
}

bool refers(const Design& d, RefKind kind, const std::string& instance, const std::string& name,
            const std::string& symbol) {
  for (const Reference& r : d.references)
    if (r.kind == kind && r.instance == instance && r.name == name && r.symbol.name() == symbol) return true;
  return false;
}

// A one-design file for the error cases: line 6 holds `privates`, line 8 the body's first line.
std::string envWith(const std::string& privates, const std::string& body) {
  return "design env\npublic:\n  port p := 0 : int, q : bool\n  time discrete\nprivate:\n" + privates +
         "\nbody:\n" + body + "\n";
}

}  // namespace

TEST_CASE("design reader: the wiper (seed-requirements 3.5) reads into three designs") {
  ExprContext ctx;
  const DesignFile file = readDesigns(shipped("wiper.design"), "wiper.design", ctx);
  REQUIRE(file.designs.size() == 3);
  const Design& env = designOf(file, "env");
  const Design& calc = designOf(file, "calc");
  const Design& engine = designOf(file, "engine");

  // Ports, sorts and initial values.
  REQUIRE(env.ports.size() == 1);
  CHECK(env.ports[0].name == "intensity");
  CHECK(env.ports[0].sort == Sort::integer());
  REQUIRE(env.ports[0].initial.has_value());
  CHECK(toString(*env.ports[0].initial) == "0");
  REQUIRE(calc.ports.size() == 2);
  CHECK(calc.ports[1].name == "speed");
  CHECK(engine.ports.size() == 1);

  // Time: env declares discrete time; calc and engine take it from env (3.4 item 4).
  CHECK(env.time == TimeKind::Discrete);
  CHECK_FALSE(calc.time.has_value());
  CHECK_FALSE(engine.time.has_value());
  CHECK(calc.carrier == TimeKind::Discrete);
  CHECK(engine.carrier == TimeKind::Discrete);

  // Private variables: `t : time` is Int under discrete time; th1, th2 have no initial value.
  REQUIRE(env.privates.size() == 2);
  CHECK(env.privates[0].name == "t");
  CHECK(env.privates[0].sort == Sort::integer());
  REQUIRE(calc.privates.size() == 3);
  CHECK_FALSE(calc.privates[0].initial.has_value());

  // Instances.
  REQUIRE(env.uses.size() == 2);
  CHECK(env.uses[0].design == "calc");
  CHECK(env.uses[0].instance == "calc");
  CHECK(env.uses[1].instance == "engine");
  CHECK(env.uses[1].where.line == 8);
  CHECK(env.uses[1].where.column == 13);

  // Basic programs in text order: env's (1) and (2), calc's and engine's one each.
  REQUIRE(env.basics.size() == 2);
  CHECK(env.basics[0].name == "b1");
  CHECK(env.basics[1].name == "b2");
  CHECK(env.basics[0].where.line == 11);
  CHECK(env.basics[0].where.column == 7);
  CHECK(toString(env.basics[0].guard) == "env::env.time == 5 + env::t");
  CHECK(calc.basics.size() == 1);
  CHECK(engine.basics.size() == 1);

  // env's body: while (True) { b1 , b2 }.
  CHECK(env.body.kind == ProgramKind::While);
  REQUIRE(env.body.parts.size() == 1);
  CHECK(env.body.parts[0].kind == ProgramKind::Choice);
  CHECK(env.body.parts[0].parts[1].basic == 1);

  // b1's body: an if (touch) { in; route }, then t := env.time.
  const Block& b1 = env.basics[0].body;
  REQUIRE(b1.size() == 2);
  const If& touch = std::get<If>(b1[0].node);
  CHECK(toString(touch.condition) == "env::touch(env.intensity)");
  REQUIRE(touch.then.size() == 2);
  CHECK(std::get<Consume>(touch.then[0].node).port == "intensity");
  const Route& route = std::get<Route>(touch.then[1].node);
  CHECK(route.fromInstance.empty());
  CHECK(route.fromPort == "intensity");
  CHECK(route.toInstance == "calc");
  CHECK(route.toPort == "intensity");
  CHECK(toString(std::get<Assign>(b1[1].node).target) == "env::t");

  // b2 reads calc.speed and routes it to engine.
  const Route& toEngine = std::get<Route>(env.basics[1].body[1].node);
  CHECK(toEngine.fromInstance == "calc");
  CHECK(toEngine.toInstance == "engine");

  // calc's three ifs without else.
  const Block& calcBody = calc.basics[0].body;
  REQUIRE(calcBody.size() == 5);
  CHECK(std::get<If>(calcBody[1].node).otherwise.empty());

  // References: every placeholder, with what it stands for.
  CHECK(refers(env, RefKind::OwnTime, "", "", "env::env.time"));
  CHECK(refers(env, RefKind::Private, "", "t", "env::t"));
  CHECK(refers(env, RefKind::Touch, "", "intensity", "env::touch(env.intensity)"));
  CHECK(refers(env, RefKind::OwnPort, "", "intensity", "env::env.intensity"));
  CHECK(refers(env, RefKind::UsedPort, "calc", "speed", "env::calc.speed"));
  CHECK(refers(calc, RefKind::Private, "", "th1", "calc::th1"));
  CHECK(refers(engine, RefKind::Touch, "", "speed", "engine::touch(engine.speed)"));

  CHECK(topDesign(file, "").name == "env");
  CHECK(topDesign(file, "calc").name == "calc");
}

TEST_CASE("design reader: the relay has dense time, an interleaving and a design used twice") {
  ExprContext ctx;
  const DesignFile file = readDesigns(shipped("relay.design"), "relay.design", ctx);
  REQUIRE(file.designs.size() == 2);
  const Design& relay = designOf(file, "relay");
  const Design& filter = designOf(file, "filter");
  CHECK(relay.carrier == TimeKind::Dense);
  CHECK(filter.carrier == TimeKind::Dense);
  CHECK(relay.privates[0].sort == Sort::real());
  CHECK(toString(*relay.privates[0].initial) == "0.0");
  REQUIRE(relay.uses.size() == 2);
  CHECK(relay.uses[0].design == "filter");
  CHECK(relay.uses[0].instance == "left");
  CHECK(relay.uses[1].instance == "right");
  // while (true) { b1 ; (b2 |i| b3) }
  const Program& loop = relay.body.parts.at(0);
  CHECK(loop.kind == ProgramKind::Sequence);
  CHECK(loop.parts.at(1).kind == ProgramKind::Interleave);
  REQUIRE(relay.basics.size() == 3);
  // `since + 2.5` with since Real; the relay's routes to left and right.
  CHECK(toString(relay.basics[1].guard) == "relay::relay.time < relay::since + 2.5");
  CHECK(std::get<Route>(relay.basics[2].body[0].node).toInstance == "right");
  CHECK(std::get<Consume>(relay.basics[0].body[0].node).port == "request");
  CHECK(topDesign(file, "").name == "relay");
}

TEST_CASE("design reader: the syntax forms of docs/models/design.md") {
  ExprContext ctx;
  const std::string text =
      "// operators, groups, post-properties, else, provided, trailing ';'\n"
      "design top\n"
      "public:\n"
      "  port a := -1 : int, r := 2.25 : real\n"
      "  port b : bool\n"
      "  time dense\n"
      "private:\n"
      "  var x : int, y := 0 : time\n"
      "  use s as s1\n"
      "  use s as s2\n"
      "body:\n"
      "  { when (touch(top.a) and not top.b) { in(top.a) provided (top.a != 0); x := top.a * 2; } (x > 0)\n"
      "    || when (top.time > y or !(s1.v = s2.v)) { if (x >= 1) then { top.r := 0.5 } else { top.b := true } } }\n"
      "  | ( when (true) { top.a -> s1.v ; s2.v -> s1.v } |i| when (false) { y := top.time - 1 } )\n"
      "  , while (top.r < 3) { when (True) { top.r := top.r + 1 } }\n"
      "design s\n"
      "public:\n"
      "  port v : int\n"
      "body:\n"
      "  when (True) { }\n";
  const DesignFile file = readDesigns(text, "m.design", ctx);
  REQUIRE(file.designs.size() == 2);
  const Design& top = file.designs[0];
  CHECK(top.carrier == TimeKind::Dense);
  CHECK(file.designs[1].carrier == TimeKind::Dense);
  REQUIRE(top.ports.size() == 3);
  CHECK(toString(*top.ports[1].initial) == "2.25");
  CHECK(top.ports[1].sort == Sort::real());
  CHECK_FALSE(top.ports[2].initial.has_value());
  // Choice binds loosest: ((b1 || b2) | (b3 |i| b4)) , while.
  CHECK(top.body.kind == ProgramKind::Choice);
  CHECK(top.body.parts[1].kind == ProgramKind::While);
  const Program& left = top.body.parts[0];
  CHECK(left.kind == ProgramKind::Choice);
  CHECK(left.parts[0].kind == ProgramKind::Sequence);
  CHECK(left.parts[1].kind == ProgramKind::Interleave);
  REQUIRE(top.basics.size() == 5);
  CHECK(top.basics[4].name == "b5");
  CHECK(top.basics[4].where.line == 15);
  CHECK(top.basics[4].where.column == 25);
  CHECK(toString(top.basics[0].post) != "true");
  CHECK(toString(top.basics[1].post) == "true");
  const Consume& in = std::get<Consume>(top.basics[0].body[0].node);
  CHECK(toString(in.condition) != "true");
  const If& branch = std::get<If>(top.basics[1].body[0].node);
  CHECK(branch.then.size() == 1);
  CHECK(branch.otherwise.size() == 1);
  const Route& fromUsed = std::get<Route>(top.basics[2].body[1].node);
  CHECK(fromUsed.fromInstance == "s2");
  CHECK(fromUsed.toInstance == "s1");
  // `y := top.time - 1` under dense time: the literal 1 is a Real.
  CHECK(std::get<Assign>(top.basics[3].body[0].node).value.sort() == Sort::real());
  CHECK(refers(top, RefKind::UsedPort, "s2", "v", "top::s2.v"));
  CHECK(refers(top, RefKind::OwnTime, "", "", "top::top.time"));
  CHECK(topDesign(file, "").name == "top");
}

TEST_CASE("design reader: errors say where, what and what to do") {
  // Syntax.
  CHECK(errorOf("") == "1:1 expected 'design' to start a design, found the end of the file");
  CHECK(errorOf(envWith("", "  when (True) { env.p := 1 env.p := 2 }")) ==
        "8:28 expected ';' or '}' after the instruction, found 'env'");
  CHECK(errorOf(envWith("", "  when (True) { env.p := }")) == "8:26 expected a term, found '}'");
  CHECK(errorOf(envWith("", "  when (True) { env.p := 1 } when (True) { }")) ==
        "8:30 expected a program operator (';', '|', ',', '|i|') or the next 'design', found 'when'");
  CHECK(errorOf(envWith("", "  when (True) { env.p := 1 ? }")) == "8:28 unexpected '?'");
  // Names.
  CHECK(errorOf(envWith("", "  when (env.pp = 0) { }")) == "8:9 design 'env' has no port 'pp'; did you mean 'p'?");
  CHECK(errorOf(envWith("  var count := 0 : int", "  when (True) { coun := 1 }")) ==
        "8:17 unknown variable 'coun'; did you mean 'count'?");
  CHECK(errorOf(envWith("", "  when (p = 0) { }")) == "8:9 unknown variable 'p'");
  CHECK(errorOf(envWith("", "  when (enx.p = 0) { }")) == "8:9 unknown design or instance 'enx'; did you mean 'env'?");
  CHECK(errorOf(envWith("  use calcc", "  when (True) { }\ndesign calc\npublic:\n  port v : int\nbody:\n"
                                      "  when (True) { }")) ==
        "6:7 unknown design 'calcc'; did you mean 'calc'?");
  CHECK(errorOf(envWith("  var x : int, x : bool", "  when (True) { }")) ==
        "6:16 duplicate name 'x' (a private variable of 'env')");
  CHECK(errorOf(envWith("", "  when (True) { }\ndesign env\npublic:\nbody:\n  when (True) { }")) ==
        "9:1 design 'env' is defined twice (first at m.design:1:1)");
  // Ports of other designs, routes, in, touch, time.
  const std::string calc = "\ndesign calc\npublic:\n  port v : int, w : bool\nbody:\n  when (True) { }";
  const std::string other = "\ndesign other\npublic:\n  port v : int\nbody:\n  when (True) { }";
  CHECK(errorOf(envWith("  use calc", "  when (True) { calc.v := 1 }") + calc) ==
        "8:17 port 'calc.v' is not a port of 'env': only its own ports can be written");
  CHECK(errorOf(envWith("  use calc", "  when (True) { in(calc.v) }") + calc) ==
        "8:20 port 'calc.v' is not a port of 'env': only its own ports can be consumed");
  CHECK(errorOf(envWith("  use calc", "  when (touch(calc.v)) { }") + calc) ==
        "8:9 port 'calc.v' is not a port of 'env': only its own ports can be touched");
  CHECK(errorOf(envWith("  use calc", "  when (True) { env.p -> other.v }") + calc + other) ==
        "8:26 routing to design 'other' that 'env' does not use");
  CHECK(errorOf(envWith("  use calc", "  when (True) { env.p -> env.p }") + calc) ==
        "8:26 a route delivers to a reused design, not to 'env' itself");
  CHECK(errorOf(envWith("  use calc", "  when (True) { other.v -> calc.v }") + calc + other) ==
        "8:17 design 'env' does not use 'other'");
  CHECK(errorOf(envWith("  use calc as c", "  when (calc.v = 0) { }") + calc) ==
        "8:9 'calc' is a design; 'env' uses it as instance 'c'");
  CHECK(errorOf(envWith("  use calc as c", "  when (True) { env.p -> calc.v }") + calc) ==
        "8:26 'calc' is a design; 'env' uses it as instance 'c'");
  CHECK(errorOf(envWith("  use calc", "  when (True) { env.p -> calc.x }") + calc) ==
        "8:26 design 'calc' (instance 'calc') has no port 'x'; did you mean 'v'?");
  CHECK(errorOf(envWith("  use calc", "  when (True) { env.p -> calc.w }") + calc) ==
        "8:17 routing a value of sort int to port 'calc.w' of sort bool");
  CHECK(errorOf(envWith("", "  when (True) { env.time := 1 }")) ==
        "8:17 'env.time' is the date, not a port: it cannot be written");
  // Sorts.
  CHECK(errorOf(envWith("", "  when (env.p) { }")) ==
        "8:9 the condition of 'when' must be bool, found a term of sort int");
  CHECK(errorOf(envWith("", "  when (env.p + env.q = 1) { }")) == "8:15 '+' applied to int and bool");
  CHECK(errorOf(envWith("  var r := 0.5 : real", "  when (r < env.p) { }")) == "8:11 '<' applied to real and int");
  CHECK(errorOf(envWith("", "  when (env.q < env.q) { }")) == "8:15 '<' applied to bool and bool");
  CHECK(errorOf(envWith("", "  when (True) { env.q := 1 }")) ==
        "8:26 the value assigned to 'env.q' must be bool, found a term of sort int");
  CHECK(errorOf(envWith("  var v := 0 : intt", "  when (True) { }")) ==
        "6:16 unknown sort 'intt'; did you mean 'int'?");
  CHECK(errorOf(envWith("  var v := env.p : int", "  when (True) { }")) ==
        "6:12 the initial value of 'v' reads 'env.p'");
  // Instances and the use graph.
  const std::string sensor = "\ndesign sensor\npublic:\n  port v : int\nbody:\n  when (True) { }";
  CHECK(errorOf(envWith("  use sensor, sensor", "  when (True) { }") + sensor) ==
        "6:15 design 'sensor' is used twice by 'env' without 'as'");
  CHECK(errorOf(envWith("  use sensor as a, sensor as a", "  when (True) { }") + sensor) ==
        "6:20 two instances named 'a' in design 'env'");
  CHECK(errorOf(envWith("  use sensor as env", "  when (True) { }") + sensor) ==
        "6:7 instance 'env' has the name of design 'env' that uses it");
  CHECK(errorOf(envWith("  use env", "  when (True) { }")) == "6:7 design 'env' uses itself: env -> env");
  CHECK(errorOf("design a\npublic:\n  time dense\nprivate:\n  use b\nbody:\n  when (True) { }\n"
                "design b\npublic:\n  time discrete\nbody:\n  when (True) { }") ==
        "5:7 design 'b' has discrete time but 'a' has dense time");
  // A design without time used by a dense and a discrete design.
  CHECK(errorOf("design a\npublic:\n  time dense\nprivate:\n  use c\nbody:\n  when (True) { }\n"
                "design b\npublic:\n  time discrete\nprivate:\n  use c\nbody:\n  when (True) { }\n"
                "design c\npublic:\nbody:\n  when (True) { }")
            .find("design 'c' has discrete time (from its other users) but 'a' has dense time") != std::string::npos);
}

TEST_CASE("design reader: topDesign by name, or the first design no other design uses") {
  ExprContext ctx;
  const DesignFile file = readDesigns(
      "design calc\npublic:\nbody:\n  when (True) { }\n"
      "design env\npublic:\nprivate:\n  use calc\nbody:\n  when (True) { }",
      "m.design", ctx);
  CHECK(topDesign(file, "").name == "env");
  CHECK(topDesign(file, "calc").name == "calc");
  try {
    (void)topDesign(file, "evn");
    FAIL("no error");
  } catch (const ConfigError& e) {
    CHECK(e.message() == "no design named 'evn' in m.design; did you mean 'env'?");
    CHECK(e.hint() == "the designs of the file: calc, env");
  }
}
