// FINDPATH (plugins/acyclic/include/symseq/acyclic/FindPath.h): greedy paths on small hand-made cores, forced
// starts, the iteration cap; the exact mode against a brute-force minimum over a few hundred
// seeded random cores; greedy against a plain per-iteration dynamic program on larger, deep
// random cores (its incremental updates); splitPath / flatten.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "GraphModel.h"
#include "symseq/acyclic/FindPath.h"

using namespace symseq;

namespace {

// GraphModel, plus paths shown by their transitions' names.
struct Model : test::GraphModel {
  // "a b c", the transitions' names.
  std::string show(const std::vector<TransitionId>& path) const {
    std::string out;
    for (TransitionId t : path) out += (out.empty() ? "" : " ") + ts.transitions[t].name;
    return out;
  }
  // "prefix | iteration | iteration ...".
  std::string show(const SyntacticPath& p) const {
    std::string out = show(p.prefix);
    for (const auto& it : p.iterations) out += " | " + show(it);
    return out;
  }
};

// init --p1--> head, or init --p2--> q --p3--> head; an iteration reads `in`, then passes two
// diamonds: d1 --t1|e1--> m1 --t2|e2--> x --back--> head.
void diamonds(Model& m) {
  m.step("p1", "init", "head");
  m.step("p2", "init", "q");
  m.step("p3", "q", "head");
  m.read("in", "head", "d1");
  m.step("t1", "d1", "m1");
  m.step("e1", "d1", "m1");
  m.step("t2", "m1", "x");
  m.step("e2", "m1", "x");
  m.step("back", "x", "head");
}

// The initial location is the loop head; one iteration picks one of four cases.
void fourCases(Model& m) {
  m.read("in", "head", "s");
  for (const char* c : {"c1", "c2", "c3", "c4"}) m.step(c, "s", "j");
  m.step("back", "j", "head");
}

// A path's shape: it is connected from the initial location, starts with `forced`, its parts
// are what splitPath makes of it, and every iteration but a last incomplete one returns.
void checkShape(const AcyclicCore& core, const std::vector<TransitionId>& forced, const SyntacticPath& path,
                bool complete = true) {
  const TransitionSystem& s = core.system();
  const std::vector<TransitionId> flat = path.flatten();
  REQUIRE(flat.size() >= forced.size());
  CHECK(std::equal(forced.begin(), forced.end(), flat.begin()));
  LocationId at = s.initial;
  for (TransitionId t : flat) {
    REQUIRE(t < s.transitions.size());
    REQUIRE(s.transitions[t].source == at);
    at = s.transitions[t].target;
  }
  CHECK(splitPath(core, flat) == path);
  if (!path.prefix.empty() && (complete || !path.iterations.empty()))
    CHECK(s.transitions[path.prefix.back()].target == core.loopHead());
  for (std::size_t i = 0; i < path.iterations.size(); ++i) {
    const auto& it = path.iterations[i];
    REQUIRE_FALSE(it.empty());
    CHECK(s.transitions[it.front()].source == core.loopHead());
    for (std::size_t k = 0; k + 1 < it.size(); ++k) CHECK(s.transitions[it[k]].target != core.loopHead());
    if (complete || i + 1 < path.iterations.size()) CHECK(s.transitions[it.back()].target == core.loopHead());
  }
}

// ---- random cores and the brute force ----

// A random acyclic core: the loop head (location 0, initial unless there is a prefix), k
// locations 1..k in topological order, each entered from an earlier one (or the loop head, by an
// input transition) and leaving to a later one or the loop head, plus a few extra transitions
// (parallel ones included) and sometimes an input self-loop on the loop head. Sometimes an
// initial part of two ways into the loop head. Declaration order is shuffled. `std::mt19937`'s
// raw output (not a distribution) keeps it the same on every standard library.
struct RandomCore {
  Model model;
  std::vector<TransitionId> targets;
};

// Small cores by default (for the brute force); `span` > 0 keeps transitions between locations
// at most that far apart in the order, which makes long, deep bodies.
struct Shape {
  std::uint32_t maxLocations = 6;
  std::uint32_t maxExtra = 6;
  std::uint32_t span = 0;
};

std::uint32_t below(std::mt19937& rng, std::uint32_t n) { return static_cast<std::uint32_t>(rng() % n); }

void randomCore(RandomCore& rc, std::uint32_t seed, Shape shape = {}) {
  std::mt19937 rng(seed);
  struct Edge {
    std::uint32_t from, to;  // 0 = loop head
  };
  const std::uint32_t k = 1 + below(rng, shape.maxLocations);
  // A location after `from` (k + 1 is the loop head, where the iteration ends).
  auto later = [&](std::uint32_t from) {
    const std::uint32_t room = shape.span == 0 ? k - from + 1 : std::min(k - from + 1, shape.span);
    const std::uint32_t to = from + 1 + below(rng, room);
    return to == k + 1 ? 0 : to;
  };
  std::vector<Edge> edges;
  for (std::uint32_t i = 1; i <= k; ++i) {
    const std::uint32_t back = shape.span == 0 ? i : std::min(i, shape.span);
    edges.push_back({i - 1 - below(rng, back), i});  // entered from earlier
    edges.push_back({i, later(i)});                  // leaves later
  }
  const std::uint32_t extra = below(rng, shape.maxExtra);
  for (std::uint32_t e = 0; e < extra; ++e) {
    const std::uint32_t from = below(rng, k + 1);
    edges.push_back({from, later(from)});
  }
  if (below(rng, 5) == 0) edges.push_back({0, 0});
  for (std::size_t i = edges.size(); i > 1; --i)
    std::swap(edges[i - 1], edges[below(rng, static_cast<std::uint32_t>(i))]);

  Model& m = rc.model;
  const bool prefix = below(rng, 3) == 0;
  if (prefix) m.at("init");
  m.at("head");
  auto name = [](std::uint32_t l) { return l == 0 ? std::string("head") : "l" + std::to_string(l); };
  for (std::size_t e = 0; e < edges.size(); ++e)
    m.add("e" + std::to_string(e), name(edges[e].from), name(edges[e].to), edges[e].from == 0);
  if (prefix) {
    m.step("i1", "init", "head");
    m.step("i2", "init", "p");
    m.step("i3", "p", "head");
  }
  for (TransitionId t = 0; t < m.ts.transitions.size(); ++t)
    if (below(rng, 2) == 0) rc.targets.push_back(t);
  m.ts.validate();
}

// Every path from `from` to the loop head through the body.
void bodyPaths(const AcyclicCore& core, LocationId from, std::vector<TransitionId>& current,
               std::vector<std::vector<TransitionId>>& out) {
  for (TransitionId t : core.outgoing(from)) {
    current.push_back(t);
    if (core.returnsToLoopHead(t))
      out.push_back(current);
    else
      bodyPaths(core, core.system().transitions[t].target, current, out);
    current.pop_back();
  }
}

using Mask = std::uint32_t;

Mask maskOf(const std::vector<TransitionId>& path, const std::vector<TransitionId>& targets) {
  Mask mask = 0;
  for (std::size_t i = 0; i < targets.size(); ++i)
    if (std::find(path.begin(), path.end(), targets[i]) != path.end()) mask |= Mask{1} << i;
  return mask;
}

// The fewest paths (of `paths`, as target masks) that together cover `all` starting from
// `covered`: branch on the paths through the lowest uncovered target, memoised.
std::uint32_t bruteCover(const std::vector<Mask>& paths, Mask all, Mask covered, std::map<Mask, std::uint32_t>& memo) {
  if ((covered & all) == all) return 0;
  if (auto it = memo.find(covered); it != memo.end()) return it->second;
  const Mask lowest = (all & ~covered) & (~(all & ~covered) + 1);
  std::uint32_t best = UINT32_MAX;
  for (Mask p : paths)
    if (p & lowest) {
      const std::uint32_t rest = bruteCover(paths, all, covered | p, memo);
      if (rest != UINT32_MAX) best = std::min(best, 1 + rest);
    }
  memo[covered] = best;
  return best;
}

// The body targets of `targets` not in `done`.
std::vector<TransitionId> openBodyTargets(const AcyclicCore& core, const std::vector<TransitionId>& targets,
                                          const std::set<TransitionId>& done) {
  std::vector<TransitionId> open;
  for (TransitionId t : targets)
    if (core.inBody(core.system().transitions[t].source) && !done.contains(t)) open.push_back(t);
  return open;
}

// A random walk of up to 7 transitions from the initial location: it may stop in the initial
// part, at the loop head or inside an iteration.
std::vector<TransitionId> randomForced(const AcyclicCore& core, std::mt19937& rng) {
  const TransitionSystem& s = core.system();
  std::vector<TransitionId> forced;
  LocationId at = s.initial;
  const std::uint32_t steps = below(rng, 8);
  for (std::uint32_t i = 0; i < steps; ++i) {
    const auto out = core.outgoing(at);
    const TransitionId t = out[below(rng, static_cast<std::uint32_t>(out.size()))];
    forced.push_back(t);
    at = s.transitions[t].target;
  }
  return forced;
}

// The greedy FINDPATH over the body written plainly, one full dynamic program per iteration:
// the completion from `mid` when given, then iterations while any target is left.
std::vector<std::vector<TransitionId>> referenceGreedy(const AcyclicCore& core, std::vector<char> isTarget,
                                                       std::optional<LocationId> mid) {
  const TransitionSystem& s = core.system();
  const LocationId head = core.loopHead();
  std::vector<std::vector<TransitionId>> out;
  while (true) {
    std::vector<std::uint32_t> gain(s.locations.size(), 0);
    std::vector<TransitionId> choice(s.locations.size(), 0);
    const auto& order = core.bodyOrder();
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
      bool first = true;
      for (TransitionId t : core.outgoing(*it)) {
        const std::uint32_t g =
            (isTarget[t] ? 1U : 0U) + (core.returnsToLoopHead(t) ? 0U : gain[s.transitions[t].target]);
        if (first || g > gain[*it]) {
          gain[*it] = g;
          choice[*it] = t;
          first = false;
        }
      }
    }
    const LocationId from = mid.value_or(head);
    if (!mid && gain[head] == 0) return out;
    mid.reset();
    std::vector<TransitionId> path;
    LocationId at = from;
    do {
      path.push_back(choice[at]);
      isTarget[choice[at]] = 0;
      at = s.transitions[choice[at]].target;
    } while (at != head);
    out.push_back(std::move(path));
  }
}

}  // namespace

