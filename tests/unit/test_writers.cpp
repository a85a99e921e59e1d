// Writers are plugins: [output] formats names them, a writer from a plugin directory is used by a
// run, `symseq run` prints the file a writer marks as its console summary, and a writer that
// fails, or returns a file the run cannot write, leaves no result file behind.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "ScratchDir.h"
#include "symseq/plugin/PluginDescriptor.h"
#include "symseq/plugin/Registry.h"
#include "symseq/plugin/Writer.h"
#include "symseq/run/ExecuteRun.h"
#include "symseq/run/LoadRunConfig.h"

using namespace symseq;
namespace fs = std::filesystem;

namespace {

const fs::path kGm = fs::path(SYMSEQ_SOURCE_DIR) / "configs" / "gm.toml";

// A plugin folder with only the test writer: the test-plugin folder also holds broken plugins.
fs::path csvSummaryDir() {
  const fs::path dir = test::scratchDir("writers") / "plugins";
  fs::create_directories(dir);
  fs::copy_file(fs::path(SYMSEQ_TEST_PLUGIN_DIR) / "test-csv-summary.so", dir / "test-csv-summary.so",
                fs::copy_options::overwrite_existing);
  return dir;
}

std::string read(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::string> filesIn(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

struct Written {
  fs::path dir;
  RunSummary summary;
};

// configs/gm.toml with `formats` (TOML) into a fresh scratch folder `out`.
Written runGm(Registry& registry, const std::string& formats, const std::string& out,
              const std::vector<fs::path>& extraDirs = {}) {
  const fs::path dir = test::scratchDir("writers") / out;
  fs::remove_all(dir);
  const RunConfig config =
      loadRunConfig(kGm, {"output.dir=\"" + dir.string() + "\"", "output.formats=" + formats}, registry, extraDirs);
  return {dir, executeRun(config, registry)};
}

Registry& withDefaults(Registry& registry) {
  registry.loadDirectory(Registry::defaultPluginDir());
  return registry;
}

// Writers compiled into the test, each wrong in its own way.
class BadWriter final : public Writer {
 public:
  explicit BadWriter(std::string file) : file_(std::move(file)) {}
  std::vector<OutputFile> write(const WriterInput&) const override {
    if (file_.empty()) throw ConfigError("this run cannot be written", std::nullopt, "try another format");
    return {{"fine.txt", "written first\n"}, {file_, "clobbers\n"}};
  }

 private:
  std::string file_;
};

template <const char* File>
PluginPtr<Writer> makeBad(const Options&) {
  return makePluginPtr<BadWriter>(File);
}

constexpr char kThrows[] = "";
constexpr char kEscapes[] = "../escaped.txt";
constexpr char kClashes[] = "result.json";
constexpr char kReserved[] = "effective-run.toml";

template <const char* File>
PluginDescriptor badWriter(const char* name) {
  return PluginDescriptor{.kind = PluginKind::Writer, .name = name, .version = "0", .summary = "", .makeWriter = &makeBad<File>};
}

}  // namespace

TEST_CASE("writers: a writer plugin from a plugin directory is used by a run when formats names it") {
  Registry registry;
  const fs::path plugins = csvSummaryDir();
  withDefaults(registry).loadDirectory(plugins);
  const Written run = runGm(registry, R"(["json", "csv-summary"])", "csv", {plugins});
  CHECK(filesIn(run.dir) == std::vector<std::string>{"effective-run.toml", "result.json", "summary.csv"});
  // Its file says what result.json says, target by target.
  const auto result = nlohmann::json::parse(read(run.dir / "result.json"));
  std::string expected = "target,covered,reason\n";
  for (const auto& t : result["targets"])
    expected += t["name"].get<std::string>() + "," + (t["covered"].get<bool>() ? "true" : "false") + "," +
                t.value("reason", std::string()) + "\n";
  REQUIRE(result["targets"].size() >= 2);
  CHECK(read(run.dir / "summary.csv") == expected);
  // Neither file is marked as the console summary: the run prints its coverage and the files.
  CHECK(run.summary.text == "targets: " + std::to_string(result["covered"].get<int>()) + " of " +
                                std::to_string(result["targets"].size()) + " covered, confirmed by replay\nwritten to " +
                                run.dir.string() + ": effective-run.toml, result.json, summary.csv\n");

  // Without the plugin's folder the same run file is refused while it is read.
  Registry plain;
  withDefaults(plain);
  CHECK_THROWS_WITH_AS(runGm(plain, R"(["json", "csv-summary"])", "no-csv"),
                       doctest::Contains("unknown output format 'csv-summary' in 'output.formats'"), ConfigError);
  CHECK_FALSE(fs::exists(test::scratchDir("writers") / "no-csv"));
}

TEST_CASE("writers: symseq run prints the file a writer marks as the console summary (the text writer's table)") {
  Registry registry;
  const fs::path plugins = csvSummaryDir();
  withDefaults(registry).loadDirectory(plugins);
  const Written run = runGm(registry, R"(["csv-summary", "text", "dot", "tree"])", "text");
  // No tree: gm's strategy (symtest) builds none, so the tree writer returns no file.
  CHECK(filesIn(run.dir) == std::vector<std::string>{"effective-run.toml", "model.dot", "result.txt", "summary.csv"});
  CHECK(run.summary.text == read(run.dir / "result.txt"));
  CHECK(run.summary.text.starts_with("model gm (gm.cfg), strategy symtest, solver z3 "));
  CHECK(run.summary.replayed);
}

TEST_CASE("writers: the shipped formats are the writer plugins dot, graphs, gtest, json, pytest, text and tree, each its own shared object") {
  Registry registry;
  withDefaults(registry);
  CHECK(registry.names(PluginKind::Writer) ==
        std::vector<std::string>{"dot", "graphs", "gtest", "json", "pytest", "text", "tree"});
  for (const PluginInfo& info : registry.list())
    if (info.kind == PluginKind::Writer) CHECK(info.file.filename().string().starts_with("symseq-writer-"));
}

// Issue 15, item 8: what a test depends on and what a proof assumes are in the text outputs.
TEST_CASE("writers: result.txt shows a test's initial values and the depth bound behind infeasible-within-bound") {
  Registry registry;
  withDefaults(registry);
  const fs::path dir = test::scratchDir("writers") / "hides-nothing";
  fs::remove_all(dir);
  const fs::path configs = fs::path(SYMSEQ_SOURCE_DIR) / "configs";
  // vending-cw: the contract C_w makes add and serve infeasible within the tree's bounds.
  const RunSummary cw = executeRun(
      loadRunConfig(configs / "vending-cw.toml", {"output.dir=\"" + (dir / "cw").string() + "\"", "output.formats=[\"text\", \"json\"]"}, registry),
      registry);
  CHECK(cw.replayed);
  const std::string text = read(dir / "cw" / "result.txt");
  CHECK(text.find("initial values: m = 0, x = 0, p = 0\n") != std::string::npos);
  CHECK(text.find("  not covered: add (infeasible-within-bound; depth bound: 64 steps, height 5 transitions)\n") != std::string::npos);
  const nlohmann::json json = nlohmann::json::parse(read(dir / "cw" / "result.json"));
  CHECK(json["targets"][5]["name"] == "add");
  CHECK(json["targets"][5].value("detail", "") == "depth bound: 64 steps, height 5 transitions");
  CHECK(json["sequences"][0]["initial"] == nlohmann::json{{"m", 0}, {"x", 0}, {"p", 0}});
  // unreachable (symtest, [budgets] depth = 8): no height.
  const RunSummary unreachable = executeRun(
      loadRunConfig(configs / "unreachable.toml", {"output.dir=\"" + (dir / "u").string() + "\"", "output.formats=[\"text\"]"}, registry),
      registry);
  CHECK(unreachable.replayed);
  CHECK(read(dir / "u" / "result.txt").find("  not covered: never (infeasible-within-bound; depth bound: 8 steps)\n") != std::string::npos);
}

TEST_CASE("writers: model.dot labels each transition with its assignments") {
  Registry registry;
  withDefaults(registry);
  const fs::path dir = test::scratchDir("writers") / "dot-assignments";
  fs::remove_all(dir);
  const RunSummary run = executeRun(loadRunConfig(fs::path(SYMSEQ_SOURCE_DIR) / "configs" / "vending.toml",
                                                  {"output.dir=\"" + dir.string() + "\"", "output.formats=[\"dot\"]"}, registry),
                                    registry);
  CHECK(run.replayed);
  const std::string dot = read(dir / "model.dot");
  CHECK(dot.find("[label=\"coin\\nx := coin.v\\nm := m + x\"") != std::string::npos);
  CHECK(dot.find("[label=\"serve [") != std::string::npos);
  CHECK(dot.find("\\nm := 0\", color=darkgreen") != std::string::npos);
}

TEST_CASE("writers: a failing writer, or a file the run cannot write, leaves no result file behind") {
  const PluginDescriptor descriptors[] = {badWriter<kThrows>("throws"), badWriter<kEscapes>("escapes"),
                                          badWriter<kClashes>("clashes"), badWriter<kReserved>("reserved")};
  Registry registry;
  withDefaults(registry);
  for (const PluginDescriptor& d : descriptors) registry.addBuiltin(d);
  const std::pair<const char*, const char*> cases[] = {
      {"throws", "writer plugin 'throws': this run cannot be written"},
      {"escapes", "writer plugin 'escapes' returned the file name '../escaped.txt', which is not a plain file name"},
      {"clashes", "writer plugin 'clashes' returned 'result.json', which writer plugin 'json' also returned"},
      {"reserved", "writer plugin 'reserved' returned 'effective-run.toml', a file the run writes itself"},
  };
  for (const auto& [name, message] : cases) {
    CAPTURE(name);
    // The json writer comes first and succeeds: its file is not written either.
    CHECK_THROWS_WITH_AS(runGm(registry, std::string(R"(["json", ")") + name + "\"]", name), doctest::Contains(message),
                         PluginError);
    const fs::path dir = test::scratchDir("writers") / name;
    // The run wrote into a staging folder, removed on the failure: no output folder at all.
    CHECK_FALSE(fs::exists(dir));
    CHECK_FALSE(fs::exists(dir.parent_path() / "escaped.txt"));
  }
}

namespace {

// The hidden names beside `dir` that a run makes (".NAME.tmp-PID", ".NAME.old-PID"): left behind,
// they would be a failed run's remains.
std::vector<std::string> leftBeside(const fs::path& dir) {
  std::vector<std::string> left;
  for (const auto& e : fs::directory_iterator(dir.parent_path()))
    if (e.path().filename().string().starts_with("." + dir.filename().string() + ".")) left.push_back(e.path().filename().string());
  return left;
}

}  // namespace

TEST_CASE("writers: a run that fails while writing leaves the previous run's folder as it was") {
  const PluginDescriptor throws = badWriter<kThrows>("throws");
  Registry registry;
  withDefaults(registry);
  registry.addBuiltin(throws);
  const Written first = runGm(registry, R"(["json", "text"])", "kept");
  const std::vector<std::string> before = filesIn(first.dir);
  REQUIRE(before == std::vector<std::string>{"effective-run.toml", "result.json", "result.txt"});
  const std::string result = read(first.dir / "result.json");
  // The second run into the same folder: its json writer succeeds, then a writer fails (as a full
  // disk would, mid-write). Nothing of it may appear; the first run's files stay whole.
  const RunConfig config = loadRunConfig(
      kGm, {"output.dir=\"" + first.dir.string() + "\"", R"(output.formats=["json", "throws"])", "seed=7"}, registry);
  CHECK_THROWS_AS((void)executeRun(config, registry), PluginError);
  CHECK(filesIn(first.dir) == before);
  CHECK(read(first.dir / "result.json") == result);
  CHECK(read(first.dir / "effective-run.toml").find("seed = 0") != std::string::npos);
  CHECK(leftBeside(first.dir).empty());
  // A run that succeeds replaces the folder whole: the text writer's file of the first run goes.
  const RunConfig jsonOnly =
      loadRunConfig(kGm, {"output.dir=\"" + first.dir.string() + "\"", R"(output.formats=["json"])", "seed=7"}, registry);
  (void)executeRun(jsonOnly, registry);
  CHECK(filesIn(first.dir) == std::vector<std::string>{"effective-run.toml", "result.json"});
  CHECK(read(first.dir / "effective-run.toml").find("seed = 7") != std::string::npos);
  CHECK(leftBeside(first.dir).empty());
}

TEST_CASE("writers: an output folder symseq run did not write is refused, not replaced") {
  Registry registry;
  withDefaults(registry);
  const fs::path dir = test::scratchDir("writers") / "foreign";
  fs::remove_all(dir);
  fs::create_directories(dir / "notes");
  std::ofstream(dir / "notes" / "todo.txt") << "mine\n";
  const RunConfig config = loadRunConfig(kGm, {"output.dir=\"" + dir.string() + "\""}, registry);
  CHECK_THROWS_WITH_AS((void)executeRun(config, registry),
                       doctest::Contains("holds the folder 'notes', which symseq run does not write"), Error);
  CHECK(read(dir / "notes" / "todo.txt") == "mine\n");
  CHECK(leftBeside(dir).empty());
}
