#include "symseq/plugin/PluginDescriptor.h"

namespace symseq {

std::string_view toString(PluginKind k) {
  switch (k) {
    case PluginKind::Frontend: return "frontend";
    case PluginKind::Solver: return "solver";
    case PluginKind::Strategy: return "strategy";
    case PluginKind::Heuristic: return "heuristic";
    case PluginKind::Searcher: return "searcher";
    case PluginKind::Writer: return "writer";
  }
  return "?";
}

}  // namespace symseq