// ---- greedy ----

TEST_CASE("findPath greedy: the richest prefix, then the richest iteration each time") {
  Model m;
  diamonds(m);
  const AcyclicCore core = AcyclicCore::analyse(m.ts, "test");
  std::vector<TransitionId> all(m.ts.transitions.size());
  for (TransitionId t = 0; t < all.size(); ++t) all[t] = t;
  const SyntacticPath p = findPath(core, {{}, all});
  // p2 p3 takes two targets, p1 one; p1 is then left out (the initial part is read once).
  CHECK(m.show(p) == "p2 p3 | in t1 t2 back | in e1 e2 back");
  checkShape(core, {}, p);

  // Ties go to the transition declared first: t1 before e1, t2 before e2, p1 before p2 p3.
  CHECK(m.show(findPath(core, {{}, m.ids({"t1", "e1"})})) == "p1 | in t1 t2 back | in e1 t2 back");
  // More targets beat declaration order: e1 leads on to e2; t1 and e1 then e2 would tie.
  CHECK(m.show(findPath(core, {{}, m.ids({"e2", "e1"})})) == "p1 | in e1 e2 back");
  CHECK(m.show(findPath(core, {{}, m.ids({"e2", "t1", "e1"})})) == "p1 | in t1 e2 back | in e1 t2 back");
}

