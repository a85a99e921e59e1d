// A plugin directory's index (symseq/run/PluginIndex.h): the registry registers the plugins it
// describes without opening them, opens one when an instance is first made, and loads whatever
// the index does not describe as it is, as without an index.
#include <doctest/doctest.h>
#include <dlfcn.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include "ScratchDir.h"
#include "symseq/expr/ExprContext.h"
#include "symseq/plugin/Heuristic.h"
#include "symseq/plugin/Registry.h"
#include "symseq/run/PluginIndex.h"
#include "symseq/run/PluginOptions.h"
#include "symseq/solver/Solver.h"

using namespace symseq;
namespace fs = std::filesystem;

namespace {

const fs::path kPlugins = SYMSEQ_TEST_PLUGIN_DIR;

std::string errorText(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "<no error>";
}

// A fresh directory of copies of test plugins: fresh paths, so no other test has opened them.
fs::path dirWith(const std::string& name, std::initializer_list<const char*> files) {
  const fs::path dir = symseq::test::scratchDir("index-" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  for (const char* f : files) fs::copy_file(kPlugins / f, dir / f);
  return fs::canonical(dir);
}

// Whether the dynamic loader has the file open in this process (without opening it).
bool isOpen(const fs::path& file) {
  void* handle = dlopen(file.c_str(), RTLD_NOW | RTLD_NOLOAD);
  if (handle != nullptr) dlclose(handle);
  return handle != nullptr;
}

std::string readText(const fs::path& file) {
  std::ifstream in(file);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

void writeText(const fs::path& file, const std::string& text) { std::ofstream(file) << text; }

void replaceOnce(const fs::path& file, const std::string& from, const std::string& to) {
  std::string text = readText(file);
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), to);
  writeText(file, text);
}

// Every field `symseq plugins` shows, so an index that drops or garbles one fails here.
std::vector<std::string> described(const Registry& r) {
  std::vector<std::string> out;
  for (const PluginInfo& p : r.list()) {
    std::string line = std::string(toString(p.kind)) + "|" + p.name + "|" + p.version + "|" + p.summary + "|" +
                       p.buildId + "|" + p.file.string() + "|" + p.family + "|" + p.defaultSearcher + "|";
    for (const auto& c : p.consults) line += c + ",";
    for (const auto& e : p.extensions) line += e + ",";
    line += "|" + p.defaultStrategy;
    for (const auto& o : p.options)
      line += "|" + o.name + ":" + std::string(toString(o.type)) + "=" + o.defaultValue + " (" + o.help + ")";
    out.push_back(line);
  }
  return out;
}

// A fresh directory of the test plugins with an index that describes them, never opened in this
// process: writing an index opens every plugin (and under AddressSanitizer a plugin once opened
// stays mapped), so the index is written for other copies and carried over with their times.
fs::path indexedDirWith(const std::string& name, std::initializer_list<const char*> files) {
  const fs::path indexed = dirWith(name + "-indexed", files);
  writePluginIndex(indexed);
  const fs::path dir = dirWith(name, files);
  for (const char* f : files) fs::last_write_time(dir / f, fs::last_write_time(indexed / f));
  fs::copy_file(indexed / kPluginIndexFileName, dir / kPluginIndexFileName);
  return dir;
}

const std::initializer_list<const char*> kThree = {"test-inv-depth.so", "test-stub-solver.so",
                                                   "test-stub-strategy.so"};

}  // namespace

