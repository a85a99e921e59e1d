// Run files: parsing, defaults, paths, every error with its location, overrides, round trip.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <functional>

#include "ScratchDir.h"
#include "symseq/run/EffectiveConfig.h"
#include "symseq/run/LoadRunConfig.h"

using namespace symseq;
namespace fs = std::filesystem;

namespace {

const fs::path kPlugins = SYMSEQ_TEST_PLUGIN_DIR;
const fs::path kDir = symseq::test::scratchDir("run-config");

void loadStubs(Registry& r) {
  for (const char* f : {"test-stub-frontend.so", "test-stub-solver.so", "test-stub-strategy.so", "test-inv-depth.so",
                        "test-csv-summary.so"})
    r.loadFile(kPlugins / f);
}

fs::path writeRunFile(const std::string& text, const fs::path& name = "run.toml") {
  const fs::path file = kDir / name;
  fs::create_directories(file.parent_path());
  std::ofstream(file, std::ios::binary) << text;
  return file;
}

RunConfig load(const std::string& text, const std::vector<std::string>& overrides = {}) {
  Registry r;
  loadStubs(r);
  return loadRunConfig(writeRunFile(text), overrides, r);
}

// What the user would see, with the run file's directory shortened to "<dir>".
std::string errorOf(const std::string& text, const std::vector<std::string>& overrides = {}) {
  try {
    (void)load(text, overrides);
  } catch (const ConfigError& e) {
    std::string s = e.what();
    const std::string dir = kDir.string() + "/";
    for (std::size_t at; (at = s.find(dir)) != std::string::npos;) s.replace(at, dir.size(), "<dir>/");
    return s;
  }
  return "<no ConfigError>";
}

const std::string kMinimal = R"([model]
file = "models/m.cfg"
frontend = "stub"
[solver]
name = "stub"
[strategy]
name = "stub"
)";

}  // namespace

TEST_CASE("a complete run file is read with every value and relative paths resolved") {
  const RunConfig c = load(R"(seed = 42
plugin_dirs = []
[model]
file = "models/fig4.cfg"
frontend = "stub"
unroll = 5
include = ["a.h", "b.h"]
[solver]
name = "stub"
query_timeout_ms = 2500
log_smt2 = "queries.smt2"
threads = 4
[strategy]
name = "stub"
[[heuristics]]
name = "inv-depth"
weight = 3
[[heuristics]]
name = "inv-depth"
[targets]
names = ["e3", "e7"]
[budgets]
time_s = 1.5
solver_queries = 1000
depth = 12
[output]
dir = "../out"
formats = ["csv-summary"]
)");
  CHECK(c.seed == 42);
  CHECK(c.runFile == kDir / "run.toml");
  CHECK(c.model.file == kDir / "models" / "fig4.cfg");
  CHECK(c.model.fileWhere == SourceLocation{(kDir / "run.toml").string(), 4, 8});
  CHECK(c.model.frontend.name == "stub");
  CHECK(c.model.frontend.options.getInt("unroll") == 5);
  CHECK(c.model.frontend.options.getStringList("include") == std::vector<std::string>{"a.h", "b.h"});
  CHECK(c.model.frontend.options.getBool("strict") == false);        // default
  CHECK(c.model.frontend.options.getString("dialect") == "plain");   // default
  CHECK(c.model.frontend.options.location("unroll") == SourceLocation{(kDir / "run.toml").string(), 6, 10});
  CHECK_FALSE(c.model.frontend.options.location("strict").has_value());
  CHECK(c.solver.plugin.name == "stub");
  CHECK(c.solver.plugin.options.getInt("threads") == 4);
  CHECK(c.solver.queryTimeout == std::chrono::milliseconds(2500));
  CHECK(c.solver.logSmt2 == "queries.smt2");
  CHECK(c.strategy.options.getInt("restarts") == 0);
  REQUIRE(c.heuristics.size() == 2);
  CHECK(c.heuristics[0].options.getReal("weight") == 3.0);  // an integer is a number
  CHECK(c.heuristics[1].options.getReal("weight") == 1.0);
  CHECK(c.targets.selection == TargetSelection::Names);
  REQUIRE(c.targets.names.size() == 2);
  CHECK(c.targets.names[1].name == "e7");
  CHECK(c.targets.names[1].where == SourceLocation{(kDir / "run.toml").string(), 21, 16});
  CHECK(c.budgets.time == std::chrono::milliseconds(1500));
  CHECK(c.budgets.solverQueries == 1000);
  CHECK(c.budgets.depth == 12);
  CHECK(c.output.dir == kDir.parent_path() / "out");
  CHECK(c.output.formats == std::vector<std::string>{"csv-summary"});
}