TEST_CASE("findPath greedy: forced starts in the initial part, at the loop head and mid-iteration") {
  Model m;
  diamonds(m);
  const AcyclicCore core = AcyclicCore::analyse(m.ts, "test");
  const std::vector<TransitionId> all = m.ids({"p1", "p2", "p3", "in", "t1", "e1", "t2", "e2", "back"});

  SUBCASE("inside the initial part") {
    const auto forced = m.ids({"p2"});
    const SyntacticPath p = findPath(core, {forced, all});
    CHECK(m.show(p) == "p2 p3 | in t1 t2 back | in e1 e2 back");
    checkShape(core, forced, p);
  }
  SUBCASE("at the loop head after the initial part") {
    const auto forced = m.ids({"p1"});
    const SyntacticPath p = findPath(core, {forced, all});
    CHECK(m.show(p) == "p1 | in t1 t2 back | in e1 e2 back");
    checkShape(core, forced, p);
  }
  SUBCASE("at the loop head after an iteration") {
    const auto forced = m.ids({"p1", "in", "e1", "t2", "back"});
    const SyntacticPath p = findPath(core, {forced, all});
    CHECK(m.show(p) == "p1 | in e1 t2 back | in t1 e2 back");
    checkShape(core, forced, p);
  }
  SUBCASE("mid-iteration: the iteration is completed first, richest way") {
    const auto forced = m.ids({"p1", "in", "e1"});
    const SyntacticPath p = findPath(core, {forced, all});
    CHECK(m.show(p) == "p1 | in e1 t2 back | in t1 e2 back");
    checkShape(core, forced, p);
    // Only e2 left after completing: the completion takes it.
    CHECK(m.show(findPath(core, {forced, m.ids({"e2"})})) == "p1 | in e1 e2 back");
  }
  SUBCASE("mid-iteration, everything covered: the iteration still returns to the loop head") {
    const auto forced = m.ids({"p1", "in", "e1", "e2"});
    CHECK(m.show(findPath(core, {forced, m.ids({"e1"})})) == "p1 | in e1 e2 back");
  }
}

