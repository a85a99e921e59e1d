// AcyclicCore (plugins/acyclic/include/symseq/acyclic/AcyclicCore.h): the orders and loop head of a good model,
// and each shape it refuses, with the message a user sees.
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "GraphModel.h"
#include "symseq/acyclic/AcyclicCore.h"

using namespace symseq;

namespace {

// GraphModel, plus the Error analyse throws as "file:line:col: message [hint]".
struct Model : test::GraphModel {
  // "file:line:col: message [hint]" of the Error analyse throws.
  std::string error() {
    ts.validate();
    try {
      (void)AcyclicCore::analyse(ts, "strategy 'symtest'");
    } catch (const Error& e) {
      return (e.location() ? e.location()->toString() + ": " : std::string()) + e.message() + " [" + e.hint() + "]";
    }
    FAIL("analyse accepted the model");
    return {};
  }
};

// `order` lists each location once and every transition between two of its locations, other
// than one into the loop head, goes forward.
bool isTopological(const AcyclicCore& core, const std::vector<LocationId>& order) {
  const TransitionSystem& s = core.system();
  std::vector<std::size_t> pos(s.locations.size(), order.size());
  for (std::size_t i = 0; i < order.size(); ++i) {
    if (pos[order[i]] != order.size()) return false;
    pos[order[i]] = i;
  }
  for (const Transition& t : s.transitions)
    if (pos[t.source] < order.size() && t.target != core.loopHead() && pos[t.target] <= pos[t.source]) return false;
  return true;
}

// init -> a -> head (two ways from a), then one iteration: head -> b, b branches to c and d,
// both join at e, e returns. An unreachable location `lost` is not part of either order.
void goodModel(Model& m) {
  m.step("p1", "init", "a");
  m.step("p2", "a", "head");
  m.step("p3", "a", "head");
  m.read("r", "head", "b");
  m.step("bc", "b", "c");
  m.step("bd", "b", "d");
  m.step("ce", "c", "e");
  m.step("de", "d", "e");
  m.step("back", "e", "head");
  m.at("lost");
}

}  // namespace

TEST_CASE("acyclic core: a good model's loop head, orders and adjacency") {
  Model m;
  goodModel(m);
  m.ts.validate();
  const AcyclicCore core = AcyclicCore::analyse(m.ts, "test");
  CHECK(&core.system() == &m.ts);
  CHECK(core.loopHead() == m.at("head"));
  CHECK(m.names(core.prefixOrder()) == std::vector<std::string>{"init", "a"});
  // Depth-first, declaration order: the branch declared last (d) comes first after reversal.
  CHECK(m.names(core.bodyOrder()) == std::vector<std::string>{"head", "b", "d", "c", "e"});
  CHECK(isTopological(core, core.prefixOrder()));
  CHECK(isTopological(core, core.bodyOrder()));
  for (const char* l : {"init", "a"}) {
    CHECK(core.inPrefix(m.at(l)));
    CHECK_FALSE(core.inBody(m.at(l)));
  }
  for (const char* l : {"head", "b", "c", "d", "e"}) {
    CHECK_FALSE(core.inPrefix(m.at(l)));
    CHECK(core.inBody(m.at(l)));
  }
  CHECK_FALSE(core.inPrefix(m.at("lost")));
  CHECK_FALSE(core.inBody(m.at("lost")));
  for (LocationId l = 0; l < m.ts.locations.size(); ++l) {
    const std::vector<TransitionId> expected = m.ts.outgoing(l);
    CHECK(std::vector<TransitionId>(core.outgoing(l).begin(), core.outgoing(l).end()) == expected);
  }
  CHECK(core.isChoice(m.at("a")));
  CHECK(core.isChoice(m.at("b")));
  CHECK_FALSE(core.isChoice(m.at("head")));
  CHECK_FALSE(core.isChoice(m.at("c")));
  CHECK(core.returnsToLoopHead(*m.ts.findTransition("back")));
  CHECK(core.returnsToLoopHead(*m.ts.findTransition("p2")));
  CHECK_FALSE(core.returnsToLoopHead(*m.ts.findTransition("r")));
  CHECK(core.bodyDecisions() == 1);
}

TEST_CASE("acyclic core: the initial location may be the loop head, and self-loops on it are iterations") {
  Model m;
  m.read("r1", "head", "x");
  m.read("r2", "head", "head");
  m.read("r3", "head", "x");
  m.step("x1", "x", "head");
  const AcyclicCore core = AcyclicCore::analyse(m.ts, "test");
  CHECK(core.loopHead() == m.at("head"));
  CHECK(core.prefixOrder().empty());
  CHECK(m.names(core.bodyOrder()) == std::vector<std::string>{"head", "x"});
  CHECK_FALSE(core.inPrefix(m.at("head")));
  CHECK(core.inBody(m.at("head")));
  CHECK(core.isChoice(m.at("head")));
  CHECK(core.bodyDecisions() == 1);
}

