#include "symseq/run/RunConfig.h"

#include <algorithm>
#include <set>

namespace symseq {

bool sameOptions(const Options& a, const Options& b) {
  return std::equal(a.entries().begin(), a.entries().end(), b.entries().begin(), b.entries().end(),
                    [](const auto& x, const auto& y) { return x.first == y.first && x.second.value == y.second.value; });
}

bool operator==(const PluginChoice& a, const PluginChoice& b) {
  return a.name == b.name && sameOptions(a.options, b.options);
}

bool operator==(const TargetConfig& a, const TargetConfig& b) {
  return a.selection == b.selection && a.data == b.data && std::equal(a.names.begin(), a.names.end(), b.names.begin(), b.names.end(),
                                      [](const TargetName& x, const TargetName& y) { return x.name == y.name; });
}

bool operator==(const ExternalsConfig& a, const ExternalsConfig& b) {
  const auto same = [](const auto& x, const auto& y) {
    return std::equal(x.begin(), x.end(), y.begin(), y.end(),
                      [](const auto& p, const auto& q) { return p.first == q.first && p.second.value == q.second.value; });
  };
  return a.library == b.library && a.checkTables == b.checkTables && a.isolated == b.isolated &&
         a.callTimeout == b.callTimeout && same(a.tables, b.tables) && same(a.symbols, b.symbols);
}

bool operator==(const AssumeConfig& a, const AssumeConfig& b) {
  return std::equal(a.constraints.begin(), a.constraints.end(), b.constraints.begin(), b.constraints.end(),
                    [](const auto& p, const auto& q) { return p.text == q.text; });
}

bool operator==(const RunConfig& a, const RunConfig& b) {
  const auto sameBudgets = a.budgets.time == b.budgets.time && a.budgets.solverQueries == b.budgets.solverQueries &&
                           a.budgets.depth == b.budgets.depth;
  return a.seed == b.seed && a.pluginDirs == b.pluginDirs && a.model.file == b.model.file &&
         a.model.frontend == b.model.frontend && a.solver.plugin == b.solver.plugin &&
         a.solver.queryTimeout == b.solver.queryTimeout && a.solver.logSmt2 == b.solver.logSmt2 &&
         a.solver.layers == b.solver.layers && a.solver.validateWith == b.solver.validateWith &&
         a.solver.portfolio == b.solver.portfolio &&
         a.strategy == b.strategy && a.searcher == b.searcher && a.heuristics == b.heuristics && a.targets == b.targets && a.assume == b.assume && a.externals == b.externals && sameBudgets &&
         a.output.dir == b.output.dir && a.output.formats == b.output.formats;
}

}  // namespace symseq
