// The run file's [assume] constraints: read with their place, resolved against the model's
// system parameters, joined to its axioms so that every path and replay honours them.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "ScratchDir.h"
#include "symseq/exec/Replay.h"
#include "symseq/expr/Parser.h"
#include "symseq/run/Assume.h"
#include "symseq/run/EffectiveConfig.h"
#include "symseq/run/LoadRunConfig.h"

using namespace symseq;
namespace fs = std::filesystem;

namespace {

const fs::path kPlugins = SYMSEQ_TEST_PLUGIN_DIR;
const fs::path kDir = symseq::test::scratchDir("assume");

void loadStubs(Registry& r) {
  for (const char* f : {"test-stub-frontend.so", "test-stub-solver.so", "test-stub-strategy.so"}) r.loadFile(kPlugins / f);
}

RunConfig load(const std::string& assume, Registry& r) {
  const fs::path file = kDir / "run.toml";
  fs::create_directories(kDir);
  std::ofstream(file, std::ios::binary) << "[model]\nfile = \"m.cfg\"\nfrontend = \"stub\"\n[solver]\nname = \"stub\"\n"
                                           "[strategy]\nname = \"stub\"\n[assume]\n"
                                        << assume;
  return loadRunConfig(file, {}, r);
}

// One location, one input transition `go` reading nothing; a Bool parameter `contact` and an
// Int parameter `level`, and a state variable `n`.
TransitionSystem variantModel(ExprContext& ctx) {
  TransitionSystem s(ctx);
  s.name = "variants";
  const LocationId l = s.addLocation("l");
  s.initial = l;
  VariableDecl contact{ctx.var("contact", Sort::boolean()), VariableRole::State, std::nullopt, std::nullopt, true};
  contact.parameter = true;
  VariableDecl level{ctx.var("level", Sort::integer()), VariableRole::State, std::nullopt, std::nullopt, true};
  level.parameter = true;
  s.variables = {contact, level, {ctx.var("n", Sort::integer()), VariableRole::State, ctx.constant(Value::integer(0)), std::nullopt}};
  s.channels.push_back({"go", ChannelDirection::Input, {}});
  s.transitions.push_back({"step", l, l, ctx.constant(Value::boolean(true)), {ActionKind::Input, 0, {}}, {}, std::nullopt});
  s.validate();
  return s;
}

std::string errorOf(const AssumeConfig& a, TransitionSystem& s) {
  try {
    (void)applyAssumptions(a, s);
  } catch (const Error& e) {
    return (e.location() ? e.location()->toString() + ": " : std::string()) + e.message();
  }
  return "<no error>";
}

}  // namespace

TEST_CASE("[assume] constraints are read with their place and written back to effective-run.toml") {
  Registry r;
  loadStubs(r);
  const RunConfig c = load("constraints = [\"contact == false\", \"level > 2\"]\n", r);
  REQUIRE(c.assume.constraints.size() == 2);
  CHECK(c.assume.constraints[1].text == "level > 2");
  REQUIRE(c.assume.constraints[1].where);
  CHECK(c.assume.constraints[1].where->line == 9);
  const std::string effective = effectiveConfigText(c, r);
  CHECK(effective.find("[assume]\nconstraints = [\"contact == false\", \"level > 2\"]") != std::string::npos);
}

TEST_CASE("[assume] constraints over system parameters join the model's axioms, and replay honours them") {
  ExprContext ctx;
  TransitionSystem s = variantModel(ctx);
  AssumeConfig a;
  a.constraints = {{"contact == false", SourceLocation{"run.toml", 3, 16}}, {"level > 2", std::nullopt}};
  const std::vector<Expr> assumed = applyAssumptions(a, s);
  REQUIRE(assumed.size() == 2);
  REQUIRE(s.axioms.size() == 2);
  CHECK(s.axioms[0] == assumed[0]);

  TestSequence t;
  t.initial.set(ctx.var("contact", Sort::boolean()), Value::boolean(false));
  t.initial.set(ctx.var("level", Sort::integer()), Value::integer(3));
  t.steps.push_back({0, {}, {}, std::nullopt});
  CHECK(replay(s, t).completed);
  t.initial.set(ctx.var("contact", Sort::boolean()), Value::boolean(true));  // the excluded variant
  CHECK_FALSE(replay(s, t).completed);
}

TEST_CASE("[assume] refuses state variables, unknown names and non-Boolean constraints at the run file's place") {
  ExprContext ctx;
  TransitionSystem s = variantModel(ctx);
  const auto at = [](std::string text) {
    AssumeConfig a;
    a.constraints = {{std::move(text), SourceLocation{"run.toml", 3, 16}}};
    return a;
  };
  CHECK(errorOf(at("n > 0"), s) == "run.toml:3:16: [assume] constrains system parameters only, but 'n' is not one");
  CHECK(errorOf(at("contct"), s).find("did you mean 'contact'") != std::string::npos);
  CHECK(errorOf(at("level + 1"), s).find("must be Boolean") != std::string::npos);
  CHECK(s.axioms.empty());
}
