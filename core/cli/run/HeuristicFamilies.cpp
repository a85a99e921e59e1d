#include "symseq/run/HeuristicFamilies.h"

#include <algorithm>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <map>
#include <set>

namespace symseq {

namespace {

// 'path', or 'search' and 'table' (with `word` "and" or "or").
std::string quoted(const std::set<std::string>& families, std::string_view word) {
  std::vector<std::string> out;
  for (const std::string& f : families) out.push_back("'" + f + "'");
  return fmt::format("{}", fmt::join(out, fmt::format(" {} ", word)));
}

bool consults(const PluginInfo& p, const std::string& family) {
  return std::find(p.consults.begin(), p.consults.end(), family) != p.consults.end();
}

// "use a heuristic of family 'path' (permute-edges, ...), or use a strategy that consults 'table' (bfs, ...)".
std::string hint(const std::set<std::string>& allowed, const std::string& family, const Registry& registry) {
  std::vector<std::string> fitting;
  std::map<PluginKind, std::vector<std::string>> alternatives;  // strategies, then searchers
  for (const PluginInfo& p : registry.list()) {
    if (p.kind == PluginKind::Heuristic && allowed.contains(p.family)) fitting.push_back(p.name);
    if (p.kind != PluginKind::Heuristic && consults(p, family)) alternatives[p.kind].push_back(p.name);
  }
  std::string text = allowed.empty() ? "remove this [[heuristics]] entry"
                                     : "use a heuristic of family " + quoted(allowed, "or") +
                                           (fitting.empty() ? "" : fmt::format(" ({})", fmt::join(fitting, ", ")));
  for (const auto& [kind, names] : alternatives)
    text += fmt::format(", or use a {} that consults '{}' ({})", toString(kind), family, fmt::join(names, ", "));
  return text;
}

}  // namespace

void checkHeuristicFamilies(const std::vector<const PluginInfo*>& consulting,
                            const std::vector<PluginChoice>& heuristics, const Registry& registry) {
  std::set<std::string> allowed;
  std::vector<std::string> who;
  for (const PluginInfo* p : consulting) {
    allowed.insert(p->consults.begin(), p->consults.end());
    who.push_back(std::string(toString(p->kind)) + " '" + p->name + "'");
  }
  const bool several = consulting.size() > 1;
  for (const PluginChoice& h : heuristics) {
    const std::string& family = registry.info(PluginKind::Heuristic, h.name).family;
    if (allowed.contains(family)) continue;
    const std::string consulted =
        allowed.empty() ? (several ? "they consult no heuristic family" : "it consults no heuristic family")
                        : (several ? "they consult only " : "it consults only ") + quoted(allowed, "and");
    throw ConfigError(fmt::format("heuristic '{}' is of family '{}', which {} {} not consult ({})", h.name, family,
                                  fmt::join(who, " and "), several ? "do" : "does", consulted),
                      h.where, hint(allowed, family, registry));
  }
}

}  // namespace symseq
