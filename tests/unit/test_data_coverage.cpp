// Data coverage (`[targets] data = true`, run/DataCoverage.h): input transitions split per value of
// their enumerated parameters, so every value of every enumerated input is a target. On the shipped
// vending machine (configs/vending-machine.toml, the model of adapters/examples/vending), transition
// coverage never chooses chocolate (the drink the planted bug breaks), data coverage does and
// replay confirms it; on small models, the split's names, guards, products and declared targets.
#include <doctest/doctest.h>

#include <fstream>

#include "RunHelpers.h"
#include "symseq/exec/Replay.h"
#include "symseq/plugin/Frontend.h"
#include "symseq/run/DataCoverage.h"
#include "symseq/run/PluginOptions.h"

TEST_SUITE_BEGIN("integration");

using namespace symseq;
using symseq::test::covered;
using symseq::test::runInto;
using symseq::test::readJson;

namespace {

std::filesystem::path source(const std::string& relative) { return std::filesystem::path(SYMSEQ_SOURCE_DIR) / relative; }

// The input values of every step of every sequence of a result.json, as "channel.param=value".
std::vector<std::string> chosenValues(const nlohmann::json& result) {
  std::vector<std::string> out;
  for (const auto& s : result.at("sequences"))
    for (const auto& step : s.at("steps"))
      for (const auto& [name, value] : step.items()) out.push_back(name + "=" + value.dump());
  return out;
}

bool chooses(const nlohmann::json& result, const std::string& drink) {
  const std::vector<std::string> values = chosenValues(result);
  return std::find(values.begin(), values.end(), "choice.d=\"" + drink + "\"") != values.end();
}

// A model loaded by the iosts frontend from text, kept with its context.
struct Loaded {
  Registry registry;
  ExprContext ctx;
  std::optional<TransitionSystem> system;
  explicit Loaded(const std::string& text) {
    const std::filesystem::path dir = symseq::test::scratchDir("data-coverage-model");
    std::filesystem::create_directories(dir);
    const std::filesystem::path file = dir / "m.iosts";
    std::ofstream(file) << text;
    registry.loadDirectory(Registry::defaultPluginDir());
    system.emplace(registry.makeFrontend("iosts", defaultOptions(registry.info(PluginKind::Frontend, "iosts")))
                       ->load(file, ctx));
  }
};

std::vector<std::string> names(const TransitionSystem& system) {
  std::vector<std::string> out;
  for (const Transition& t : system.transitions) out.push_back(t.name);
  return out;
}

}  // namespace

TEST_CASE("data coverage: transition coverage of the vending machine never chooses chocolate, data coverage does") {
  const auto transitionsOnly = readJson(
      runInto(source("configs/vending-machine.toml"), {"targets.data=false"}, "vending-machine-transitions") /
      "result.json");
  CHECK(transitionsOnly.at("covered") == 6);
  CHECK(transitionsOnly.at("replayed") == true);
  CHECK(chooses(transitionsOnly, "tea"));
  CHECK_FALSE(chooses(transitionsOnly, "chocolate"));  // so the planted bug goes unfound

  const auto data = readJson(runInto(source("configs/vending-machine.toml"), {}, "vending-machine-data") / "result.json");
  std::vector<std::string> targets;
  for (const auto& t : data.at("targets")) targets.push_back(t.at("name"));
  CHECK(targets == std::vector<std::string>{"insert", "accept", "refuse", "choose#d=tea", "choose#d=coffee",
                                            "choose#d=chocolate", "short", "serve"});
  CHECK(data.at("covered") == 8);
  CHECK(covered(data, "choose#d=chocolate"));
  CHECK(data.at("replayed") == true);
  CHECK(data.at("replay_failures").empty());
  for (const char* drink : {"tea", "coffee", "chocolate"}) CHECK(chooses(data, drink));
  // Coverage of the model's transitions counts the variants as their origin.
  REQUIRE(data.contains("model_coverage"));
  CHECK(data.at("model_coverage").at("transitions").at("targets") == 6);
  CHECK(data.at("model_coverage").at("transitions").at("covered") == 6);
}

TEST_CASE("data coverage: an input with two enumerated parameters splits into their product, guarded by each value") {
  Loaded m(R"(model m
enum E { a, b }
enum F { x, y, z }
var e : E
var f : F
var n : int
input go(p : E, q : F, k : int)
input count(k : int)
state s
initial s
transition t : s -> s { go?(e, f, n) }
transition u : s -> s { count?n }
targets u, t
)");
  const TransitionSystem split = splitByInputValues(*m.system, std::nullopt);
  CHECK(names(split) == std::vector<std::string>{"t#p=a.q=x", "t#p=a.q=y", "t#p=a.q=z", "t#p=b.q=x", "t#p=b.q=y",
                                                 "t#p=b.q=z", "u"});
  for (TransitionId i = 0; i < 6; ++i) {
    CHECK(split.transitions[i].origin == "t");
    CHECK(split.transitions[i].variant.size() == 2);
  }
  CHECK(split.transitions[4].variant == std::vector<std::string>{"p=b", "q=y"});
  CHECK(split.transitions[6].origin.empty());
  // The model's `targets u, t`: u, then every variant of t.
  CHECK(split.declaredTargets == std::vector<TransitionId>{6, 0, 1, 2, 3, 4, 5});
  // Replay fires the variant the values select, and no other.
  TestSequence seq;
  TestStep step;
  ExprContext& ctx = split.context();
  step.inputs.set(ctx.var("go.p", Sort::integer()), Value::integer(1));
  step.inputs.set(ctx.var("go.q", Sort::integer()), Value::integer(2));
  step.inputs.set(ctx.var("go.k", Sort::integer()), Value::integer(7));
  seq.steps.push_back(step);
  const ReplayResult r = replay(split, seq);
  REQUIRE(r.completed);
  CHECK(r.covered == std::set<TransitionId>{5});
}

TEST_CASE("data coverage: a model without enumerated inputs is refused at the option") {
  Loaded m(R"(enum E { a, b }
var e : E
var n : int
input count(k : int)
output show(v : E)
state s
initial s
transition u : s -> s { count?n }
transition w : s -> s { show!e }
)");
  const SourceLocation where{"run.toml", 12, 8};
  CHECK_THROWS_WITH_AS((void)splitByInputValues(*m.system, where),
                       doctest::Contains("data coverage needs an input with a parameter of an enumerated sort, but "
                                         "model 'm' has none"),
                       ConfigError);
  try {
    (void)splitByInputValues(*m.system, where);
  } catch (const ConfigError& e) {
    CHECK(e.location() == where);
    CHECK(e.hint().find("remove 'data = true'") == 0);
  }
}
