// A plugin whose descriptor says "solver" but provides no makeSolver factory.
#include <boost/dll/alias.hpp>

#include "symseq/plugin/PluginDescriptor.h"

namespace {
const symseq::PluginDescriptor descriptor{
    .kind = symseq::PluginKind::Solver,
    .name = "broken-solver",
    .version = "1.0",
};
}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
