// The path heuristics (plugins/permute-edges, plugins/permute-paths, plugins/break-sequence),
// loaded like a run loads them, on tests/data/heuristics-*.cfg through the cfg frontend: the
// exact plans each returns for hand-made failures, in order, and that every plan is made of whole
// paths taking every target the failed path takes; option limits and option errors.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "symseq/acyclic/AcyclicCore.h"
#include "symseq/plugin/Frontend.h"
#include "symseq/acyclic/PathHeuristic.h"
#include "symseq/plugin/Registry.h"
#include "symseq/run/PluginOptions.h"

using namespace symseq;
namespace fs = std::filesystem;

namespace {

const fs::path kData = fs::path(SYMSEQ_SOURCE_DIR) / "tests" / "data";

// A path written as names: the initial part, then each iteration, separated by " | ".
// Several sequences of one plan are separated by " || ".
std::string text(const TransitionSystem& system, const SyntacticPath& path) {
  auto part = [&](const std::vector<TransitionId>& ts) {
    std::string out;
    for (TransitionId t : ts) out += (out.empty() ? "" : " ") + system.transitions[t].name;
    return out;
  };
  std::string out = part(path.prefix);
  for (const auto& it : path.iterations) out += " | " + part(it);
  return out;
}

std::string text(const TransitionSystem& system, const PathPlan& plan) {
  std::string out;
  for (const SyntacticPath& s : plan.sequences) out += (out.empty() ? "" : " || ") + text(system, s);
  return out;
}

// A model with its core, and the heuristics' registry.
class Fixture {
 public:
  // A model from tests/data, read by the cfg frontend.
  explicit Fixture(const std::string& model) : system_(load(registry_, ctx_, kData / model)), core_(analyse(system_)) {
    loadHeuristics();
  }
  // A model built by hand, for shapes the cfg format does not have: `edges` are (name, from, to,
  // reads input), locations are made on first mention, the first one initial.
  using Edge = std::tuple<std::string, std::string, std::string, bool>;
  explicit Fixture(const std::vector<Edge>& edges) : system_(build(ctx_, edges)), core_(analyse(system_)) {
    loadHeuristics();
  }

  [[nodiscard]] const TransitionSystem& system() const { return system_; }
  [[nodiscard]] const AcyclicCore& core() const { return core_; }

  [[nodiscard]] SyntacticPath path(const std::string& written) const {
    SyntacticPath p;
    std::vector<TransitionId>* part = &p.prefix;
    std::istringstream in(written);
    for (std::string word; in >> word;) {
      if (word == "|") {
        part = &p.iterations.emplace_back();
        continue;
      }
      const auto t = system_.findTransition(word);
      REQUIRE_MESSAGE(t.has_value(), "no transition " << word);
      part->push_back(*t);
    }
    return p;
  }

  // Every transition of the model: targets for plans that must keep everything the path takes.
  [[nodiscard]] std::vector<TransitionId> allTransitions() const {
    std::vector<TransitionId> all(system_.transitions.size());
    for (TransitionId t = 0; t < all.size(); ++t) all[t] = t;
    return all;
  }
  [[nodiscard]] std::vector<TransitionId> targets(const std::vector<std::string>& names) const {
    std::vector<TransitionId> out;
    for (const auto& n : names) out.push_back(*system_.findTransition(n));
    std::sort(out.begin(), out.end());
    return out;
  }

  [[nodiscard]] PluginPtr<Heuristic> make(const std::string& name, const std::map<std::string, OptionValue>& set = {}) const {
    Options options = defaultOptions(registry_.info(PluginKind::Heuristic, name));
    for (const auto& [key, value] : set) options.set(key, value, SourceLocation{"run.toml", 7, 3});
    return registry_.makeHeuristic(name, options);
  }