TEST_CASE("findPath greedy: maxIterations caps the iterations, the forced ones included") {
  Model m;
  fourCases(m);
  const AcyclicCore core = AcyclicCore::analyse(m.ts, "test");
  const auto cases = m.ids({"c1", "c2", "c3", "c4"});
  CHECK(m.show(findPath(core, {{}, cases, 2})) == " | in c1 back | in c2 back");
  CHECK(findPath(core, {{}, cases, 4}).iterations.size() == 4);
  CHECK(findPath(core, {{}, cases, 100}).iterations.size() == 4);
  CHECK(findPath(core, {{}, cases, 0}).iterations.empty());

  const auto one = m.ids({"in", "c3", "back"});
  CHECK(m.show(findPath(core, {one, cases, 2})) == " | in c3 back | in c1 back");
  const auto two = m.ids({"in", "c3", "back", "in", "c4", "back"});
  CHECK(m.show(findPath(core, {two, cases, 2})) == " | in c3 back | in c4 back");
  // Beyond the cap already: a begun iteration is still completed, nothing more is added.
  const auto mid = m.ids({"in", "c3", "back", "in", "c4"});
  CHECK(m.show(findPath(core, {mid, cases, 1})) == " | in c3 back | in c4 back");
}

TEST_CASE("findPath greedy: targets on the forced start, no targets, targets out of reach") {
  Model m;
  fourCases(m);
  const AcyclicCore core = AcyclicCore::analyse(m.ts, "test");
  const auto forced = m.ids({"in", "c2", "back"});
  CHECK(m.show(findPath(core, {forced, m.ids({"c2", "back"})})) == " | in c2 back");
  CHECK(findPath(core, {{}, {}}) == SyntacticPath{});
  CHECK(m.show(findPath(core, {forced, {}})) == " | in c2 back");
  const std::vector<TransitionId> outOfRange{77};
  CHECK(findPath(core, {{}, outOfRange}) == SyntacticPath{});

  Model d;
  diamonds(d);
  const AcyclicCore dc = AcyclicCore::analyse(d.ts, "test");
  // No targets: the initial part is completed by first transitions, and nothing else.
  CHECK(d.show(findPath(dc, {{}, {}})) == "p1");
  // A target of the initial part off the forced way is left out.
  const auto p1 = d.ids({"p1"});
  CHECK(d.show(findPath(dc, {p1, d.ids({"p3"})})) == "p1");
  CHECK(d.show(findPath(dc, {p1, d.ids({"p3"}), 64, FindPathMode::Exact})) == "p1");
}

