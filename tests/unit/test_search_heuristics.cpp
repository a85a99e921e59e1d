// Searchers as plugins and the search heuristics after KLEE (md2u, covnew) on the keypad lock
// (configs/keypad.toml): the [searcher] section, its default and its refusal; each heuristic
// changes the order the tree is built in and covers every target in fewer states than bfs, with
// z3 and with cvc5 (configs/bench/search-heuristics.toml shows the same numbers).
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <sstream>

#include "RunHelpers.h"
#include "symseq/run/EffectiveConfig.h"

using namespace symseq;

namespace {

const std::filesystem::path kKeypad = std::filesystem::path(SYMSEQ_SOURCE_DIR) / "configs" / "keypad.toml";

std::string readFile(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

struct Outcome {
  nlohmann::json result;
  std::string tree;  // tree.json: the nodes in creation order, i.e. the order of expansion
};

Outcome run(std::vector<std::string> overrides, const std::string& out) {
  Registry registry;
  registry.loadDirectory(Registry::defaultPluginDir());
  const std::filesystem::path dir = test::scratchDir(out);
  overrides.push_back("output.dir=\"" + dir.string() + "\"");
  overrides.push_back("output.formats=[\"json\", \"tree\"]");
  (void)executeRun(loadRunConfig(kKeypad, overrides, registry), registry);
  return {nlohmann::json::parse(readFile(dir / "result.json")), readFile(dir / "tree.json")};
}

std::string errorText(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "<no error>";
}

}  // namespace

TEST_CASE("search heuristics: md2u and covnew change the order and cover the keypad in fewer states than bfs") {
  for (const std::string solver : {"z3", "cvc5"}) {
    CAPTURE(solver);
    const std::string s = "solver.name=" + solver;
    const Outcome bfs = run({s}, "keypad-bfs");
    REQUIRE(bfs.result["replayed"] == true);
    REQUIRE(bfs.result["covered"] == 13);
    const auto bfsStates = bfs.result["stats"]["states"].get<std::uint64_t>();
    // best-first without a search heuristic is breadth first: the same tree.
    const Outcome plain = run({s, "searcher.name=best-first"}, "keypad-best-first");
    CHECK(plain.tree == bfs.tree);
    for (const std::string heuristic : {"md2u", "covnew"}) {
      CAPTURE(heuristic);
      const Outcome h = run({s, "searcher.name=best-first", "heuristics.0.name=" + heuristic}, "keypad-" + heuristic);
      CHECK(h.result["replayed"] == true);
      CHECK(h.result["covered"] == 13);
      CHECK(h.tree != bfs.tree);  // another order of expansion
      CHECK(h.result["stats"]["states"].get<std::uint64_t>() < bfsStates);
    }
  }
}

TEST_CASE("search heuristics: the same run gives the same tree") {
  const Outcome a = run({"searcher.name=best-first", "heuristics.0.name=covnew", "heuristics.1.name=md2u"}, "keypad-a");
  const Outcome b = run({"searcher.name=best-first", "heuristics.0.name=covnew", "heuristics.1.name=md2u"}, "keypad-b");
  CHECK(a.tree == b.tree);
  CHECK(a.result["covered"] == 13);
}

TEST_CASE("searchers: without [searcher] the strategy's default is used and written to effective-run.toml") {
  Registry registry;
  registry.loadDirectory(Registry::defaultPluginDir());
  const std::filesystem::path file = test::scratchDir("no-searcher") / "run.toml";
  std::filesystem::create_directories(file.parent_path());
  std::string text = readFile(kKeypad);
  text.replace(text.find("[searcher]\nname = \"bfs\"\n"), std::string("[searcher]\nname = \"bfs\"\n").size(), "");
  text.replace(text.find("models/keypad.iosts"), std::string("models/keypad.iosts").size(),
               (kKeypad.parent_path() / "models" / "keypad.iosts").string());
  std::ofstream(file) << text;
  const RunConfig config = loadRunConfig(file, {}, registry);
  REQUIRE(config.searcher.has_value());
  CHECK(config.searcher->name == "bfs");
  CHECK(config.searcher->name == registry.info(PluginKind::Strategy, "tree").defaultSearcher);
  CHECK(effectiveConfigText(config, registry).find("\n[searcher]\n") != std::string::npos);
  // The searcher's families join the strategy's: md2u (search) only with best-first.
  CHECK_THROWS_AS((void)loadRunConfig(file, {"heuristics.0.name=md2u"}, registry), ConfigError);
  const RunConfig best = loadRunConfig(file, {"searcher.name=best-first", "heuristics.0.name=md2u"}, registry);
  CHECK(best.heuristics.size() == 1);
}

TEST_CASE("searchers: a [searcher] for a strategy that takes none is refused at the section, an unknown one by name") {
  Registry registry;
  registry.loadDirectory(Registry::defaultPluginDir());
  const std::filesystem::path configs = std::filesystem::path(SYMSEQ_SOURCE_DIR) / "configs";
  std::string text = readFile(configs / "fig4.toml");
  text.replace(text.find("models/fig4.cfg"), std::string("models/fig4.cfg").size(), (configs / "models" / "fig4.cfg").string());
  const auto line = std::count(text.begin(), text.end(), '\n') + 3;  // of `name`
  text += "\n[searcher]\nname = \"bfs\"\n";
  const std::filesystem::path file = test::scratchDir("symtest-searcher") / "run.toml";
  std::filesystem::create_directories(file.parent_path());
  std::ofstream(file) << text;
  CHECK(errorText([&] { (void)loadRunConfig(file, {}, registry); }) ==
        file.string() + ":" + std::to_string(line) +
            ":8: error: strategy 'symtest' takes no searcher, but the run file has a [searcher] section\n"
            "  hint: remove the [searcher] section, or use a strategy that takes one (e.g. 'tree')");
  const std::string unknown = errorText([&] { (void)loadRunConfig(kKeypad, {"searcher.name=bsf"}, registry); });
  CHECK(unknown.find("did you mean 'bfs'?") != std::string::npos);
}