TEST_CASE("an indexed directory lists as a loaded one, and opens a plugin only when it is made") {
  const fs::path dir = dirWith("lazy", kThree);
  Registry loaded;
  for (const char* f : kThree) loaded.loadFile(dir / f);
  const fs::path fresh = indexedDirWith("lazy-fresh", kThree);  // same plugins, not opened yet

  Registry indexed;
  indexed.loadDirectory(fresh);
  std::vector<std::string> expected = described(loaded);
  for (auto& line : expected) line.replace(line.find(dir.string()), dir.string().size(), fresh.string());
  CHECK(described(indexed) == expected);
  for (const char* f : kThree) CHECK_FALSE(isOpen(fresh / f));

  // The defaults come from the index too; the first instance opens its file and no other.
  const auto h = indexed.makeHeuristic("inv-depth", defaultOptions(indexed.info(PluginKind::Heuristic, "inv-depth")));
  REQUIRE(h);
  CHECK(isOpen(fresh / "test-inv-depth.so"));
  CHECK_FALSE(isOpen(fresh / "test-stub-solver.so"));
  CHECK_FALSE(isOpen(fresh / "test-stub-strategy.so"));
  ExprContext ctx;
  CHECK(indexed.makeSolver("stub", ctx, Options{}));
  CHECK(isOpen(fresh / "test-stub-solver.so"));
  CHECK_FALSE(isOpen(fresh / "test-stub-strategy.so"));
}

TEST_CASE("a file the index does not describe as it is now is loaded and checked as without an index") {
  const fs::path dir = indexedDirWith("stale", kThree);
  // Rebuilt since: another modification time.
  fs::last_write_time(dir / "test-stub-solver.so", fs::last_write_time(dir / "test-stub-solver.so") + std::chrono::seconds(5));
  // Added since: a plugin built against other headers, refused as it always was.
  fs::copy_file(kPlugins / "test-wrong-abi.so", dir / "test-wrong-abi.so");
  Registry r;
  CHECK(errorText([&] { r.loadDirectory(dir); }) ==
        (dir / "test-wrong-abi.so").string() +
            ": error: plugin built against ABI id 0bad0bad0bad0bad, but this kernel has ABI id " + kAbiIdText +
            "\n  hint: the public headers the plugin was compiled against differ from this kernel's; rebuild the "
            "plugin against this kernel's headers (`symseq version` shows its ABI id)");
  CHECK(isOpen(dir / "test-stub-solver.so"));  // loaded to read its descriptor
  CHECK_FALSE(isOpen(dir / "test-inv-depth.so"));
  CHECK_FALSE(isOpen(dir / "test-stub-strategy.so"));
  CHECK(r.names(PluginKind::Heuristic) == std::vector<std::string>{"inv-depth"});
  CHECK(r.names(PluginKind::Solver) == std::vector<std::string>{"stub"});
}

TEST_CASE("an index of another ABI id, or one that does not parse, is ignored") {
  for (const bool garbled : {false, true}) {
    CAPTURE(garbled);
    const fs::path dir = indexedDirWith(garbled ? "garbled" : "other-abi", kThree);
    const fs::path index = dir / kPluginIndexFileName;
    if (garbled)
      writeText(index, readText(index).substr(0, readText(index).size() / 2) + "\n[[[");
    else
      replaceOnce(index, std::string("symseq-plugin-index\t2\t") + kAbiIdText, "symseq-plugin-index\t2\t0bad0bad0bad0bad");
    Registry r;
    r.loadDirectory(dir);
    CHECK(r.list().size() == 3);
    for (const char* f : kThree) CHECK(isOpen(dir / f));
  }
}

TEST_CASE("an index that says something else than the plugin is refused when the plugin is made") {
  const fs::path dir = dirWith("lying", {"test-inv-depth.so"});
  const fs::path index = writePluginIndex(dir);
  replaceOnce(index, "\tprefers shallow states\t", "\tsomething else\t");
  Registry r;
  r.loadDirectory(dir);
  CHECK(r.info(PluginKind::Heuristic, "inv-depth").summary == "something else");  // a cache is trusted to list
  CHECK(errorText([&] { (void)r.makeHeuristic("inv-depth", Options{}); }) ==
        (dir / "test-inv-depth.so").string() +
            ": error: the plugin's descriptor differs from what the plugin index of its directory says of it "
            "(heuristic plugin 'inv-depth')\n  hint: rewrite the index: symseq plugins --write-index " +
            dir.string());
}