TEST_CASE("findPath: a forced start that is not a path is refused") {
  Model m;
  diamonds(m);
  const AcyclicCore core = AcyclicCore::analyse(m.ts, "test");
  for (const auto mode : {FindPathMode::Greedy, FindPathMode::Exact}) {
    const auto notFromInitial = m.ids({"in"});
    CHECK_THROWS_WITH_AS(
        (void)findPath(core, {notFromInitial, {}, 64, mode}),
        "error: FINDPATH was given a forced start that is not a path from the initial location (transition #3)", Error);
    const auto broken = m.ids({"p1", "in", "t2"});
    CHECK_THROWS_WITH_AS(
        (void)findPath(core, {broken, {}, 64, mode}),
        "error: FINDPATH was given a forced start that is not a path from the initial location (transition #6)", Error);
    const std::vector<TransitionId> outOfRange{99};
    CHECK_THROWS_WITH_AS(
        (void)findPath(core, {outOfRange, {}, 64, mode}),
        "error: FINDPATH was given a forced start that is not a path from the initial location (transition #99)",
        Error);
  }
}

// ---- exact ----

TEST_CASE("findPath exact: hand-made cores") {
  Model m;
  diamonds(m);
  const AcyclicCore core = AcyclicCore::analyse(m.ts, "test");
  const auto all = m.ids({"p1", "p2", "p3", "in", "t1", "e1", "t2", "e2", "back"});
  const SyntacticPath p = findPath(core, {{}, all, 64, FindPathMode::Exact});
  CHECK(p.prefix == m.ids({"p2", "p3"}));
  CHECK(p.iterations.size() == 2);
  checkShape(core, {}, p);
  for (const char* t : {"in", "t1", "e1", "t2", "e2", "back"}) CHECK(p.transitions().contains(m.id(t)));
  CHECK(minimumIterations(core, all) == 2);
  CHECK(minimumIterations(core, {}) == 0);
  CHECK(minimumIterations(core, m.ids({"p1", "p2"})) == 0);
  CHECK(minimumIterations(core, m.ids({"t2"})) == 1);

  Model f;
  fourCases(f);
  const AcyclicCore fc = AcyclicCore::analyse(f.ts, "test");
  const auto cases = f.ids({"c1", "c2", "c3", "c4"});
  CHECK(minimumIterations(fc, cases) == 4);
  CHECK(findPath(fc, {{}, cases, 3, FindPathMode::Exact}).iterations.size() == 3);
  CHECK(findPath(fc, {{}, {}, 3, FindPathMode::Exact}) == SyntacticPath{});
  const auto mid = f.ids({"in", "c3"});
  const SyntacticPath q = findPath(fc, {mid, cases, 64, FindPathMode::Exact});
  CHECK(q.iterations.size() == 4);
  checkShape(fc, mid, q);
  for (TransitionId c : cases) CHECK(q.transitions().contains(c));
}

TEST_CASE("findPath exact: where greedy needs one iteration more") {
  // Two chains of targets, x1 x2 x3 and y1 y2 y3, and a non-target bridge n1 from the middle of
  // the first to the second. The richest iteration, x1 x2 n1 y2 y3 (four targets), leaves x3 and
  // y1, which no iteration takes together: greedy needs 3 iterations, the two chains are 2.
  Model m;
  m.read("x1", "head", "a");
  m.step("x2", "a", "b");
  m.step("x3", "b", "head");
  m.step("n1", "b", "d");
  m.read("y1", "head", "c");
  m.step("n2", "c", "d");
  m.step("y2", "d", "e");
  m.step("y3", "e", "head");
  const AcyclicCore core = AcyclicCore::analyse(m.ts, "test");
  const auto targets = m.ids({"x1", "x2", "x3", "y1", "y2", "y3"});
  const SyntacticPath greedy = findPath(core, {{}, targets});
  CHECK(m.show(greedy) == " | x1 x2 n1 y2 y3 | x1 x2 x3 | y1 n2 y2 y3");
  const SyntacticPath exact = findPath(core, {{}, targets, 64, FindPathMode::Exact});
  CHECK(m.show(exact) == " | x1 x2 x3 | y1 n2 y2 y3");
  CHECK(minimumIterations(core, targets) == 2);
  checkShape(core, {}, exact);
}