  // The plans, as text, after checking what every plan must be.
  [[nodiscard]] std::vector<std::string> rewrite(const std::string& heuristic, const std::string& written,
                                                 std::size_t feasibleLength, const std::vector<TransitionId>& targets,
                                                 const std::map<std::string, OptionValue>& options = {},
                                                 std::uint64_t seed = 0) const {
    const auto made = make(heuristic, options);
    const SyntacticPath failed = path(written);
    const PathFailure failure{core_, failed, feasibleLength, targets, seed};
    const std::vector<PathPlan> plans = dynamic_cast<const PathHeuristic&>(*made).rewrite(failure);
    std::vector<std::string> out;
    for (const PathPlan& plan : plans) {
      checkPlan(failed, targets, plan);
      out.push_back(text(system_, plan));
    }
    CHECK(std::set<std::string>(out.begin(), out.end()).size() == out.size());  // no duplicates
    return out;
  }

  // Each sequence a whole path (initial part to the loop head, then iterations from the loop
  // head back to it); together they take every target the failed path takes; not the failed path.
  void checkPlan(const SyntacticPath& failed, const std::vector<TransitionId>& targets, const PathPlan& plan) const {
    REQUIRE(!plan.sequences.empty());
    CHECK_FALSE((plan.sequences.size() == 1 && plan.sequences.front() == failed));
    std::set<TransitionId> taken;
    for (const SyntacticPath& s : plan.sequences) {
      LocationId at = system_.initial;
      for (std::size_t k = 0; k < s.prefix.size(); ++k) {
        REQUIRE(system_.transitions[s.prefix[k]].source == at);
        at = system_.transitions[s.prefix[k]].target;
        CHECK((at != core_.loopHead()) == (k + 1 < s.prefix.size()));
      }
      CHECK(at == core_.loopHead());
      for (const auto& it : s.iterations) {
        REQUIRE(!it.empty());
        for (std::size_t k = 0; k < it.size(); ++k) {
          REQUIRE(system_.transitions[it[k]].source == at);
          at = system_.transitions[it[k]].target;
          CHECK((at != core_.loopHead()) == (k + 1 < it.size()));
        }
      }
      const auto all = s.transitions();
      taken.insert(all.begin(), all.end());
    }
    for (TransitionId t : failed.transitions())
      if (std::binary_search(targets.begin(), targets.end(), t)) CHECK_MESSAGE(taken.contains(t), system_.transitions[t].name);
  }

  // The position in path.flatten() of transition `name` in iteration `iteration` (the initial
  // part when nullopt): the first unsatisfiable transition, so feasibleLength.
  [[nodiscard]] std::size_t conflictAt(const std::string& written, std::optional<std::size_t> iteration,
                                       const std::string& name) const {
    const SyntacticPath p = path(written);
    const TransitionId t = *system_.findTransition(name);
    auto offsetIn = [&](const std::vector<TransitionId>& part) {
      const auto it = std::find(part.begin(), part.end(), t);
      REQUIRE(it != part.end());
      return static_cast<std::size_t>(it - part.begin());
    };
    if (!iteration) return offsetIn(p.prefix);
    std::size_t position = p.prefix.size();
    for (std::size_t i = 0; i < *iteration; ++i) position += p.iterations[i].size();
    return position + offsetIn(p.iterations[*iteration]);
  }

  // The error text a factory gives for these options.
  [[nodiscard]] std::string optionError(const std::string& name, const std::map<std::string, OptionValue>& set) const {
    try {
      (void)make(name, set);
    } catch (const Error& e) {
      return e.what();
    }
    return "<no error>";
  }

