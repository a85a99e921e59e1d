// The plugin registry against real shared objects built in tests/plugins.
#include <doctest/doctest.h>

#include <filesystem>
#include <functional>

#include "ScratchDir.h"
#include "symseq/expr/ExprContext.h"
#include "symseq/plugin/Heuristic.h"
#include "symseq/plugin/SearchHeuristic.h"
#include "symseq/plugin/Registry.h"
#include "symseq/plugin/Strategy.h"
#include "symseq/run/PluginOptions.h"
#include "symseq/solver/Solver.h"

using namespace symseq;
namespace fs = std::filesystem;

namespace {

const fs::path kPlugins = SYMSEQ_TEST_PLUGIN_DIR;

fs::path plugin(const char* name) { return kPlugins / name; }

// The full text a user would see, so each test pins the exact message.
std::string errorText(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "<no error>";
}

// A fresh directory of copies of the given test plugins.
fs::path dirWith(const std::string& name, std::initializer_list<const char*> files) {
  const fs::path dir = symseq::test::scratchDir(name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  for (const char* f : files) fs::copy_file(plugin(f), dir / f);
  return dir;
}

double scoreAtDepth(const Heuristic& h, std::uint32_t depth) {
  ExprContext ctx;
  const TransitionSystem model(ctx);
  const StateView s{.model = model, .targets = {}, .covered = {}, .depth = depth, .path = {}};
  return dynamic_cast<const SearchHeuristic&>(h).score(s);
}

}  // namespace

TEST_CASE("a file that is not a shared object is refused before loading") {
  Registry r;
  const fs::path f = plugin("not-a-library.so");
  CHECK(errorText([&] { r.loadFile(f); }) ==
        f.string() + ": error: not a shared object\n"
                     "  hint: a plugin directory may hold only symseq plugins; remove or move this file");
  CHECK_THROWS_AS(r.loadFile(f), PluginError);
}

TEST_CASE("a shared object without descriptor is refused without running it") {
  Registry r;
  const fs::path f = plugin("test-no-descriptor.so");
  CHECK(errorText([&] { r.loadFile(f); }) ==
        f.string() +
            ": error: shared object without a symseq plugin descriptor (no 'symseq_plugin' alias in section "
            "'boostdll')\n"
            "  hint: a plugin exports its PluginDescriptor with BOOST_DLL_ALIAS(descriptor, symseq_plugin); move "
            "other libraries out of the plugin directory");
}

TEST_CASE("a plugin of another ABI id is refused, naming both ids") {
  Registry r;
  const fs::path f = plugin("test-wrong-abi.so");
  CHECK(errorText([&] { r.loadFile(f); }) ==
        f.string() + ": error: plugin built against ABI id 0bad0bad0bad0bad, but this kernel has ABI id " +
            kAbiIdText +
            "\n  hint: the public headers the plugin was compiled against differ from this kernel's; rebuild the "
            "plugin against this kernel's headers (`symseq version` shows its ABI id)");
  CHECK(r.list().empty());
}

TEST_CASE("a malformed descriptor is refused") {
  Registry r;
  const fs::path f = plugin("test-malformed-descriptor.so");
  CHECK(errorText([&] { r.loadFile(f); }) ==
        f.string() +
            ": error: malformed plugin descriptor: solver plugin 'broken-solver' has no makeSolver factory\n"
            "  hint: fix the plugin's PluginDescriptor: a kind, a name, exactly the factory of its kind, "
            "well-formed options, a family for a heuristic and consulted families only for a strategy or searcher");
}

TEST_CASE("a heuristic declares its family, and only strategies and searchers consult families") {
  const auto heuristic = +[](const Options&) -> PluginPtr<Heuristic> { return {}; };
  const auto strategy = +[](const Options&) -> PluginPtr<Strategy> { return {}; };
  const char* const pathAndTable[] = {"path", "table"};
  const char* const pathTwice[] = {"path", "path"};
  const char* const notAKey[] = {"two words"};
  const auto problem = [](const PluginDescriptor& d) {
    Registry r;
    return errorText([&] { r.addBuiltin(d); });
  };
  const std::string prefix = "error: malformed built-in plugin descriptor: ";
  CHECK(problem({.kind = PluginKind::Heuristic, .name = "h", .makeHeuristic = heuristic}) ==
        prefix + "heuristic plugin 'h' declares no family (e.g. \"path\", \"table\" or \"search\")");
  CHECK(problem({.kind = PluginKind::Heuristic, .name = "h", .family = "two words", .makeHeuristic = heuristic}) ==
        prefix + "heuristic plugin 'h': family 'two words' is not a TOML bare key (letters, digits, '_' and '-')");
  CHECK(problem({.kind = PluginKind::Heuristic, .name = "h", .family = "path", .consults = pathAndTable,
                 .makeHeuristic = heuristic}) ==
        prefix + "heuristic plugin 'h' declares families it consults, which only strategies and searchers do");
  CHECK(problem({.kind = PluginKind::Strategy, .name = "s", .family = "path", .makeStrategy = strategy}) ==
        prefix + "strategy plugin 's' declares a family, which only heuristics have");
  CHECK(problem({.kind = PluginKind::Strategy, .name = "s", .consults = pathTwice, .makeStrategy = strategy}) ==
        prefix + "strategy plugin 's' consults family 'path' twice");
  CHECK(problem({.kind = PluginKind::Strategy, .name = "s", .consults = notAKey, .makeStrategy = strategy}) ==
        prefix + "strategy plugin 's' consults a family that is not a TOML bare key (letters, digits, '_' and '-')");

  Registry r;
  r.addBuiltin({.kind = PluginKind::Heuristic, .name = "h", .family = "path", .makeHeuristic = heuristic});
  r.addBuiltin({.kind = PluginKind::Strategy, .name = "s", .consults = pathAndTable, .makeStrategy = strategy});
  CHECK(r.info(PluginKind::Heuristic, "h").family == "path");
  CHECK(r.info(PluginKind::Heuristic, "h").consults.empty());
  CHECK(r.info(PluginKind::Strategy, "s").family.empty());
  CHECK(r.info(PluginKind::Strategy, "s").consults == std::vector<std::string>{"path", "table"});
}

TEST_CASE("a missing plugin file is an error naming it") {
  Registry r;
  CHECK(errorText([&] { r.loadFile(kPlugins / "nope.so"); }) ==
        (kPlugins / "nope.so").string() +
            ": error: no such plugin file\n  hint: check the path given with --plugin-dir or plugin_dirs");
}

TEST_CASE("an exception from a factory becomes a PluginError") {
  Registry r;
  const fs::path f = plugin("test-throwing-factory.so");
  r.loadFile(f);
  CHECK_THROWS_AS((void)r.makeHeuristic("throwing-factory", Options{}), PluginError);
  CHECK(errorText([&] { (void)r.makeHeuristic("throwing-factory", Options{}); }) ==
        f.string() +
            ": error: heuristic plugin 'throwing-factory' failed to create an instance: cannot make a "
            "throwing-factory heuristic\n"
            "  hint: the plugin's factory threw; check its options or report the problem to its author");
}

TEST_CASE("a valid plugin loads, lists without instantiation and makes working instances") {
  Registry r;
  const fs::path f = plugin("test-inv-depth.so");
  r.loadFile(f);
  r.loadFile(f);  // loading the same file again is not a duplicate
  const auto all = r.list();
  REQUIRE(all.size() == 1);
  CHECK((all[0].kind == PluginKind::Heuristic));
  CHECK(all[0].name == "inv-depth");
  CHECK(all[0].version == "1.0");
  CHECK(all[0].summary == "prefers shallow states");
  CHECK(all[0].family == "search");
  CHECK(all[0].buildId == kBuildId);
  CHECK(all[0].file == fs::canonical(f));
  REQUIRE(all[0].options.size() == 1);
  CHECK(std::string(all[0].options[0].name) == "weight");
  CHECK(r.names(PluginKind::Heuristic) == std::vector<std::string>{"inv-depth"});
  CHECK(r.names(PluginKind::Solver).empty());

  const Options defaults = defaultOptions(r.info(PluginKind::Heuristic, "inv-depth"));
  CHECK(defaults.getReal("weight") == 1.0);
  auto h = r.makeHeuristic("inv-depth", defaults);
  CHECK(scoreAtDepth(*h, 0) == 1.0);
  CHECK(scoreAtDepth(*h, 3) == 0.25);
  Options doubled;
  doubled.set("weight", 2.0);
  CHECK(scoreAtDepth(*r.makeHeuristic("inv-depth", doubled), 3) == 0.5);
}

TEST_CASE("an instance keeps its library loaded after the registry is gone") {
  PluginPtr<Heuristic> h;
  {
    Registry r;
    r.loadFile(plugin("test-inv-depth.so"));
    h = r.makeHeuristic("inv-depth", defaultOptions(r.info(PluginKind::Heuristic, "inv-depth")));
  }
  CHECK(scoreAtDepth(*h, 1) == 0.5);  // the code still mapped; ASan would report otherwise
  h.reset();                           // destructor runs before the library is closed
}

TEST_CASE("an unknown plugin name suggests the closest one and lists all") {
  Registry r;
  r.loadFile(plugin("test-inv-depth.so"));
  CHECK(errorText([&] { (void)r.info(PluginKind::Heuristic, "inv-dept"); }) ==
        "error: no heuristic plugin named 'inv-dept'; did you mean 'inv-depth'?\n"
        "  hint: available heuristic plugins: inv-depth");
  ExprContext ctx;
  CHECK(errorText([&] { (void)r.makeSolver("z3", ctx, Options{}); }) ==
        "error: no solver plugin named 'z3'\n"
        "  hint: no solver plugin is installed; add a plugin directory with --plugin-dir or plugin_dirs");
  CHECK_THROWS_AS((void)r.info(PluginKind::Heuristic, "x"), ConfigError);
}

TEST_CASE("the same name from two files is an error naming both") {
  const fs::path dir = dirWith("duplicate", {"test-inv-depth.so"});
  Registry r;
  r.loadFile(plugin("test-inv-depth.so"));
  const fs::path copy = fs::canonical(dir / "test-inv-depth.so");
  CHECK(errorText([&] { r.loadFile(copy); }) ==
        copy.string() + ": error: heuristic plugin 'inv-depth' is already provided by '" +
            fs::canonical(plugin("test-inv-depth.so")).string() +
            "'\n  hint: plugin names must be unique per kind; remove one of the two");
}

TEST_CASE("loadDirectory loads every .so in file-name order and stops at a bad one") {
  Registry good;
  good.loadDirectory(dirWith("good", {"test-stub-solver.so", "test-inv-depth.so", "test-stub-frontend.so"}));
  const auto all = good.list();
  REQUIRE(all.size() == 3);  // sorted by kind, then name
  CHECK((all[0].kind == PluginKind::Frontend));
  CHECK((all[1].kind == PluginKind::Solver));
  CHECK((all[2].kind == PluginKind::Heuristic));

  const fs::path bad = dirWith("bad", {"test-inv-depth.so", "test-no-descriptor.so", "test-wrong-abi.so"});
  Registry r;
  CHECK_THROWS_WITH_AS(r.loadDirectory(bad), doctest::Contains("test-no-descriptor.so: error"), PluginError);
  CHECK(r.names(PluginKind::Heuristic) == std::vector<std::string>{"inv-depth"});  // loaded before the bad one

  CHECK_THROWS_AS(r.loadDirectory(kPlugins / "no-such-dir"), PluginError);
}

TEST_CASE("the default plugin directory is next to the kernel library") {
  const fs::path dir = Registry::defaultPluginDir();
  CHECK(dir.filename() == "plugins");
  CHECK(dir.parent_path().filename() == "symseq");
  CHECK(dir.parent_path().parent_path() == fs::path(SYMSEQ_BINARY_DIR) / "lib");
}