TEST_CASE("findPath: exact equals a brute-force minimum on seeded random cores, and greedy is valid and never better") {
  int exactBeatsGreedy = 0;
  int withPrefix = 0;
  int midIteration = 0;
  for (std::uint32_t seed = 1; seed <= 400; ++seed) {
    CAPTURE(seed);
    RandomCore rc;
    randomCore(rc, seed);
    const Model& m = rc.model;
    const AcyclicCore core = AcyclicCore::analyse(m.ts, "test");
    withPrefix += core.prefixOrder().empty() ? 0 : 1;
    std::vector<std::vector<TransitionId>> all;
    std::vector<TransitionId> scratch;
    bodyPaths(core, core.loopHead(), scratch, all);

    // From the loop head, nothing forced.
    {
      const std::vector<TransitionId> body = openBodyTargets(core, rc.targets, {});
      std::vector<Mask> masks;
      for (const auto& p : all) masks.push_back(maskOf(p, body));
      std::map<Mask, std::uint32_t> memo;
      const std::uint32_t brute = bruteCover(masks, (Mask{1} << body.size()) - 1, 0, memo);
      CAPTURE(m.show(rc.targets));
      CHECK(minimumIterations(core, rc.targets) == brute);

      const SyntacticPath exact = findPath(core, {{}, rc.targets, 64, FindPathMode::Exact});
      const SyntacticPath greedy = findPath(core, {{}, rc.targets, 64, FindPathMode::Greedy});
      CHECK(exact.iterations.size() == brute);
      CHECK(greedy.iterations.size() >= exact.iterations.size());
      exactBeatsGreedy += greedy.iterations.size() > exact.iterations.size() ? 1 : 0;
      checkShape(core, {}, exact);
      checkShape(core, {}, greedy);
      for (const SyntacticPath* p : {&exact, &greedy}) {
        const std::set<TransitionId> covered = p->transitions();
        for (TransitionId t : body) CHECK(covered.contains(t));
        // The initial part is the same richest one in both modes.
        CHECK(p->prefix == greedy.prefix);
      }
      // Each greedy iteration takes as many still uncovered targets as any iteration could.
      std::set<TransitionId> done(greedy.prefix.begin(), greedy.prefix.end());
      for (const auto& it : greedy.iterations) {
        std::size_t best = 0;
        for (const auto& p : all) {
          std::set<TransitionId> fresh;
          for (TransitionId t : p)
            if (!done.contains(t) && std::find(rc.targets.begin(), rc.targets.end(), t) != rc.targets.end())
              fresh.insert(t);
          best = std::max(best, fresh.size());
        }
        std::set<TransitionId> fresh;
        for (TransitionId t : it)
          if (!done.contains(t) && std::find(rc.targets.begin(), rc.targets.end(), t) != rc.targets.end())
            fresh.insert(t);
        CHECK(fresh.size() == best);
        CHECK(best > 0);
        done.insert(it.begin(), it.end());
      }
      // The cap.
      if (brute > 1) {
        CHECK(findPath(core, {{}, rc.targets, brute - 1, FindPathMode::Exact}).iterations.size() == brute - 1);
        CHECK(findPath(core, {{}, rc.targets, brute - 1, FindPathMode::Greedy}).iterations.size() == brute - 1);
      }
    }

    // From a random forced start, often mid-iteration.
    std::mt19937 rng(seed * 7919U);
    for (int trial = 0; trial < 3; ++trial) {
      const std::vector<TransitionId> forced = randomForced(core, rng);
      CAPTURE(m.show(forced));
      const SyntacticPath split = splitPath(core, forced);
      checkShape(core, forced, split, false);
      CHECK(split.flatten() == forced);
      const LocationId stop = forced.empty() ? m.ts.initial : m.ts.transitions[forced.back()].target;
      const bool mid = core.inBody(stop) && stop != core.loopHead();
      midIteration += mid ? 1 : 0;

      const SyntacticPath exact = findPath(core, {forced, rc.targets, 64, FindPathMode::Exact});
      const SyntacticPath greedy = findPath(core, {forced, rc.targets, 64, FindPathMode::Greedy});
      checkShape(core, forced, exact);
      checkShape(core, forced, greedy);
      CHECK(exact.prefix == greedy.prefix);

      // Brute force: the best completion of the begun iteration, then the fewest whole ones.
      std::set<TransitionId> done(forced.begin(), forced.end());
      done.insert(exact.prefix.begin(), exact.prefix.end());
      const std::vector<TransitionId> body = openBodyTargets(core, rc.targets, done);
      std::vector<Mask> masks;
      for (const auto& p : all) masks.push_back(maskOf(p, body));
      std::map<Mask, std::uint32_t> memo;
      const Mask full = (Mask{1} << body.size()) - 1;
      std::uint32_t brute = UINT32_MAX;
      if (mid) {
        std::vector<std::vector<TransitionId>> completions;
        bodyPaths(core, stop, scratch, completions);
        for (const auto& c : completions) brute = std::min(brute, bruteCover(masks, full, maskOf(c, body), memo));
      } else {
        brute = bruteCover(masks, full, 0, memo);
      }
      const std::size_t begun = split.iterations.size();
      CHECK(exact.iterations.size() == begun + brute);
      CHECK(greedy.iterations.size() >= exact.iterations.size());
      for (const SyntacticPath* p : {&exact, &greedy}) {
        const std::set<TransitionId> covered = p->transitions();
        for (TransitionId t : body) CHECK(covered.contains(t));
      }
    }
  }
  // The sample exercises what it is meant to.
  CHECK(exactBeatsGreedy > 0);
  CHECK(withPrefix > 50);
  CHECK(midIteration > 100);
}

