// A strategy that proposes nothing, for run-file tests.
#include <boost/dll/alias.hpp>

#include "symseq/plugin/PluginDescriptor.h"
#include "symseq/plugin/Strategy.h"

namespace {

class StubStrategy final : public symseq::Strategy {
 public:
  symseq::GenerationResult generate(const symseq::GenerationJob&) override { return {}; }
};

symseq::PluginPtr<symseq::Strategy> make(const symseq::Options&) { return symseq::makePluginPtr<StubStrategy>(); }

const symseq::OptionSpec options[] = {{"restarts", symseq::OptionType::Int, "0", "an Int option"}};

const symseq::PluginDescriptor descriptor{
    .kind = symseq::PluginKind::Strategy,
    .name = "stub",
    .version = "0.1",
    .summary = "test strategy",
    .options = options,
    .makeStrategy = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