TEST_CASE("acyclic core: a prefix may join the body before the loop head") {
  // init -> x, and x is also visited by iterations: x is in both parts.
  Model m;
  m.step("p", "init", "x");
  m.step("xh", "x", "head");
  m.read("r", "head", "x");
  const AcyclicCore core = AcyclicCore::analyse(m.ts, "test");
  CHECK(m.names(core.prefixOrder()) == std::vector<std::string>{"init", "x"});
  CHECK(m.names(core.bodyOrder()) == std::vector<std::string>{"head", "x"});
  CHECK(core.inPrefix(m.at("x")));
  CHECK(core.inBody(m.at("x")));
}

TEST_CASE("acyclic core: no transition reads inputs") {
  Model m;
  m.step("a", "s", "t");
  m.step("b", "t", "s");
  CHECK(m.error() ==
        "strategy 'symtest' needs an acyclic-core model, but no transition reads inputs, so there is no loop head "
        "[an iteration starts with an input transition from the loop head]");
}

TEST_CASE("acyclic core: inputs read at two locations") {
  Model m;
  m.read("r1", "h1", "h2");
  m.read("r2", "h2", "h1");
  CHECK(m.error() ==
        "m.model:101:1: strategy 'symtest' needs an acyclic-core model, but inputs are read at 'h1' and at 'h2' "
        "[read every input at one loop head]");
}

TEST_CASE("acyclic core: an internal transition leaves the loop head") {
  Model m;
  m.read("r", "head", "x");
  m.step("x1", "x", "head");
  m.step("skip", "head", "x");
  CHECK(m.error() ==
        "m.model:3:3: strategy 'symtest' needs an acyclic-core model, but transition 'skip' leaves the loop head "
        "'head' without reading inputs [only input transitions may leave the loop head]");
}

TEST_CASE("acyclic core: a cycle in the body is printed, closed by its transition") {
  Model m;
  m.read("r", "head", "a");
  m.step("ab", "a", "b");
  m.step("bc", "b", "c");
  m.step("cb", "c", "b");
  m.step("ch", "c", "head");
  CHECK(m.error() ==
        "m.model:4:3: strategy 'symtest' needs an acyclic-core model, but the loop body has a cycle: b -> c -> b "
        "(closed by 'cb') [break the cycle, or move it into the outer loop through the loop head]");
}

TEST_CASE("acyclic core: a self-loop in the body and a cycle in the initial part") {
  Model selfLoop;
  selfLoop.read("r", "head", "a");
  selfLoop.step("spin", "a", "a");
  selfLoop.step("ah", "a", "head");
  CHECK(selfLoop.error() ==
        "m.model:2:3: strategy 'symtest' needs an acyclic-core model, but the loop body has a cycle: a -> a "
        "(closed by 'spin') [break the cycle, or move it into the outer loop through the loop head]");

  Model prefix;
  prefix.step("i1", "init", "p");
  prefix.step("i2", "p", "q");
  prefix.step("i3", "q", "init");
  prefix.step("i4", "q", "head");
  prefix.read("r", "head", "head");
  CHECK(prefix.error() ==
        "m.model:3:3: strategy 'symtest' needs an acyclic-core model, but the initial part has a cycle: "
        "init -> p -> q -> init (closed by 'i3') [break the cycle, or move it into the outer loop through the loop "
        "head]");
}

TEST_CASE("acyclic core: a location that cannot reach the loop head") {
  Model body;
  body.read("r", "head", "a");
  body.step("ah", "a", "head");
  body.step("ad", "a", "dead");
  body.step("de", "dead", "end");
  CHECK(body.error() ==
        "m.model:103:1: strategy 'symtest' needs an acyclic-core model, but location 'end' cannot reach the loop "
        "head 'head' [give it a way back to the loop head]");

  Model prefix;
  prefix.step("i1", "init", "head");
  prefix.step("i2", "init", "stuck");
  prefix.read("r", "head", "head");
  CHECK(prefix.error() ==
        "m.model:102:1: strategy 'symtest' needs an acyclic-core model, but location 'stuck' cannot reach the loop "
        "head 'head' [give it a way back to the loop head]");
}

TEST_CASE("acyclic core: cycles through the loop head are the outer loop, not cycles") {
  Model m;
  m.step("i", "init", "head");
  m.read("r", "head", "a");
  m.step("a1", "a", "head");
  m.step("a2", "a", "b");
  m.step("b1", "b", "head");
  const AcyclicCore core = AcyclicCore::analyse(m.ts, "test");
  CHECK(m.names(core.bodyOrder()) == std::vector<std::string>{"head", "a", "b"});
  CHECK(m.names(core.prefixOrder()) == std::vector<std::string>{"init"});
}