TEST_CASE("findPath: on larger, deep random cores greedy takes the plain dynamic program's paths, and exact its minimum") {
  for (std::uint32_t seed = 1; seed <= 12; ++seed) {
    CAPTURE(seed);
    RandomCore rc;
    randomCore(rc, seed, {600, 600, 5});
    const Model& m = rc.model;
    const AcyclicCore core = AcyclicCore::analyse(m.ts, "test");
    std::mt19937 rng(seed);
    for (int trial = 0; trial < 2; ++trial) {
      // From the loop head (the initial part done by first transitions), or a few steps on.
      const std::vector<TransitionId> toHead = findPath(core, {{}, {}}).flatten();
      std::vector<TransitionId> forced = toHead;
      LocationId at = core.loopHead();
      for (std::uint32_t i = 0, n = trial == 0 ? 0 : 1 + below(rng, 30); i < n; ++i) {
        const auto out = core.outgoing(at);
        const TransitionId t = out[below(rng, static_cast<std::uint32_t>(out.size()))];
        if (core.returnsToLoopHead(t)) break;
        forced.push_back(t);
        at = m.ts.transitions[t].target;
      }
      const std::optional<LocationId> mid = at == core.loopHead() ? std::nullopt : std::optional<LocationId>(at);

      const SyntacticPath greedy = findPath(core, {forced, rc.targets, 100000});
      std::vector<char> isTarget(m.ts.transitions.size(), 0);
      for (TransitionId t : rc.targets) isTarget[t] = 1;
      for (TransitionId t : forced) isTarget[t] = 0;
      const auto expected = referenceGreedy(core, isTarget, mid);
      REQUIRE(greedy.iterations.size() == expected.size());
      for (std::size_t i = 0; i < expected.size(); ++i) {
        std::vector<TransitionId> got = greedy.iterations[i];
        // The begun iteration holds the forced steps, then the completion.
        if (i == 0 && mid)
          got.erase(got.begin(), got.begin() + static_cast<std::ptrdiff_t>(forced.size() - toHead.size()));
        CHECK(got == expected[i]);
      }

      const SyntacticPath exact = findPath(core, {forced, rc.targets, 100000, FindPathMode::Exact});
      checkShape(core, forced, exact);
      CHECK(exact.iterations.size() <= greedy.iterations.size());
      if (!mid) CHECK(exact.iterations.size() == minimumIterations(core, rc.targets));
      const std::set<TransitionId> covered = exact.transitions();
      for (TransitionId t : rc.targets)
        if (core.inBody(m.ts.transitions[t].source)) CHECK(covered.contains(t));
    }
  }
}

