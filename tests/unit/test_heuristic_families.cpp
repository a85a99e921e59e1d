// A heuristic of a family that none of the run's consulting plugins (its strategy and, when it has
// one, its searcher) consults is refused at its name, with what they consult and what would fit.
#include <doctest/doctest.h>

#include "symseq/plugin/Heuristic.h"
#include "symseq/plugin/Searcher.h"
#include "symseq/plugin/Strategy.h"
#include "symseq/run/HeuristicFamilies.h"

using namespace symseq;

namespace {

PluginPtr<Heuristic> noHeuristic(const Options&) { return {}; }
PluginPtr<Strategy> noStrategy(const Options&) { return {}; }
PluginPtr<Searcher> noSearcher(const Options&) { return {}; }

const char* const kTable[] = {"table"};
const char* const kSearch[] = {"search"};
const char* const kPath[] = {"path"};

void addPlugins(Registry& r) {
  r.addBuiltin({.kind = PluginKind::Heuristic, .name = "h-path", .family = "path", .makeHeuristic = &noHeuristic});
  r.addBuiltin({.kind = PluginKind::Heuristic, .name = "h-table", .family = "table", .makeHeuristic = &noHeuristic});
  r.addBuiltin({.kind = PluginKind::Heuristic, .name = "h-search", .family = "search", .makeHeuristic = &noHeuristic});
  r.addBuiltin({.kind = PluginKind::Strategy, .name = "tree", .consults = kTable, .makeStrategy = &noStrategy});
  r.addBuiltin({.kind = PluginKind::Strategy, .name = "paths", .consults = kPath, .makeStrategy = &noStrategy});
  r.addBuiltin({.kind = PluginKind::Strategy, .name = "plain", .makeStrategy = &noStrategy});
  r.addBuiltin({.kind = PluginKind::Searcher, .name = "scored", .consults = kSearch, .makeSearcher = &noSearcher});
}

PluginChoice heuristic(const std::string& name, std::uint32_t line) {
  return PluginChoice{name, Options{}, SourceLocation{"run.toml", line, 8}};
}

std::string refusal(const Registry& r, const std::vector<const PluginInfo*>& consulting,
                    const std::vector<PluginChoice>& heuristics) {
  try {
    checkHeuristicFamilies(consulting, heuristics, r);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("heuristic families: the strategy's and the searcher's consulted families together are allowed") {
  Registry r;
  addPlugins(r);
  const PluginInfo* tree = &r.info(PluginKind::Strategy, "tree");
  const PluginInfo* scored = &r.info(PluginKind::Searcher, "scored");
  CHECK(refusal(r, {tree, scored}, {heuristic("h-table", 3), heuristic("h-search", 5)}).empty());
  CHECK(refusal(r, {tree}, {heuristic("h-table", 3)}).empty());
  CHECK(refusal(r, {tree, scored}, {heuristic("h-table", 3), heuristic("h-path", 5)}) ==
        "run.toml:5:8: error: heuristic 'h-path' is of family 'path', which strategy 'tree' and searcher 'scored' do not "
        "consult (they consult only 'search' and 'table')\n"
        "  hint: use a heuristic of family 'search' or 'table' (h-search, h-table), or use a strategy that consults "
        "'path' (paths)");
  CHECK(refusal(r, {tree}, {heuristic("h-search", 4)}) ==
        "run.toml:4:8: error: heuristic 'h-search' is of family 'search', which strategy 'tree' does not consult (it "
        "consults only 'table')\n"
        "  hint: use a heuristic of family 'table' (h-table), or use a searcher that consults 'search' (scored)");
}

TEST_CASE("heuristic families: a strategy that consults none refuses every heuristic") {
  Registry r;
  addPlugins(r);
  CHECK(refusal(r, {&r.info(PluginKind::Strategy, "plain")}, {}).empty());
  CHECK(refusal(r, {&r.info(PluginKind::Strategy, "plain")}, {heuristic("h-table", 9)}) ==
        "run.toml:9:8: error: heuristic 'h-table' is of family 'table', which strategy 'plain' does not consult (it "
        "consults no heuristic family)\n"
        "  hint: remove this [[heuristics]] entry, or use a strategy that consults 'table' (tree)");
}
