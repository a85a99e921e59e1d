// A heuristic plugin whose factory throws, to check the registry converts the exception while
// the library is still loaded.
#include <boost/dll/alias.hpp>
#include <stdexcept>

#include "symseq/plugin/Heuristic.h"
#include "symseq/plugin/PluginDescriptor.h"

namespace {

symseq::PluginPtr<symseq::Heuristic> make(const symseq::Options&) {
  throw std::runtime_error("cannot make a throwing-factory heuristic");
}

const symseq::PluginDescriptor descriptor{
    .kind = symseq::PluginKind::Heuristic,
    .name = "throwing-factory",
    .version = "1.0",
    .family = "search",
    .makeHeuristic = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