TEST_CASE("defaults fill in everything optional") {
  const RunConfig c = load(kMinimal);
  CHECK(c.seed == 0);
  CHECK(c.pluginDirs.empty());
  CHECK(c.solver.queryTimeout == std::chrono::milliseconds(10'000));
  CHECK(c.solver.logSmt2.empty());
  CHECK(c.solver.plugin.options.getInt("threads") == 1);
  CHECK(c.heuristics.empty());
  CHECK(c.targets.selection == TargetSelection::Model);
  CHECK(c.budgets.time == std::chrono::milliseconds(60'000));
  CHECK(c.budgets.solverQueries == 1'000'000);
  CHECK(c.budgets.depth == 64);
  CHECK(c.output.dir == kDir / "out");
  CHECK(c.output.formats == std::vector<std::string>{"json", "text"});
}

TEST_CASE("syntax errors are reported at their line and column") {
  CHECK(errorOf("seed = 42\n[model\nfile = 1\n") ==
        "<dir>/run.toml:2:7: error: Error while parsing table header: expected ']', saw '\\n'\n"
        "  hint: the run file is not valid TOML (https://toml.io)");
}

TEST_CASE("unknown keys and sections are errors with a did-you-mean") {
  CHECK(errorOf("sed = 1\n" + kMinimal) ==
        "<dir>/run.toml:1:1: error: unknown key 'sed'; did you mean 'seed'?\n"
        "  hint: valid top-level keys and sections: seed, plugin_dirs, model, solver, strategy, searcher, heuristics, "
        "targets, assume, externals, budgets, output");
  CHECK(errorOf(kMinimal + "[modl]\nx = 1\n") ==
        "<dir>/run.toml:8:2: error: unknown section [modl]; did you mean 'model'?\n"
        "  hint: valid top-level keys and sections: seed, plugin_dirs, model, solver, strategy, searcher, heuristics, "
        "targets, assume, externals, budgets, output");
  CHECK(errorOf(kMinimal + "[budgets]\ndeph = 3\n") ==
        "<dir>/run.toml:9:1: error: unknown key 'deph' in [budgets]; did you mean 'depth'?\n"
        "  hint: valid keys in [budgets]: time_s, solver_queries, depth");
  // Plugin sections know the kernel's keys and the plugin's declared options.
  CHECK(errorOf(kMinimal + "query_timout_ms = 5\n") ==
        "<dir>/run.toml:8:1: error: unknown key 'query_timout_ms' in [strategy]\n"
        "  hint: valid keys in [strategy]: name, restarts, lie");
  CHECK(errorOf("[solver]\nname = \"stub\"\nthread = 2\n[model]\nfile = \"m\"\nfrontend = \"stub\"\n") ==
        "<dir>/run.toml:3:1: error: unknown key 'thread' in [solver]; did you mean 'threads'?\n"
        "  hint: valid keys in [solver]: name, query_timeout_ms, log_smt2, layers, validate_with, portfolio, threads");
  CHECK(errorOf(kMinimal + "[[heuristics]]\nname = \"inv-depth\"\nwieght = 2.0\n") ==
        "<dir>/run.toml:10:1: error: unknown key 'wieght' in [heuristics.0]; did you mean 'weight'?\n"
        "  hint: valid keys in [heuristics.0]: name, weight");
}

TEST_CASE("wrong types name the expected type at the value") {
  CHECK(errorOf("seed = \"42\"\n" + kMinimal) ==
        "<dir>/run.toml:1:8: error: wrong type for 'seed': expected an integer, found a string");
  CHECK(errorOf(kMinimal + "[[heuristics]]\nname = \"inv-depth\"\nweight = \"high\"\n") ==
        "<dir>/run.toml:10:10: error: wrong type for 'heuristics.0.weight': expected a number, found a string");
  CHECK(errorOf("model = 3\n") ==
        "<dir>/run.toml:1:9: error: wrong type for 'model': expected a table (a [model] section), found an "
        "integer");
  CHECK(errorOf(kMinimal + "[output]\nformats = [\"json\", 1]\n") ==
        "<dir>/run.toml:9:20: error: wrong type for an element of 'output.formats': expected a string, found an "
        "integer");
  CHECK(errorOf(kMinimal + "[budgets]\ndepth = 0\n") ==
        "<dir>/run.toml:9:9: error: invalid value for 'budgets.depth': must be between 1 and 4294967295, found 0");
}

TEST_CASE("missing required keys name the section and the key") {
  CHECK(errorOf("[model]\nfrontend = \"stub\"\n[solver]\nname = \"stub\"\n[strategy]\nname = \"stub\"\n") ==
        "<dir>/run.toml:1:1: error: missing required key 'file' in section [model]\n"
        "  hint: add it to the run file, or give it with --set model.file=...");
  CHECK(errorOf("[model]\nfile = \"m\"\nfrontend = \"stub\"\n[solver]\nname = \"stub\"\n") ==
        "<dir>/run.toml:1:1: error: missing section [strategy] with its required key 'name'\n"
        "  hint: add a [strategy] section with name = \"...\" to the run file, or give it with --set strategy.name=...");
}

TEST_CASE("an unknown plugin name is reported at the name with a did-you-mean") {
  CHECK(errorOf("[model]\nfile = \"m\"\nfrontend = \"stub\"\n[solver]\nname = \"stu\"\n") ==
        "<dir>/run.toml:5:8: error: no solver plugin named 'stu'; did you mean 'stub'?\n"
        "  hint: available solver plugins: stub");
}

TEST_CASE("an output format is a writer plugin, checked at its place in the list with a did-you-mean") {
  CHECK(errorOf(kMinimal + "[output]\nformats = [\"csv-summary\", \"csv-sumary\"]\n") ==
        "<dir>/run.toml:9:27: error: unknown output format 'csv-sumary' in 'output.formats'; did you mean "
        "'csv-summary'?\n"
        "  hint: output formats are writer plugins: csv-summary");
  CHECK(errorOf(kMinimal, {"output.formats=[\"json\"]"}) ==
        "<command line>:1:17: error: unknown output format 'json' in 'output.formats'\n"
        "  hint: output formats are writer plugins: csv-summary");
  CHECK(errorOf(kMinimal + "[output]\nformats = [\"csv-summary\", \"csv-summary\"]\n") ==
        "<dir>/run.toml:9:27: error: output format 'csv-summary' is listed twice in 'output.formats'");
  // The defaults (json, text) are made, and refused when missing, by the run itself.
  CHECK(load(kMinimal).output.formats == std::vector<std::string>{"json", "text"});
}

TEST_CASE("--set overrides keys, array elements and adds sections") {
  const RunConfig c = load(kMinimal, {"seed=7", "budgets.depth=9", "heuristics.0.name=inv-depth",
                                      "heuristics.0.weight=2.5", "output.dir=elsewhere", "targets.names=[\"t1\"]"});
  CHECK(c.seed == 7);
  CHECK(c.budgets.depth == 9);
  REQUIRE(c.heuristics.size() == 1);
  CHECK(c.heuristics[0].options.getReal("weight") == 2.5);
  CHECK(c.heuristics[0].options.location("weight") == SourceLocation{"<command line>", 4, 21});
  CHECK(c.output.dir == kDir / "elsewhere");  // a bare string; relative to the run file
  REQUIRE(c.targets.names.size() == 1);
  CHECK(c.targets.names[0].where == SourceLocation{"<command line>", 6, 16});
}

TEST_CASE("--set errors point at the command line") {
  CHECK(errorOf(kMinimal, {"solver.name=stup"}) ==
        "<command line>:1:13: error: no solver plugin named 'stup'; did you mean 'stub'?\n"
        "  hint: available solver plugins: stub");
  CHECK(errorOf(kMinimal, {"seed=1", "solver.query_timeout=3"}) ==
        "<command line>:2:8: error: unknown key 'query_timeout' in [solver]; did you mean 'query_timeout_ms'?\n"
        "  hint: valid keys in [solver]: name, query_timeout_ms, log_smt2, layers, validate_with, portfolio, threads");
  CHECK(errorOf(kMinimal, {"budgets.depth=deep"}) ==
        "<command line>:1:15: error: wrong type for 'budgets.depth': expected an integer, found a string");
  CHECK(errorOf(kMinimal, {"seed"}) ==
        "<command line>:1:1: error: --set expects key=value, got 'seed'\n"
        "  hint: e.g. --set solver.name=cvc5 or --set budgets.depth=32");
  CHECK(errorOf(kMinimal, {"heuristics.3.name=x"}) == "<command line>:1:12: error: 'heuristics' has 0 elements; '3' "
                                                      "is not an index from 0 to 0");
  CHECK(errorOf(kMinimal, {"seed=1", "seed.x=1"}) ==
        "<command line>:2:6: error: 'seed' is an integer, not a section, so 'seed.x' cannot be set");
  CHECK(errorOf(kMinimal, {"heuristics.-1.name=x"}) ==
        "<command line>:1:12: error: '-1' is not an index: the elements of 'heuristics' count from 0\n"
        "  hint: write heuristics.0 for the first, or the current count to append one");
  // A section --set makes is located there: its wrong type is not blamed on the run file.
  CHECK(errorOf(kMinimal, {"seed=1", "heuristics.first.name=x"}) ==
        "<command line>:2:1: error: wrong type for 'heuristics': expected an array of tables ([[heuristics]] "
        "sections), found a table");
}

TEST_CASE("--set: a value that is broken TOML is an error, a bare word is a string") {
  CHECK(errorOf(kMinimal, {"seed=1", "output.dir=\"abc"}) ==
        "<command line>:2:12: error: --set #2 'output.dir=\"abc': the value is not valid TOML: Error while parsing "
        "string: encountered end-of-file\n"
        "  hint: write a string in double quotes (in the shell: --set 'output.dir=\"out\"'), an array as [\"a\", "
        "\"b\"], a table as {name = \"x\"}; a bare word without quotes, brackets or braces is taken as a string");
  for (const char* broken : {"output.formats=[\"json\"", "strategy={name=\"stub\"", "output.dir=ab\"c", "output.dir='abc"}) {
    CAPTURE(broken);
    CHECK(errorOf(kMinimal, {broken}).find("is not valid TOML") != std::string::npos);
  }
  // Bare words as users and docs write them: names, paths, words with '=' or '#'.
  const RunConfig c = load(kMinimal, {"solver.name=stub", "output.dir=/tmp/symseq out#1=x"});
  CHECK(c.solver.plugin.name == "stub");
  CHECK(c.output.dir == "/tmp/symseq out#1=x");
  CHECK(load(kMinimal, {"output.dir=it's"}).output.dir == kDir / "it's");
}

TEST_CASE("the effective configuration reads back as an equal configuration") {
  const RunConfig original = load(kMinimal + R"(
[[heuristics]]
name = "inv-depth"
weight = 0.1
[targets]
names = ["a", "b \"quoted\""]
data = true
[budgets]
time_s = 2.25
[output]
formats = ["csv-summary"]
)",
                                  {"seed=99"});
  Registry r;
  loadStubs(r);
  const std::string text = effectiveConfigText(original, r);
  CHECK(text.find("# heuristic plugin 'inv-depth' 1.0, ") != std::string::npos);
  CHECK(text.find(std::string("build ") + kBuildId) != std::string::npos);
  // Read from somewhere else entirely: every path in it is absolute.
  RunDocument doc = RunDocument::parseText(text, kDir / "elsewhere" / "effective-run.toml");
  const RunConfig again = resolveRunConfig(doc, r);
  CHECK(again == original);
  // Identical apart from the second line, which names the file it was read from.
  const auto body = [](const std::string& t) { return t.substr(t.find('\n', t.find('\n') + 1)); };
  CHECK(body(effectiveConfigText(again, r)) == body(text));

  RunConfig changed = original;
  changed.heuristics[0].options.set("weight", 0.2);
  CHECK_FALSE(changed == original);
  RunConfig withoutData = original;
  withoutData.targets.data = false;
  CHECK_FALSE(withoutData == original);
}

TEST_CASE("the effective configuration is written atomically into the output directory") {
  RunConfig c = load(kMinimal);
  c.output.dir = kDir / "effective-out";
  fs::remove_all(c.output.dir);
  fs::create_directories(c.output.dir);
  Registry r;
  loadStubs(r);
  const fs::path written = writeEffectiveConfig(c, r);
  CHECK(written == c.output.dir / "effective-run.toml");
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(c.output.dir)) files.push_back(e.path().filename());
  CHECK(files == std::vector<fs::path>{"effective-run.toml"});  // no temporary left behind
  RunConfig unwritable = c;
  unwritable.output = OutputConfig{kDir / "missing-dir", {}};
  CHECK_THROWS_AS(writeEffectiveConfig(unwritable, r), Error);
}