TEST_CASE("the index is written where asked, and names every plugin of the directory") {
  const fs::path dir = dirWith("written", kThree);
  CHECK(writePluginIndex(dir) == dir / kPluginIndexFileName);
  const std::string text = readText(dir / kPluginIndexFileName);
  for (const char* f : kThree) CHECK(text.find(std::string("\nplugin\t") + f + "\t") != std::string::npos);
}

TEST_CASE("indexing a directory refuses a bad plugin as loading it would, and writes nothing") {
  const fs::path dir = dirWith("bad", {"test-inv-depth.so", "test-malformed-descriptor.so"});
  CHECK(errorText([&] { writePluginIndex(dir); }) ==
        (dir / "test-malformed-descriptor.so").string() +
            ": error: malformed plugin descriptor: solver plugin 'broken-solver' has no makeSolver factory\n"
            "  hint: fix the plugin's PluginDescriptor: a kind, a name, exactly the factory of its kind, "
            "well-formed options, a family for a heuristic and consulted families only for a strategy or searcher");
  CHECK_FALSE(fs::exists(dir / kPluginIndexFileName));
  CHECK(errorText([&] { writePluginIndex(dir / "none"); }) ==
        "error: plugin directory '" + (dir / "none").string() +
            "' does not exist or is not a directory\n  hint: name the directory that holds the plugins to index");
}

TEST_CASE("a run opens the plugins and solver library it names and no others" * doctest::test_suite("integration")) {
  // The binary as a user runs it, with the build's plugin directory and its index; the dynamic
  // loader's own log says which files it opened.
  const fs::path out = symseq::test::scratchDir("index-run");
  fs::remove_all(out);
  fs::create_directories(out);
  const std::string command = "LD_DEBUG=files LD_DEBUG_OUTPUT=" + (out / "ld").string() + " " +
                              std::string(SYMSEQ_BINARY_DIR) + "/bin/symseq run " + SYMSEQ_SOURCE_DIR +
                              "/configs/cruise.toml --set 'output.dir=\"" + (out / "run").string() +
                              "\"' > /dev/null 2>&1";
  REQUIRE(std::system(command.c_str()) == 0);
  std::string log;
  for (const auto& e : fs::directory_iterator(out))
    if (e.path().filename().string().rfind("ld", 0) == 0) log += readText(e.path());
  const auto opened = [&](const std::string& name) { return log.find("file=" + name) != std::string::npos; };
  const fs::path plugins = Registry::defaultPluginDir();
  // cruise: the cfg frontend, z3, symtest and the json, text and dot writers.
  for (const char* used : {"symseq-frontend-cfg.so", "symseq-solver-z3.so", "symseq-strategy-symtest.so",
                           "symseq-writer-json.so", "symseq-writer-text.so", "symseq-writer-dot.so"})
    CHECK_MESSAGE(opened((plugins / used).string()), used);
  for (const char* unused : {"symseq-solver-cvc5.so", "symseq-frontend-iosts.so", "symseq-strategy-tree.so",
                             "symseq-writer-graphs.so", "symseq-heuristic-dep.so"})
    CHECK_MESSAGE(!opened((plugins / unused).string()), unused);
  CHECK(log.find("libcvc5") == std::string::npos);
  CHECK(log.find("libz3") != std::string::npos);
}

TEST_CASE("an index keeps a frontend's extensions and default strategy") {
  const std::initializer_list<const char*> frontend = {"test-stub-frontend.so"};
  const fs::path fresh = indexedDirWith("frontend-fresh", frontend);
  Registry indexed;
  indexed.loadDirectory(fresh);
  CHECK(indexed.info(PluginKind::Frontend, "stub").extensions == std::vector<std::string>{".stub"});
  CHECK(indexed.info(PluginKind::Frontend, "stub").defaultStrategy == "stub");
  CHECK_FALSE(isOpen(fresh / "test-stub-frontend.so"));  // read from the index, not the file
}