 private:
  static TransitionSystem load(Registry& r, ExprContext& ctx, const fs::path& file) {
    r.loadFile(Registry::defaultPluginDir() / "symseq-frontend-cfg.so");
    return r.makeFrontend("cfg", Options{})->load(file, ctx);
  }
  static TransitionSystem build(ExprContext& ctx, const std::vector<Edge>& edges) {
    TransitionSystem ts(ctx);
    const Expr in = ctx.var("in", Sort::integer());
    ts.name = "built";
    ts.variables = {{in, VariableRole::Input, std::nullopt, std::nullopt}};
    ts.channels = {{"c", ChannelDirection::Input, {Sort::integer()}}};
    auto at = [&](const std::string& name) {
      if (const auto l = ts.findLocation(name)) return *l;
      return ts.addLocation(name);
    };
    for (const auto& [name, from, to, reads] : edges) {
      const LocationId source = at(from);
      const LocationId target = at(to);
      ts.transitions.push_back({name, source, target, ctx.boolVal(true),
                                reads ? Action{ActionKind::Input, 0, {in}} : Action{}, {}, std::nullopt});
    }
    ts.validate();
    return ts;
  }
  static AcyclicCore analyse(const TransitionSystem& s) { return AcyclicCore::analyse(s, "test"); }
  void loadHeuristics() {
    for (const char* h : {"permute-edges", "permute-paths", "break-sequence"})
      registry_.loadFile(Registry::defaultPluginDir() / ("symseq-heuristic-" + std::string(h) + ".so"));
  }