// ---- SyntacticPath ----

TEST_CASE("splitPath and flatten: a round trip, incomplete last iterations, self-loops on the loop head") {
  Model m;
  diamonds(m);
  m.read("idle", "head", "head");
  const AcyclicCore core = AcyclicCore::analyse(m.ts, "test");
  const SyntacticPath whole{
      m.ids({"p2", "p3"}),
      {m.ids({"in", "t1", "t2", "back"}), m.ids({"idle"}), m.ids({"idle"}), m.ids({"in", "e1", "e2", "back"})}};
  CHECK(splitPath(core, whole.flatten()) == whole);
  CHECK(whole.flatten() == m.ids({"p2", "p3", "in", "t1", "t2", "back", "idle", "idle", "in", "e1", "e2", "back"}));
  CHECK(whole.transitions() == std::set<TransitionId>{m.id("p2"), m.id("p3"), m.id("in"), m.id("t1"), m.id("t2"),
                                                      m.id("back"), m.id("idle"), m.id("e1"), m.id("e2")});
  const SyntacticPath partial{m.ids({"p1"}), {m.ids({"idle"}), m.ids({"in", "e1"})}};
  CHECK(splitPath(core, partial.flatten()) == partial);
  const SyntacticPath inPrefix{m.ids({"p2"}), {}};
  CHECK(splitPath(core, inPrefix.flatten()) == inPrefix);
  CHECK(splitPath(core, {}) == SyntacticPath{});

  Model f;
  fourCases(f);
  const AcyclicCore fc = AcyclicCore::analyse(f.ts, "test");
  const SyntacticPath noPrefix{{}, {f.ids({"in", "c1", "back"}), f.ids({"in", "c4"})}};
  CHECK(splitPath(fc, noPrefix.flatten()) == noPrefix);
  // Not from the initial location (outside the contract): still split, not undefined behaviour.
  const SyntacticPath notFromHead{{}, {f.ids({"c2", "back"}), f.ids({"in"})}};
  CHECK(splitPath(fc, notFromHead.flatten()) == notFromHead);
}

TEST_CASE("findPath semantic: both modes plan around a transition excluded in one iteration") {
  Model m;
  diamonds(m);
  const AcyclicCore core = AcyclicCore::analyse(m.ts, "test");
  const std::vector<TransitionId> targets = m.ids({"t1", "e1"});
  // Without exclusions greedy takes t1 first (declared first); with t1 excluded in iteration 1,
  // iteration 1 takes e1 and t1 moves to iteration 2.
  const std::vector<PathExclusion> t1First{{1, m.ids({"t1"})[0]}};
  CHECK(m.show(findPath(core, {{}, targets, 64, FindPathMode::Greedy})) == "p1 | in t1 t2 back | in e1 t2 back");
  CHECK(m.show(findPath(core, {{}, targets, 64, FindPathMode::Greedy, t1First})) == "p1 | in e1 t2 back | in t1 t2 back");
  // Exact reorders its two iterations the same way.
  const SyntacticPath exact = findPath(core, {{}, targets, 64, FindPathMode::Exact, t1First});
  REQUIRE(exact.iterations.size() == 2);
  CHECK(std::find(exact.iterations[0].begin(), exact.iterations[0].end(), m.ids({"t1"})[0]) == exact.iterations[0].end());
  // An exclusion that blocks every way through an iteration ends the greedy plan before it.
  const std::vector<PathExclusion> both{{1, m.ids({"t1"})[0]}, {1, m.ids({"e1"})[0]}};
  CHECK(findPath(core, {{}, targets, 64, FindPathMode::Greedy, both}).iterations.empty());
  // The initial part: p1 excluded in part 0, so the prefix goes p2 p3.
  const std::vector<PathExclusion> initial{{0, m.ids({"p1"})[0]}};
  CHECK(findPath(core, {{}, m.ids({"t1"}), 64, FindPathMode::Greedy, initial}).prefix == m.ids({"p2", "p3"}));
}
