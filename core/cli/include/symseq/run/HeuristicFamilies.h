#pragma once
// A heuristic is consulted only by plugins that declare its family (PluginDescriptor::family and
// ::consults); a run configuring one that nothing in it consults is refused while its run file is
// read, before any output exists.
#include <vector>

#include "symseq/plugin/Registry.h"
#include "symseq/run/RunConfig.h"

namespace symseq {

// `consulting`: the run's plugins that consult heuristics (its strategy and, when it has one, its
// searcher); the families they consult together are the ones allowed. Throws ConfigError at the
// `name` of the first heuristic of another family, naming the family, the consulting plugins and
// what they consult, with a hint naming heuristics and strategies that would fit.
void checkHeuristicFamilies(const std::vector<const PluginInfo*>& consulting,
                            const std::vector<PluginChoice>& heuristics, const Registry& registry);

}  // namespace symseq