  Registry registry_;
  ExprContext ctx_;
  TransitionSystem system_;
  AcyclicCore core_;
};

// The multiset of transitions, for the permutations, which must keep it.
std::multiset<std::string> transitionsOf(const std::string& written) {
  std::multiset<std::string> out;
  std::istringstream in(written);
  for (std::string w; in >> w;)
    if (w != "|") out.insert(w);
  return out;
}

// The transitions of a path or sequence written as text, in order.
std::vector<std::string> wordsOf(const std::string& written) {
  std::vector<std::string> out;
  std::istringstream in(written);
  for (std::string w; in >> w;)
    if (w != "|") out.push_back(w);
  return out;
}

// The sequences of a plan written as text.
std::vector<std::string> sequencesOf(const std::string& plan) {
  std::vector<std::string> out;
  std::size_t from = 0;
  for (std::size_t at = plan.find(" || "); at != std::string::npos; from = at + 4, at = plan.find(" || ", from))
    out.push_back(plan.substr(from, at - from));
  out.push_back(plan.substr(from));
  return out;
}

// Iterations of heuristics-diamonds.cfg, named for the permutation tests.
const std::string A = "step t1 g t2 r2 t3";
const std::string B = "step f1 g f2 t3";
const std::string C = "step t1 g f2 f3 r3";
const std::string D = "step f1 g t2 r2 f3 r3";
const std::string I = "e0 pt";  // the initial part

std::string seq(std::initializer_list<std::string> iterations) {
  std::string out = I;
  for (const auto& it : iterations) out += " | " + it;
  return out;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// permute-edges

TEST_CASE("permute-edges: the failing iteration's exchanges first, then the others in path order") {
  const Fixture f("heuristics-diamonds.cfg");
  const std::string path = "e0 pt | step t1 g t2 r2 t3 | step f1 g f2 f3 r3 | step t1 g f2 t3";
  const std::size_t conflict = f.conflictAt(path, 1, "f1");
  const auto plans = f.rewrite("permute-edges", path, conflict, f.allTransitions());
  CHECK(plans == std::vector<std::string>{
                     // d1: t1 and f1 both enter m1, so they swap alone (the paper's case).
                     "e0 pt | step f1 g t2 r2 t3 | step t1 g f2 f3 r3 | step t1 g f2 t3",
                     // d2: t2 r2 and f2 both lead to d3, where the exchange ends.
                     "e0 pt | step t1 g f2 t3 | step f1 g t2 r2 f3 r3 | step t1 g f2 t3",
                     // d3: t3 and f3 r3 meet again only at the loop head.
                     "e0 pt | step t1 g t2 r2 f3 r3 | step f1 g f2 t3 | step t1 g f2 t3",
                     "e0 pt | step t1 g t2 r2 t3 | step t1 g f2 f3 r3 | step f1 g f2 t3",
                     // Not involving the failing iteration, but before the conflict.
                     "e0 pt | step t1 g f2 t3 | step f1 g f2 f3 r3 | step t1 g t2 r2 t3",
                 });
  // Left out: f3 (iteration 1) with t3 (iteration 2) changes nothing before the conflict.
  for (const auto& p : plans) CHECK(transitionsOf(p) == transitionsOf(path));

  CHECK(f.rewrite("permute-edges", path, conflict, f.allTransitions(), {{"max_plans", std::int64_t{2}}}) ==
        std::vector<std::string>(plans.begin(), plans.begin() + 2));
}

TEST_CASE("permute-edges: a conflict in the last iteration puts its exchanges first") {
  const Fixture f("heuristics-diamonds.cfg");
  const std::string path = "e0 pt | step t1 g t2 r2 t3 | step f1 g f2 f3 r3 | step t1 g f2 t3";
  const auto plans = f.rewrite("permute-edges", path, f.conflictAt(path, 2, "t3"), f.allTransitions());
  CHECK(plans == std::vector<std::string>{
                     "e0 pt | step t1 g f2 t3 | step f1 g f2 f3 r3 | step t1 g t2 r2 t3",
                     "e0 pt | step t1 g t2 r2 t3 | step t1 g f2 f3 r3 | step f1 g f2 t3",
                     "e0 pt | step t1 g t2 r2 t3 | step f1 g f2 t3 | step t1 g f2 f3 r3",
                     "e0 pt | step f1 g t2 r2 t3 | step t1 g f2 f3 r3 | step t1 g f2 t3",
                     "e0 pt | step t1 g f2 t3 | step f1 g t2 r2 f3 r3 | step t1 g f2 t3",
                     "e0 pt | step t1 g t2 r2 f3 r3 | step f1 g f2 t3 | step t1 g f2 t3",
                 });
}

TEST_CASE("permute-edges: nothing to exchange") {
  const Fixture f("heuristics-diamonds.cfg");
  const std::string path = "e0 pf | step t1 g t2 r2 t3 | step f1 g f2 f3 r3";
  // A conflict in the initial part: its decision is taken once, so no exchange reaches it.
  CHECK(f.rewrite("permute-edges", path, f.conflictAt(path, std::nullopt, "pf"), f.allTransitions()).empty());
  // Identical iterations make the same choices everywhere.
  const std::string same = "e0 pt | step t1 g f2 t3 | step t1 g f2 t3";
  CHECK(f.rewrite("permute-edges", same, f.conflictAt(same, 1, "t1"), f.allTransitions()).empty());
  // A single iteration; and a path that is not infeasible at all.
  CHECK(f.rewrite("permute-edges", "e0 pt | step t1 g f2 t3", 3, f.allTransitions()).empty());
  CHECK(f.rewrite("permute-edges", path, 14, f.allTransitions()).empty());
}

TEST_CASE("permute-edges: a location shared by the initial part and the body exchanges too") {
  const Fixture f("heuristics-shared.cfg");
  const std::string path = "e0 sf cb | step st | step st";
  CHECK(f.rewrite("permute-edges", path, f.conflictAt(path, std::nullopt, "sf"), f.allTransitions()) ==
        std::vector<std::string>{"e0 st | step sf cb | step st", "e0 st | step st | step sf cb"});
}

TEST_CASE("permute-edges: two choices at the loop head are exchanged, but not whole iterations") {
  // The loop head reads inputs three ways: in1 and in2 lead to a, in3 to b.
  const Fixture f(std::vector<Fixture::Edge>{{"in1", "h", "a", true},
                                             {"in2", "h", "a", true},
                                             {"in3", "h", "b", true},
                                             {"x", "a", "h", false},
                                             {"y", "b", "h", false}});
  const std::string path = "| in1 x | in2 x | in3 y";
  // in3 against in1 or in2 would swap whole iterations: that is permute-paths' work.
  CHECK(f.rewrite("permute-edges", path, f.conflictAt(path, 2, "in3"), f.allTransitions()) ==
        std::vector<std::string>{" | in2 x | in1 x | in3 y"});
}

TEST_CASE("permute-edges: options") {
  const Fixture f("heuristics-diamonds.cfg");
  CHECK(f.optionError("permute-edges", {{"max_plans", std::int64_t{0}}}) ==
        "run.toml:7:3: error: heuristic plugin 'permute-edges': option 'max_plans': must be at least 1, found 0\n"
        "  hint: use a positive number such as 16, or leave the heuristic out of [[heuristics]]");
  CHECK(f.optionError("permute-edges", {{"max_plans", std::int64_t{-3}}}).find("found -3") != std::string::npos);
  CHECK(f.optionError("permute-edges", {}) == "<no error>");
}

TEST_CASE("path heuristics refuse a path that is not a whole path of the model") {
  const Fixture f("heuristics-diamonds.cfg");
  for (const char* h : {"permute-edges", "permute-paths", "break-sequence"}) {
    CAPTURE(h);
    const auto made = f.make(h);
    const auto& heuristic = dynamic_cast<const PathHeuristic&>(*made);
    const std::vector<TransitionId> targets = f.allTransitions();
    const SyntacticPath cut = f.path("e0 pt | step t1 g t2 r2 t3 | step f1 g");
    const std::string expected = "error: heuristic '" + std::string(h) +
                                 "' was given a path that is not a whole path of the model: iteration 1 does not end "
                                 "at the loop head\n  hint: this is a bug in the strategy: a failure names a planned "
                                 "path (initial part, whole iterations)";
    try {
      (void)heuristic.rewrite(PathFailure{f.core(), cut, 9, targets, 0});
      FAIL("no error");
    } catch (const Error& e) {
      CHECK(std::string(e.what()) == expected);
    }
    const SyntacticPath broken = f.path("e0 pt | step g t2 r2 t3");
    CHECK_THROWS_WITH_AS((void)heuristic.rewrite(PathFailure{f.core(), broken, 3, targets, 0}),
                         doctest::Contains("iteration 0 is not connected at its transition 1"), Error);
  }
}

// ---------------------------------------------------------------------------------------------
// permute-paths

TEST_CASE("permute-paths failing-first: the failing iteration moved earlier, then lexicographic") {
  const Fixture f("heuristics-diamonds.cfg");
  const std::string path = seq({A, B, C, D});
  const std::size_t conflict = f.conflictAt(path, 2, "f3");
  const auto plans = f.rewrite("permute-paths", path, conflict, f.allTransitions(), {{"max_permutations", std::int64_t{6}}});
  CHECK(plans == std::vector<std::string>{
                     seq({C, A, B, D}),  // rotated to the front
                     seq({A, C, B, D}),  // swapped with each earlier one, the nearest first
                     seq({C, B, A, D}),
                     seq({A, B, D, C}),  // then lexicographic, without repeats
                     seq({A, C, D, B}),
                     seq({A, D, B, C}),
                 });
  // The default: every other order but none keeping A B C in front (the unsatisfiable prefix).
  const auto all = f.rewrite("permute-paths", path, conflict, f.allTransitions());
  CHECK(all.size() == 23);
  CHECK(std::vector<std::string>(all.begin(), all.begin() + 6) == plans);
  for (const auto& p : all) CHECK(transitionsOf(p) == transitionsOf(path));
}

TEST_CASE("permute-paths lexicographic: skips every order that repeats the unsatisfiable prefix") {
  const Fixture f("heuristics-diamonds.cfg");
  const std::string path = seq({A, B, C, D});
  CHECK(f.rewrite("permute-paths", path, f.conflictAt(path, 2, "f3"), f.allTransitions(),
                  {{"order", std::string("lexicographic")}, {"max_permutations", std::int64_t{4}}}) ==
        std::vector<std::string>{seq({A, B, D, C}), seq({A, C, B, D}), seq({A, C, D, B}), seq({A, D, B, C})});
  // Failing at f1 in B: D starts with `step f1` too, so A D ... fails at the same place.
  CHECK(f.rewrite("permute-paths", path, f.conflictAt(path, 1, "f1"), f.allTransitions(),
                  {{"order", std::string("lexicographic")}, {"max_permutations", std::int64_t{3}}}) ==
        std::vector<std::string>{seq({A, C, B, D}), seq({A, C, D, B}), seq({B, A, C, D})});
}

TEST_CASE("permute-paths: identical iterations give each order once") {
  const Fixture f("heuristics-diamonds.cfg");
  const std::string path = seq({A, B, A});
  CHECK(f.rewrite("permute-paths", path, f.conflictAt(path, 1, "f1"), f.allTransitions()) ==
        std::vector<std::string>{seq({B, A, A}), seq({A, A, B})});
  const std::string same = seq({B, B, B});
  CHECK(f.rewrite("permute-paths", same, f.conflictAt(same, 2, "t3"), f.allTransitions()).empty());
}

TEST_CASE("permute-paths: nothing to permute") {
  const Fixture f("heuristics-diamonds.cfg");
  const std::string path = seq({A, B, C});
  CHECK(f.rewrite("permute-paths", path, f.conflictAt(path, std::nullopt, "pt"), f.allTransitions()).empty());
  CHECK(f.rewrite("permute-paths", seq({A}), 4, f.allTransitions()).empty());
  CHECK(f.rewrite("permute-paths", path, 19, f.allTransitions()).empty());  // not infeasible
}

TEST_CASE("permute-paths random: seeded, reproducible, distinct, and never the failed path") {
  const Fixture f("heuristics-diamonds.cfg");
  const std::string path = seq({A, B, C, D});
  const std::size_t conflict = f.conflictAt(path, 2, "f3");
  auto run = [&](std::int64_t max, std::uint64_t seed) {
    return f.rewrite("permute-paths", path, conflict, f.allTransitions(),
                     {{"order", std::string("random")}, {"max_permutations", max}}, seed);
  };
  const auto first = run(24, 1);
  CHECK(first == run(24, 1));
  CHECK(first.size() == 23);  // every useful order of four iterations is drawn
  for (const auto& p : first) CHECK(transitionsOf(p) == transitionsOf(path));
  CHECK(std::find(first.begin(), first.end(), path) == first.end());
  const auto five = run(5, 1);
  CHECK(five == std::vector<std::string>(first.begin(), first.begin() + 5));
  CHECK(five != run(5, 2));
  // The mapping from the generator is our own, so this is the order on every platform.
  CHECK(std::vector<std::string>(five.begin(), five.begin() + 3) ==
        std::vector<std::string>{seq({B, C, D, A}), seq({D, B, A, C}), seq({D, B, C, A})});
}

TEST_CASE("permute-paths: options") {
  const Fixture f("heuristics-diamonds.cfg");
  CHECK(f.optionError("permute-paths", {{"max_permutations", std::int64_t{0}}}) ==
        "run.toml:7:3: error: heuristic plugin 'permute-paths': option 'max_permutations': must be at least 1, found 0\n"
        "  hint: use a positive number such as 24, or leave the heuristic out of [[heuristics]]");
  CHECK(f.optionError("permute-paths", {{"order", std::string("lexicographical")}}) ==
        "run.toml:7:3: error: heuristic plugin 'permute-paths': option 'order': unknown value \"lexicographical\"; "
        "did you mean 'lexicographic'?\n"
        "  hint: use one of \"failing-first\", \"lexicographic\", \"random\"");
  CHECK(f.optionError("permute-paths", {{"order", std::string("Random")}}).find("unknown value \"Random\"") !=
        std::string::npos);
}

// ---------------------------------------------------------------------------------------------
// break-sequence

TEST_CASE("break-sequence at-conflict: before the failing iteration and from it, then every iteration") {
  const Fixture f("heuristics-diamonds.cfg");
  const std::string path = seq({A, B, C, D});
  const std::size_t conflict = f.conflictAt(path, 2, "f3");
  const std::string halves = seq({A, B}) + " || " + seq({C, D});
  const std::string each = seq({A}) + " || " + seq({B}) + " || " + seq({C}) + " || " + seq({D});
  CHECK(f.rewrite("break-sequence", path, conflict, f.allTransitions()) == std::vector<std::string>{halves, each});
  CHECK(f.rewrite("break-sequence", path, conflict, f.allTransitions(), {{"max_sequences", std::int64_t{3}}}) ==
        std::vector<std::string>{halves});
  CHECK(f.rewrite("break-sequence", path, conflict, f.allTransitions(), {{"max_sequences", std::int64_t{1}}}).empty());
  CHECK(f.rewrite("break-sequence", path, conflict, f.allTransitions(), {{"split", std::string("every-iteration")}}) ==
        std::vector<std::string>{each});
  // Two iterations: both splits are the same plan, given once.
  const std::string two = seq({A, B});
  CHECK(f.rewrite("break-sequence", two, f.conflictAt(two, 1, "f1"), f.allTransitions()) ==
        std::vector<std::string>{seq({A}) + " || " + seq({B})});
}

TEST_CASE("break-sequence: sequences without a target of their own, and repeats, are left out") {
  const Fixture f("heuristics-diamonds.cfg");
  const std::string path = seq({A, B, C, D});
  const std::size_t conflict = f.conflictAt(path, 2, "f3");
  // Only A and D take t2, r2: B and C would be runs that test nothing.
  CHECK(f.rewrite("break-sequence", path, conflict, f.targets({"t2", "r2"})) ==
        std::vector<std::string>{seq({A, B}) + " || " + seq({C, D}), seq({A}) + " || " + seq({D})});
  // Only C and D take f3, r3: the first run would test nothing, so the rest runs alone.
  CHECK(f.rewrite("break-sequence", path, conflict, f.targets({"f3", "r3"})) ==
        std::vector<std::string>{seq({C, D}), seq({C}) + " || " + seq({D})});
  // The initial part's targets are taken by every run; they keep no run.
  CHECK(f.rewrite("break-sequence", path, conflict, f.targets({"e0", "pt"})).empty());
  // A repeated iteration is one run.
  const std::string again = seq({A, B, A});
  CHECK(f.rewrite("break-sequence", again, f.conflictAt(again, 1, "f1"), f.allTransitions()) ==
        std::vector<std::string>{seq({A}) + " || " + seq({B, A}), seq({A}) + " || " + seq({B})});
}

TEST_CASE("break-sequence: no plan where every run would repeat the unsatisfiable prefix") {
  const Fixture f("heuristics-diamonds.cfg");
  const std::string path = seq({A, B, C});
  // In the initial part, every run takes it.
  CHECK(f.rewrite("break-sequence", path, f.conflictAt(path, std::nullopt, "pt"), f.allTransitions()).empty());
  // In the first iteration: the run holding it starts like the failed path.
  CHECK(f.rewrite("break-sequence", path, f.conflictAt(path, 0, "t2"), f.allTransitions()).empty());
  CHECK(f.rewrite("break-sequence", path, f.conflictAt(path, 0, "t2"), f.allTransitions(),
                  {{"split", std::string("every-iteration")}})
            .empty());
  // Identical iterations: the second half starts like the failed path, so only the split into
  // single iterations is left, and those are one run, shorter than the unsatisfiable prefix.
  const std::string same = seq({B, B, B, B});
  CHECK(f.rewrite("break-sequence", same, f.conflictAt(same, 1, "g"), f.allTransitions()) ==
        std::vector<std::string>{seq({B})});
  CHECK(f.rewrite("break-sequence", path, 19, f.allTransitions()).empty());  // not infeasible
}

TEST_CASE("break-sequence: options") {
  const Fixture f("heuristics-diamonds.cfg");
  CHECK(f.optionError("break-sequence", {{"max_sequences", std::int64_t{0}}}) ==
        "run.toml:7:3: error: heuristic plugin 'break-sequence': option 'max_sequences': must be at least 1, found 0\n"
        "  hint: use a positive number such as 8, or leave the heuristic out of [[heuristics]]");
  CHECK(f.optionError("break-sequence", {{"split", std::string("every_iteration")}}) ==
        "run.toml:7:3: error: heuristic plugin 'break-sequence': option 'split': unknown value \"every_iteration\"; "
        "did you mean 'every-iteration'?\n"
        "  hint: use \"at-conflict\" or \"every-iteration\"");
}

TEST_CASE("path heuristics: descriptors and option defaults") {
  Registry r;
  for (const char* h : {"break-sequence", "permute-edges", "permute-paths"})
    r.loadFile(Registry::defaultPluginDir() / ("symseq-heuristic-" + std::string(h) + ".so"));
  CHECK(r.names(PluginKind::Heuristic) == std::vector<std::string>{"break-sequence", "permute-edges", "permute-paths"});
  auto defaults = [&](const char* h) {
    std::string out;
    for (const OptionInfo& o : r.info(PluginKind::Heuristic, h).options) out += o.name + "=" + o.defaultValue + " ";
    return out;
  };
  CHECK(defaults("permute-edges") == "max_plans=16 ");
  CHECK(defaults("permute-paths") == "max_permutations=24 order=\"failing-first\" ");
  CHECK(defaults("break-sequence") == "split=\"at-conflict\" max_sequences=8 ");
  for (const PluginInfo& info : r.list()) CHECK_FALSE(info.summary.empty());
}

// ---------------------------------------------------------------------------------------------
// all three

TEST_CASE("path heuristics: on seeded random failures, plans are whole, cover, and avoid the failed prefix") {
  const Fixture f("heuristics-diamonds.cfg");
  const std::vector<std::pair<std::string, std::map<std::string, OptionValue>>> configs{
      {"permute-edges", {}},
      {"permute-paths", {}},
      {"permute-paths", {{"order", std::string("lexicographic")}}},
      {"permute-paths", {{"order", std::string("random")}, {"max_permutations", std::int64_t{10}}}},
      {"break-sequence", {}},
      {"break-sequence", {{"split", std::string("every-iteration")}, {"max_sequences", std::int64_t{3}}}},
  };
  std::mt19937 rng(20240611);  // its output is fixed by the standard; `%` keeps the cases so too
  for (int round = 0; round < 120; ++round) {
    std::string path = I;
    const std::size_t n = 1 + rng() % 5;
    for (std::size_t i = 0; i < n; ++i)
      path += std::string(" | step ") + (rng() % 2 ? "t1" : "f1") + " g " + (rng() % 2 ? "t2 r2" : "f2") + " " +
              (rng() % 2 ? "t3" : "f3 r3");
    const std::vector<std::string> flat = wordsOf(path);
    const std::size_t feasible = rng() % (flat.size() + 1);
    std::vector<TransitionId> targets;
    for (TransitionId t : f.allTransitions())
      if (rng() % 2) targets.push_back(t);
    CAPTURE(path);
    CAPTURE(feasible);
    for (const auto& [name, options] : configs) {
      CAPTURE(name);
      const auto plans = f.rewrite(name, path, feasible, targets, options, static_cast<std::uint64_t>(round));
      if (feasible == flat.size()) CHECK(plans.empty());
      if (name != "break-sequence") {
        CHECK(plans.size() <= (name == "permute-edges" ? 16u : options.contains("max_permutations") ? 10u : 24u));
        for (const auto& p : plans) CHECK(transitionsOf(p) == transitionsOf(path));
      }
      for (const auto& p : plans) {
        const auto sequences = sequencesOf(p);
        if (name == "break-sequence") CHECK(sequences.size() <= (options.contains("max_sequences") ? 3u : 8u));
        for (const auto& sequence : sequences) {
          const std::vector<std::string> words = wordsOf(sequence);
          CHECK_FALSE((words.size() > feasible && std::equal(flat.begin(), flat.begin() + feasible + 1, words.begin())));
        }
      }
    }
  }
}
