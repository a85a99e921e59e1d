// A frontend that reads nothing and returns an empty system: lets tests get a run file through
// validation without a real frontend. Declares one option of each type.
#include <boost/dll/alias.hpp>

#include "symseq/plugin/Frontend.h"
#include "symseq/plugin/PluginDescriptor.h"

namespace {

class StubFrontend final : public symseq::Frontend {
 public:
  symseq::TransitionSystem load(const std::filesystem::path&, symseq::ExprContext& ctx) override {
    return symseq::TransitionSystem(ctx);
  }
};

symseq::PluginPtr<symseq::Frontend> make(const symseq::Options&) { return symseq::makePluginPtr<StubFrontend>(); }

const symseq::OptionSpec options[] = {
    {"strict", symseq::OptionType::Bool, "false", "a Bool option"},
    {"unroll", symseq::OptionType::Int, "3", "an Int option"},
    {"dialect", symseq::OptionType::String, "\"plain\"", "a String option"},
    {"include", symseq::OptionType::StringList, "[]", "a StringList option"},
};

const symseq::PluginDescriptor descriptor{
    .kind = symseq::PluginKind::Frontend,
    .name = "stub",
    .version = "0.1",
    .summary = "test frontend",
    .options = options,
    .makeFrontend = &make,
};

}  // namespace

BOOST_DLL_ALIAS(descriptor, symseq_plugin)
